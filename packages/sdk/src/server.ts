// `@chayong/sdk/server`: everything of `@chayong/sdk` plus the full endpoint table, each entry
// with its request schema (the server validates every request against it), and the generated
// reference. Browser code imports `@chayong/sdk`, which carries no request schema.

export { renderApiReference } from "./api-reference";
export * from "./index";
export { requestSchemas } from "./requests";
export * from "./schemas/api-key-requests";
export * from "./schemas/config-requests";
export * from "./schemas/contract-requests";
export * from "./schemas/identity-requests";
export { type EndpointEntry, endpointList, findEndpoint } from "./table";
