export * from "./legal-caps";
