export * from "./balances";
export * from "./entry";
