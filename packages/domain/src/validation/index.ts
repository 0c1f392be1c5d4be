export * from "./issues";
