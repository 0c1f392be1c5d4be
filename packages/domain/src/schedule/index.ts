export * from "./schedule";
