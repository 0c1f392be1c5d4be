export * from "./status";
