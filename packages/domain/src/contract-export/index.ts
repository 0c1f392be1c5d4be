export * from "./contract-export";
export * from "./contract-pdf";
