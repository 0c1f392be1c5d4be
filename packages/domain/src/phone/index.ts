export * from "./phone";
