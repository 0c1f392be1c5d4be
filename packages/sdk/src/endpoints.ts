import {
  contractDraftSchema,
  contractSchema,
  contractTemplateSchema,
  customerInfoSchema,
  emergencyContactsRequestSchema,
  lenderStatisticsSchema,
  lenderStatisticsWindowsSchema,
  loginRequestSchema,
  offlineLoanRecordSchema,
  personalDetailsSchema,
  sendCodeRequestSchema,
  sharedDebtInfoSchema,
  sharedDebtQuerySchema,
  templateDraftSchema,
  templateQuerySchema,
  uploadedFileSchema,
} from "@chayong/domain";
import * as v from "valibot";
import { cashUserSchema, loginAnswerSchema, sendCodeAnswerSchema } from "./schemas/auth";
import { byIdRequestSchema, emptyRequestSchema, noBodySchema } from "./schemas/common";
import { serviceConfigAnswerSchema, serviceConfigRequestSchema } from "./schemas/config";
import {
  blockRequestSchema,
  cancelAnswerSchema,
  contractDocumentSchema,
  contractLedgerSchema,
  contractPageSchema,
  contractQuerySchema,
  contractUpdateRequestSchema,
  openContractRequestSchema,
  renewContractRequestSchema,
  reverseLedgerEntryRequestSchema,
  signContractRequestSchema,
} from "./schemas/contract";
import {
  deviceInfoRequestSchema,
  faceCompareAnswerSchema,
  faceCompareRequestSchema,
  ocrCheckAnswerSchema,
  ocrCheckRequestSchema,
  userDetailSchema,
} from "./schemas/identity";

/**
 * Who may call an endpoint:
 * - `public`: anyone, no session;
 * - `user`: any signed-in user (the handler then shows each only what is theirs);
 * - `lender`: signed-in lenders only;
 * - `borrower`: signed-in borrowers only (every account that is not a lender).
 */
export type Access = "public" | "user" | "lender" | "borrower";

export type HttpMethod = "GET" | "POST";

// biome-ignore lint/suspicious/noExplicitAny: valibot's generic schema needs its type slots open
export type AnySchema = v.GenericSchema<any, any, any>;

export interface EndpointDefinition<
  TRequest extends AnySchema = AnySchema,
  TAnswer extends AnySchema = AnySchema,
> {
  method: HttpMethod;
  /** Relative to the API base URL (absolute path), or to the file base URL for uploads. */
  path: string;
  access: Access;
  /**
   * How the call travels: `envelope` (encrypted payload, encrypted envelope answer), `raw`
   * (encrypted payload, the answer used as it is: HTML) or `multipart` (a file upload).
   */
  wire: "envelope" | "raw" | "multipart";
  /** False while the server side is still to come; the API is designed once, now. */
  implemented: boolean;
  summary: string;
  request: TRequest;
  answer: TAnswer;
}

/** Keeps each definition's literal types (access, wire, implemented, its schemas). */
function endpoint<const D extends EndpointDefinition>(definition: D): D {
  return definition;
}

/**
 * Every endpoint of the product, once: spec §7, the paths decisions §3 adds, and the ones the
 * product needs beyond the spec (open by share code, unblock, ledger, offline loans, reversal).
 * Reads are GET, everything else POST (decisions §3). The server registers its routes from this
 * table and the client below calls through it, so the two cannot drift.
 */
