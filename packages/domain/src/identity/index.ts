export * from "./address";
export * from "./customer";
export * from "./id-number";
export * from "./identity";
