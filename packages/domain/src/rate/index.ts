export * from "./cost-of-credit";
export * from "./simple-rate";
