export * from "./upload";
