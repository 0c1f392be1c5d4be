export * from "./format-money";
export * from "./money";
