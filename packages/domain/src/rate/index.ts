export * from "./cost-of-credit";
export * from "./xirr";
