export * from "./context";
export * from "./money-operation";
export * from "./renewal";
export * from "./reversal";
