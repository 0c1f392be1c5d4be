export {
  type Api,
  type ApiOptions,
  type CallOptions,
  checkEndpointAnswer,
  createApi,
  type EndpointFunction,
  readCustomerService,
  type UploadCallOptions,
} from "./api";
export {
  type Access,
  type Answer,
  type AnySchema,
  type Area,
  creationEndpointIds,
  type EndpointDefinition,
  type EndpointId,
  type EndpointOf,
  type Endpoints,
  endpoints,
  type HttpMethod,
  type ImplementedEndpointId,
} from "./endpoints";
export type {
  RequestInput,
  RequestOutput,
  RequestSchemas,
  RequestSchemaTable,
} from "./requests";
export type { CreateApiKeyRequest } from "./schemas/api-key-requests";
export * from "./schemas/api-keys";
export * from "./schemas/auth";
export * from "./schemas/common";
export * from "./schemas/config";
export * from "./schemas/contract";
export type {
  ContractExportQuery,
  ContractQuery,
  SignContractRequest,
} from "./schemas/contract-requests";
export * from "./schemas/identity";
