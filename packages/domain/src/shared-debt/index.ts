export * from "./shared-debt";
export * from "./summary";
