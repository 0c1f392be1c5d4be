export * from "./context";
export * from "./fields";
export * from "./renewal";
export * from "./repayment";
export * from "./reversal";
