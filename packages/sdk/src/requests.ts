import {
  contractDraftSchema,
  emergencyContactsRequestSchema,
  loginRequestSchema,
  offlineLoanCorrectionSchema,
  offlineLoanRecordSchema,
  personalDetailsSchema,
  sendCodeRequestSchema,
  sharedDebtQuerySchema,
  templateDraftSchema,
  templateQuerySchema,
} from "@chayong/domain";
import type * as v from "valibot";
import type { AnySchema, Area, EndpointId, Endpoints } from "./endpoints";
import { createApiKeyRequestSchema } from "./schemas/api-key-requests";
import { byIdRequestSchema, emptyRequestSchema } from "./schemas/common";
import { serviceConfigRequestSchema } from "./schemas/config-requests";
import {
  blockRequestSchema,
  contractExportQuerySchema,
  contractQuerySchema,
  creationRequest,
  faceReviewRequestSchema,
  noticeListRequestSchema,
  openContractRequestSchema,
  remindersRequestSchema,
  renewContractRequestSchema,
  repayContractRequestSchema,
  reverseLedgerEntryRequestSchema,
  signContractRequestSchema,
  unblockRequestSchema,
} from "./schemas/contract-requests";
import {
  deviceInfoRequestSchema,
  faceCompareRequestSchema,
  ocrCheckRequestSchema,
  registerUploadRequestSchema,
} from "./schemas/identity-requests";

/** One request schema per endpoint of the table: none missing, none extra. */
export type RequestSchemaTable = {
  readonly [A in Area]: { readonly [N in keyof Endpoints[A]]: AnySchema };
};

/**
 * The request schema of every endpoint, keyed like the endpoint table (src/endpoints.ts).
 * Kept apart from the table because the client never validates its own requests (the server
 * does): the browser bundle then carries none of these rules (phone numbers, drafts...). The
 * server reads them through `@chayong/sdk/server`; the client only takes their types.
 */
/**
 * The contract area's request schemas, declared on their own: with them inline, the table's
 * inferred type grows past what the declaration build can write out.
 */
export const contractRequestSchemas = {
  add: creationRequest(contractDraftSchema),
  query: contractQuerySchema,
  export: contractExportQuerySchema,
  detail: byIdRequestSchema,
  open: openContractRequestSchema,
  view: byIdRequestSchema,
  pdf: byIdRequestSchema,
  statement: byIdRequestSchema,
  sign: signContractRequestSchema,
  reissueLink: byIdRequestSchema,
  reminders: remindersRequestSchema,
  cancel: byIdRequestSchema,
  repay: repayContractRequestSchema,
  renew: renewContractRequestSchema,
  reverse: reverseLedgerEntryRequestSchema,
  ledger: byIdRequestSchema,
  userDetails: byIdRequestSchema,
  faceReview: faceReviewRequestSchema,
  block: creationRequest(blockRequestSchema),
  unblock: unblockRequestSchema,
  blockList: emptyRequestSchema,
  statistics: emptyRequestSchema,
  statisticsWindows: emptyRequestSchema,
  sharedDebt: sharedDebtQuerySchema,
  reportOfflineLoan: creationRequest(offlineLoanRecordSchema),
  offlineLoanList: emptyRequestSchema,
  correctOfflineLoan: offlineLoanCorrectionSchema,
  withdrawOfflineLoan: byIdRequestSchema,
} as const;

const areaRequestSchemas = {
  auth: {
    sendCode: sendCodeRequestSchema,
    login: loginRequestSchema,
    logout: emptyRequestSchema,
  },
  user: {
    current: emptyRequestSchema,
    deviceInfo: deviceInfoRequestSchema,
  },
  identity: {
    uploadImage: emptyRequestSchema,
    uploadCredentials: emptyRequestSchema,
    registerUpload: registerUploadRequestSchema,
    // The server chooses the action.
    livenessChallenge: emptyRequestSchema,
    faceCompare: faceCompareRequestSchema,
    ocrCheck: ocrCheckRequestSchema,
    ocrConfirm: personalDetailsSchema,
    addEmergencyContacts: emergencyContactsRequestSchema,
    userDetail: emptyRequestSchema,
  },
  notice: {
    list: noticeListRequestSchema,
  },
  template: {
    add: creationRequest(templateDraftSchema),
    query: templateQuerySchema,
    remove: byIdRequestSchema,
  },
  apiKey: {
    create: creationRequest(createApiKeyRequestSchema),
    list: emptyRequestSchema,
    revoke: byIdRequestSchema,
  },
  config: {
    service: serviceConfigRequestSchema,
  },
  document: {
    verify: emptyRequestSchema,
  },
} as const;

export const requestSchemas: typeof areaRequestSchemas & {
  readonly contract: typeof contractRequestSchemas;
} = (() => {
  // In the endpoint table's order (the API reference lists them so).
  const { auth, user, identity, ...after } = areaRequestSchemas;
  return { auth, user, identity, contract: contractRequestSchemas, ...after };
})();
// None missing, none extra: a table that drifts from the endpoints fails to compile here.
requestSchemas satisfies RequestSchemaTable;

export type RequestSchemas = typeof requestSchemas;

type RequestSchemaOf<Id extends EndpointId> = Id extends `${infer A extends Area}.${infer N}`
  ? N extends keyof RequestSchemas[A]
    ? RequestSchemas[A][N]
    : never
  : never;

export type RequestInput<Id extends EndpointId> = v.InferInput<RequestSchemaOf<Id>>;
export type RequestOutput<Id extends EndpointId> = v.InferOutput<RequestSchemaOf<Id>>;
