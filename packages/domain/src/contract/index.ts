export * from "./contract";
export * from "./draft";
