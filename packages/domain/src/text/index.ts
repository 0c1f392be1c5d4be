export * from "./text";
