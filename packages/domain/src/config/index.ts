export * from "./config";
