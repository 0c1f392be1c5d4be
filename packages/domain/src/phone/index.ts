export * from "./display";
export * from "./phone";
