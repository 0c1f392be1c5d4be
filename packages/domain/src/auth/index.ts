export * from "./login";
