export * from "./contract";
export * from "./contract-number";
export * from "./draft";