export const endpoints = {
  auth: {
    sendCode: endpoint({
      method: "POST",
      path: "/auth/v3.1/user/sendVerifiyCode",
      access: "public",
      wire: "envelope",
      implemented: true,
      summary:
        "Send a 6-digit login code by SMS (60 s cooldown, 5 per phone per hour, per-IP limit).",
      request: sendCodeRequestSchema,
      answer: sendCodeAnswerSchema,
    }),
    login: endpoint({
      method: "POST",
      path: "/auth/v3/user/login",
      access: "public",
      wire: "envelope",
      implemented: true,
      summary: "Log in with phone and code; answers the session token and loginInfo.",
      request: loginRequestSchema,
      answer: loginAnswerSchema,
    }),
    logout: endpoint({
      method: "POST",
      path: "/auth/v1/user/loginOut",
      access: "user",
      wire: "envelope",
      implemented: true,
      summary: "Revoke the session token of the call.",
      request: emptyRequestSchema,
      answer: noBodySchema,
    }),
  },
  user: {
    current: endpoint({
      method: "GET",
      path: "/api/v3/user/queryCashUser",
      access: "user",
      wire: "envelope",
      implemented: true,
      summary: "The signed-in user: role, phone and (lenders) the lender profile.",
      request: emptyRequestSchema,
      answer: cashUserSchema,
    }),
    deviceInfo: endpoint({
      method: "POST",
      path: "/api/v3/user/deviceInfo",
      access: "user",
      wire: "envelope",
      implemented: false,
      summary: "Report the device the app runs on.",
      request: deviceInfoRequestSchema,
      answer: noBodySchema,
    }),
  },
  identity: {
    uploadImage: endpoint({
      method: "POST",
      path: "upload/image",
      access: "user",
      wire: "multipart",
      implemented: false,
      summary: "Upload one image (multipart field 'file'; JPEG/PNG/WebP, 10 MB max).",
      request: emptyRequestSchema,
      answer: uploadedFileSchema,
    }),
    faceCompare: endpoint({
      method: "POST",
      path: "/api/v3/userAuth/faceCompare",
      access: "borrower",
      wire: "envelope",
      implemented: false,
      summary: "Compare the live face capture with the ID card photo.",
      request: faceCompareRequestSchema,
      answer: faceCompareAnswerSchema,
    }),
    ocrCheck: endpoint({
      method: "POST",
      path: "/api/v3/userAuth/ocrCheck",
      access: "borrower",
      wire: "envelope",
      implemented: false,
      summary: "Read the ID card text to prefill the personal details.",
      request: ocrCheckRequestSchema,
      answer: ocrCheckAnswerSchema,
    }),
    ocrConfirm: endpoint({
      method: "POST",
      path: "/api/v3/userAuth/ocrConfirm",
      access: "borrower",
      wire: "envelope",
      implemented: false,
      summary: "Confirm the identity details and ID card photos.",
      request: personalDetailsSchema,
      answer: noBodySchema,
    }),
    addEmergencyContacts: endpoint({
      method: "POST",
      path: "/api/v3/emergencyContact/add",
      access: "borrower",
      wire: "envelope",
      implemented: false,
      summary: "Save exactly two emergency contacts.",
      request: emergencyContactsRequestSchema,
      answer: noBodySchema,
    }),
    userDetail: endpoint({
      method: "GET",
      path: "/api/v3/userAuth/queryUserDetail",
      access: "borrower",
      wire: "envelope",
      implemented: false,
      summary: "The borrower's own verification progress and details (ID number masked).",
      request: emptyRequestSchema,
      answer: userDetailSchema,
    }),
  },
  contract: {
    add: endpoint({
      method: "POST",
      path: "/api/v1/contract/add",
      access: "lender",
      wire: "envelope",
      implemented: true,
      summary:
        "Create a contract (every domain rule and the legal cap); answers it with its share link.",
      request: contractDraftSchema,
      answer: contractSchema,
    }),
    query: endpoint({
      method: "GET",
      path: "/api/v1/contract/query",
      access: "user",
      wire: "envelope",
      implemented: true,
      summary:
        "List contracts, newest first, by status and type: a lender its own, a borrower those addressed to its phone that it opened.",
      request: contractQuerySchema,
      answer: contractPageSchema,
    }),
    detail: endpoint({
      method: "GET",
      path: "/api/v1/contract/detail",
      access: "user",
      wire: "envelope",
      implemented: true,
      summary:
        "One contract by id, as the list shows it (a cancelled one flagged `cancelled`): to its lender or the borrower who opened it; an audited view.",
      request: byIdRequestSchema,
      answer: contractSchema,
    }),
    open: endpoint({
      method: "POST",
      path: "/api/v1/contract/open",
      access: "borrower",
      wire: "envelope",
      implemented: true,
      summary:
        "Open a contract by its share code; binds the borrower logged in with its phone (type1 -> type2).",
      request: openContractRequestSchema,
      answer: contractSchema,
    }),
    view: endpoint({
      method: "GET",
      path: "/api/v1/contract/view",
      access: "user",
      wire: "raw",
      implemented: true,
      summary:
        "The contract document as HTML (parties, terms, schedule, rate; signature once signed).",
      request: byIdRequestSchema,
      answer: contractDocumentSchema,
    }),
    sign: endpoint({
      method: "POST",
      path: "/api/v1/contract/sign",
      access: "borrower",
      wire: "envelope",
      implemented: true,
      summary: "Sign with a PNG signature, once (a second attempt answers 409).",
      request: signContractRequestSchema,
      answer: contractSchema,
    }),
    cancel: endpoint({
      method: "POST",
      path: "/api/v1/contract/cancel",
      access: "lender",
      wire: "envelope",
      implemented: true,
      summary: "Cancel (delete) a contract before it is signed; it is kept, hidden from lists.",
      request: byIdRequestSchema,
      answer: cancelAnswerSchema,
    }),
    update: endpoint({
      method: "POST",
      path: "/api/v1/contract/upt",
      access: "lender",
      wire: "envelope",
      implemented: false,
      summary: "Write-off (partial repayment) and/or waiver on one instalment.",
      request: contractUpdateRequestSchema,
      answer: contractSchema,
    }),
    renew: endpoint({
      method: "POST",
      path: "/api/v1/contract/renew",
      access: "lender",
      wire: "envelope",
      implemented: false,
      summary: "Move an instalment's due date later (renewal).",
      request: renewContractRequestSchema,
      answer: contractSchema,
    }),
    reverse: endpoint({
      method: "POST",
      path: "/api/v1/contract/reverse",
      access: "lender",
      wire: "envelope",
      implemented: false,
      summary: "Reverse a wrong ledger entry with a new entry (never an edit).",
      request: reverseLedgerEntryRequestSchema,
      answer: contractSchema,
    }),
    ledger: endpoint({
      method: "GET",
      path: "/api/v1/contract/ledger",
      access: "user",
      wire: "envelope",
      implemented: false,
      summary: "The money events of a contract, oldest first.",
      request: byIdRequestSchema,
      answer: contractLedgerSchema,
    }),
    userDetails: endpoint({
      method: "GET",
      path: "/api/v1/contract/userDetails",
      access: "lender",
      wire: "envelope",
      implemented: false,
      summary: "Customer info of a contract's borrower (audited view of personal data).",
      request: byIdRequestSchema,
      answer: customerInfoSchema,
    }),
    block: endpoint({
      method: "POST",
      path: "/api/v1/contract/black",
      access: "lender",
      wire: "envelope",
      implemented: false,
      summary: "Block a phone from this lender's new contracts.",
      request: blockRequestSchema,
      answer: noBodySchema,
    }),
    unblock: endpoint({
      method: "POST",
      path: "/api/v1/contract/unblock",
      access: "lender",
      wire: "envelope",
      implemented: false,
      summary: "Lift a block.",
      request: blockRequestSchema,
      answer: noBodySchema,
    }),
    statistics: endpoint({
      method: "GET",
      path: "/api/v1/contract/statistics",
      access: "lender",
      wire: "envelope",
      implemented: false,
      summary: "Dashboard figures: all-time and today, split total / single / instalment.",
      request: emptyRequestSchema,
      answer: lenderStatisticsSchema,
    }),
    statisticsWindows: endpoint({
      method: "GET",
      path: "/api/v2/contract/statistics",
      access: "lender",
      wire: "envelope",
      implemented: false,
      summary: "Today / 3-day / 7-day windows and the shared-debt summary of the lender's book.",
      request: emptyRequestSchema,
      answer: lenderStatisticsWindowsSchema,
    }),
    sharedDebt: endpoint({
      method: "POST",
      path: "/api/v1/contract/sharedDebt",
      access: "lender",
      wire: "envelope",
      implemented: false,
      summary: "Shared-debt lookup by phone and ID number: aggregates only, audited, rate-limited.",
      request: sharedDebtQuerySchema,
      answer: sharedDebtInfoSchema,
    }),
    reportOfflineLoan: endpoint({
      method: "POST",
      path: "/api/v1/contract/offlineLoan",
      access: "lender",
      wire: "envelope",
      implemented: false,
      summary: "Report a loan made outside the app (shared-debt offline figures).",
      request: offlineLoanRecordSchema,
      answer: noBodySchema,
    }),
  },
  template: {
    add: endpoint({
      method: "POST",
      path: "/api/v1/template/add",
      access: "lender",
      wire: "envelope",
      implemented: true,
      summary: "Create a contract template.",
      request: templateDraftSchema,
      answer: contractTemplateSchema,
    }),
    query: endpoint({
      method: "GET",
      path: "/api/v1/template/query",
      access: "lender",
      wire: "envelope",
      implemented: true,
      summary: "The lender's templates, newest first, searched by name.",
      request: templateQuerySchema,
      answer: v.array(contractTemplateSchema),
    }),
    remove: endpoint({
      method: "POST",
      path: "/api/v1/template/remove",
      access: "lender",
      wire: "envelope",
      implemented: true,
      summary: "Remove one of the lender's templates.",
      request: byIdRequestSchema,
      answer: noBodySchema,
    }),
  },
  config: {
    service: endpoint({
      method: "GET",
      path: "/api/v1/config",
      access: "public",
      wire: "envelope",
      implemented: true,
      summary:
        "Customer-service config (configKey 'line'): extInfoJSON with line_img, line, line_url.",
      request: serviceConfigRequestSchema,
      answer: serviceConfigAnswerSchema,
    }),
  },
} as const;

