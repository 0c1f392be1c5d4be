export * from "./id-number";
export * from "./identity";
