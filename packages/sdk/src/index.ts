export {
  type Api,
  type ApiOptions,
  type CallOptions,
  createApi,
  type EndpointFunction,
  readCustomerService,
  type UploadCallOptions,
} from "./api";
export { renderApiReference } from "./api-reference";
export {
  type Access,
  type Answer,
  type AnySchema,
  type Area,
  type EndpointDefinition,
  type EndpointEntry,
  type EndpointId,
  type EndpointOf,
  type Endpoints,
  endpointList,
  endpoints,
  findEndpoint,
  type HttpMethod,
  type ImplementedEndpointId,
  type RequestInput,
  type RequestOutput,
} from "./endpoints";
export * from "./schemas/auth";
export * from "./schemas/common";
export * from "./schemas/config";
export * from "./schemas/contract";
export * from "./schemas/identity";
