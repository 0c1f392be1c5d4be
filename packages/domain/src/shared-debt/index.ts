export * from "./shared-debt";