export type Endpoints = typeof endpoints;
export type Area = keyof Endpoints;

/** `area.name`, e.g. `contract.add`. */
export type EndpointId = {
  [A in Area]: `${A}.${Extract<keyof Endpoints[A], string>}`;
}[Area];

type Lookup<Id extends EndpointId> = Id extends `${infer A extends Area}.${infer N}`
  ? N extends keyof Endpoints[A]
    ? Endpoints[A][N]
    : never
  : never;

export type EndpointOf<Id extends EndpointId> = Lookup<Id>;

/** Ids of the endpoints the server answers today. */
export type ImplementedEndpointId = {
  [Id in EndpointId]: Lookup<Id> extends { implemented: true } ? Id : never;
}[EndpointId];

export type RequestInput<Id extends EndpointId> = v.InferInput<Lookup<Id>["request"]>;
export type RequestOutput<Id extends EndpointId> = v.InferOutput<Lookup<Id>["request"]>;
export type Answer<Id extends EndpointId> = v.InferOutput<Lookup<Id>["answer"]>;

export interface EndpointEntry extends EndpointDefinition {
  id: EndpointId;
  area: Area;
  name: string;
}

/** The table as a list, in declaration order. */
export const endpointList: readonly EndpointEntry[] = Object.entries(endpoints).flatMap(
  ([area, group]) =>
    Object.entries(group as Record<string, EndpointDefinition>).map(([name, definition]) => ({
      ...definition,
      id: `${area}.${name}` as EndpointId,
      area: area as Area,
      name,
    })),
);

export function findEndpoint(id: EndpointId): EndpointEntry {
  const entry = endpointList.find((candidate) => candidate.id === id);
  if (entry === undefined) throw new Error(`unknown endpoint ${id}`);
  return entry;
}
