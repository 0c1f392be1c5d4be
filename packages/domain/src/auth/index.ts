export * from "./login";
export * from "./login-fields";
