export * from "./jurisdiction";
