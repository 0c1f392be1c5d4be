import {
  contractTemplateSchema,
  lenderStatisticsSchema,
  lenderStatisticsWindowsSchema,
  noticeSchema,
  offlineLoanReportListSchema,
  offlineLoanReportSchema,
  sharedDebtInfoSchema,
  uploadedFileSchema,
} from "@chayong/domain";
import * as v from "valibot";
import { apiKeySchema, createdApiKeySchema } from "./schemas/api-keys";
import { cashUserSchema, loginAnswerSchema, sendCodeAnswerSchema } from "./schemas/auth";
import { noBodySchema } from "./schemas/common";
import { serviceConfigAnswerSchema } from "./schemas/config";
import {
  blockListSchema,
  cancelAnswerSchema,
  contractAnswerSchema,
  contractDetailSchema,
  contractDocumentSchema,
  contractExportCsvSchema,
  contractLedgerSchema,
  contractPageSchema,
  contractPdfSchema,
  documentVerificationSchema,
} from "./schemas/contract";
import {
  customerDetailSchema,
  faceCompareAnswerSchema,
  livenessChallengeAnswerSchema,
  ocrCheckAnswerSchema,
  uploadCredentialsAnswerSchema,
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

/**
 * One endpoint: how it is reached and what it answers. Its request schema lives in
 * src/requests.ts under the same id (the server validates requests; the client only answers).
 */
export interface EndpointDefinition<TAnswer extends AnySchema = AnySchema> {
  method: HttpMethod;
  /** Relative to the API base URL (absolute path), or to the file base URL for uploads. */
  path: string;
  access: Access;
  /**
   * `read`: the call changes nothing (it may record that it was made: an audited view, a rate
   * limit); `write`: it changes something. A `read` API key may call only `read` endpoints.
   */
  effect: "read" | "write";
  /**
   * False where an API key is refused whatever its scope (envelope 403): the interactive login
   * (SMS code, login, logout), the uploads, and the management of API keys themselves, so a
   * leaked key cannot make or keep itself another. Absent: a key may call it as its lender.
   */
  apiKeys?: false;
  /**
   * How the call travels: `envelope` (encrypted payload, encrypted envelope answer), `raw`
   * (encrypted payload, the answer used as it is: HTML), `csv` (encrypted payload, the answer a
   * CSV download: `text/csv`, UTF-8 with a byte-order mark, streamed; the client reads it as
   * text, whose decoding drops the BOM), `pdf` (encrypted payload, the answer a PDF download:
   * `application/pdf`, read as bytes) or `multipart` (a file upload). `raw`, `csv` and `pdf`
   * answer their failures as a plain JSON envelope.
   */
  wire: "envelope" | "raw" | "csv" | "pdf" | "multipart";
  /** False while the server side is still to come; the API is designed once, now. */
  implemented: boolean;
  summary: string;
  answer: TAnswer;
}

/** Keeps each definition's literal types (access, wire, implemented, its answer schema). */
function endpoint<const D extends EndpointDefinition>(definition: D): D {
  return definition;
}

/**
 * Every endpoint of the product, once: docs/wire-protocol.md#endpoints (the specification's paths and the ones this project adds), and the ones the
 * product needs beyond the spec (open by share code, unblock, ledger, offline loans, reversal).
 * Reads are GET, everything else POST (docs/wire-protocol.md#requests). The server registers its routes from this
 * table (joined with src/requests.ts in `@chayong/sdk/server`) and the client calls through it,
 * so the two cannot drift.
 */
export const endpoints = {
  auth: {
    sendCode: endpoint({
      method: "POST",
      path: "/auth/v3.1/user/sendVerifiyCode",
      access: "public",
      effect: "write",
      apiKeys: false,
      wire: "envelope",
      implemented: true,
      summary:
        "Send a 6-digit login code by SMS (60 s cooldown, 5 per phone per hour, per-IP limit).",
      answer: sendCodeAnswerSchema,
    }),
    login: endpoint({
      method: "POST",
      path: "/auth/v3/user/login",
      access: "public",
      effect: "write",
      apiKeys: false,
      wire: "envelope",
      implemented: true,
      summary: "Log in with phone and code; answers the session token and loginInfo.",
      answer: loginAnswerSchema,
    }),
    logout: endpoint({
      method: "POST",
      path: "/auth/v1/user/loginOut",
      access: "user",
      effect: "write",
      apiKeys: false,
      wire: "envelope",
      implemented: true,
      summary: "Revoke the session token of the call.",
      answer: noBodySchema,
    }),
  },
  user: {
    current: endpoint({
      method: "GET",
      path: "/api/v3/user/queryCashUser",
      access: "user",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary: "The signed-in user: role, phone and (lenders) the lender profile.",
      answer: cashUserSchema,
    }),
    deviceInfo: endpoint({
      method: "POST",
      path: "/api/v3/user/deviceInfo",
      access: "user",
      effect: "write",
      wire: "envelope",
      implemented: false,
      summary: "Report the device the app runs on.",
      answer: noBodySchema,
    }),
  },
  identity: {
    uploadImage: endpoint({
      method: "POST",
      path: "upload/image",
      access: "user",
      effect: "write",
      apiKeys: false,
      wire: "multipart",
      implemented: true,
      summary:
        "Upload one image (multipart field 'file'; JPEG/PNG/WebP, 10 MB max): re-encoded without metadata; answers its descriptor with a short-lived address for the uploader.",
      answer: uploadedFileSchema,
    }),
    uploadCredentials: endpoint({
      method: "GET",
      path: "/api/v3/upload/credentials",
      access: "user",
      effect: "read",
      apiKeys: false,
      wire: "envelope",
      implemented: true,
      summary:
        "Cloud upload credentials (S3 deployments): a presigned POST for one user's folder, 10 MB max, valid 5 minutes. Refused when files are stored locally.",
      answer: uploadCredentialsAnswerSchema,
    }),
    registerUpload: endpoint({
      method: "POST",
      path: "/api/v3/upload/register",
      access: "user",
      effect: "write",
      apiKeys: false,
      wire: "envelope",
      implemented: true,
      summary:
        "Hand over an object uploaded with cloud upload credentials: the server checks and re-encodes it like upload/image and answers the same descriptor.",
      answer: uploadedFileSchema,
    }),
    livenessChallenge: endpoint({
      method: "POST",
      path: "/api/v3/userAuth/livenessChallenge",
      access: "borrower",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        "A random action for the live face check (turn left, turn right, blink): single use, answered within two minutes by faceCompare's frames.",
      answer: livenessChallengeAnswerSchema,
    }),
    faceCompare: endpoint({
      method: "POST",
      path: "/api/v3/userAuth/faceCompare",
      access: "borrower",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        "Check liveness (the challenge's frames) and compare the live face capture with the ID card photo.",
      answer: faceCompareAnswerSchema,
    }),
    ocrCheck: endpoint({
      method: "POST",
      path: "/api/v3/userAuth/ocrCheck",
      access: "borrower",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary: "Read the ID card text to prefill the personal details.",
      answer: ocrCheckAnswerSchema,
    }),
    ocrConfirm: endpoint({
      method: "POST",
      path: "/api/v3/userAuth/ocrConfirm",
      access: "borrower",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary: "Confirm the identity details and ID card photos.",
      answer: noBodySchema,
    }),
    addEmergencyContacts: endpoint({
      method: "POST",
      path: "/api/v3/emergencyContact/add",
      access: "borrower",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary: "Save exactly two emergency contacts.",
      answer: noBodySchema,
    }),
    userDetail: endpoint({
      method: "GET",
      path: "/api/v3/userAuth/queryUserDetail",
      access: "borrower",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary: "The borrower's own verification progress and details (ID number masked).",
      answer: userDetailSchema,
    }),
  },
  contract: {
    add: endpoint({
      method: "POST",
      path: "/api/v1/contract/add",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        "Create a contract (every domain rule and the legal cap); answers it with its share link.",
      answer: contractAnswerSchema,
    }),
    query: endpoint({
      method: "GET",
      path: "/api/v1/contract/query",
      access: "user",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary:
        "List contracts, newest first, by status and type, a page at a time (keyset cursor): a lender its own, a borrower those addressed to its phone that it opened.",
      answer: contractPageSchema,
    }),
    export: endpoint({
      method: "GET",
      path: "/api/v1/contract/export",
      access: "lender",
      effect: "read",
      wire: "csv",
      implemented: true,
      summary:
        "The lender's contracts, their schedules or their ledgers (`kind`) as one CSV file, filtered like the list (status, type): headers and labels in the caller's language, amounts as integers with a currency column, dates YYYY-MM-DD (docs/export.md); audited.",
      answer: contractExportCsvSchema,
    }),
    detail: endpoint({
      method: "GET",
      path: "/api/v1/contract/detail",
      access: "user",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary:
        "One contract by id, as the list shows it (a cancelled one flagged `cancelled`): to its lender or the borrower who opened it; an audited view.",
      answer: contractDetailSchema,
    }),
    open: endpoint({
      method: "POST",
      path: "/api/v1/contract/open",
      access: "borrower",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        'Open a contract by its share code; binds the borrower logged in with its phone (type1 -> type2). Logged in with another phone: 403 `contract.notYourContract`, the body naming the number it was sent to, masked (`{ sentToPhone: "010-****-5678" }`).',
      answer: contractDetailSchema,
    }),
    view: endpoint({
      method: "GET",
      path: "/api/v1/contract/view",
      access: "user",
      effect: "read",
      wire: "raw",
      implemented: true,
      summary:
        "The contract document as HTML (parties, terms, schedule, rate; signature once signed).",
      answer: contractDocumentSchema,
    }),
    pdf: endpoint({
      method: "GET",
      path: "/api/v1/contract/pdf",
      access: "user",
      effect: "read",
      wire: "pdf",
      implemented: true,
      summary:
        "The signed contract's sealed PDF (terms, schedule, cost, signature, terms SHA-256, audit page; PAdES-signed), the same bytes at every download, in the language it was sealed in: to its lender or borrower once signed (409 before); audited.",
      answer: contractPdfSchema,
    }),
    statement: endpoint({
      method: "GET",
      path: "/api/v1/contract/statement",
      access: "user",
      effect: "read",
      wire: "pdf",
      implemented: true,
      summary:
        "The contract's ledger as of today as a signed PDF (entries, balances, the sealed contract's hash), in the caller's language: to its lender or borrower once signed (409 before); kept, so document/verify knows it; audited.",
      answer: contractPdfSchema,
    }),
    sign: endpoint({
      method: "POST",
      path: "/api/v1/contract/sign",
      access: "borrower",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary: "Sign with a PNG signature, once (a second attempt answers 409).",
      answer: contractDetailSchema,
    }),
    reissueLink: endpoint({
      method: "POST",
      path: "/api/v1/contract/reissueLink",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        "Give a contract not yet signed a new share link, valid 7 days; the old link stops working at once.",
      answer: contractAnswerSchema,
    }),
    reminders: endpoint({
      method: "POST",
      path: "/api/v1/contract/reminders",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        "Turn the borrower's reminders for a contract on or off (receipts are always sent); answers the contract.",
      answer: contractAnswerSchema,
    }),
    cancel: endpoint({
      method: "POST",
      path: "/api/v1/contract/cancel",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary: "Cancel (delete) a contract before it is signed; it is kept, hidden from lists.",
      answer: cancelAnswerSchema,
    }),
    // The wire keeps the spec's path (`upt`); everything below it says `repay` (docs/money.md).
    repay: endpoint({
      method: "POST",
      path: "/api/v1/contract/upt",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        "Record a repayment received (spec: write-off / partial repayment) and/or a waiver on one instalment of a signed contract; never more than it owes; once per idempotency key.",
      answer: contractAnswerSchema,
    }),
    renew: endpoint({
      method: "POST",
      path: "/api/v1/contract/renew",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        "Renewal: move an instalment's due date later (marks the contract renewed); once per idempotency key.",
      answer: contractAnswerSchema,
    }),
    reverse: endpoint({
      method: "POST",
      path: "/api/v1/contract/reverse",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        "Reverse a wrong ledger entry of the contract with a new entry and a reason (never an edit); once per idempotency key.",
      answer: contractAnswerSchema,
    }),
    ledger: endpoint({
      method: "GET",
      path: "/api/v1/contract/ledger",
      access: "user",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary:
        "The money events of a signed contract, oldest first, with who wrote each, and every instalment's balance today: to its lender or its borrower; an audited view.",
      answer: contractLedgerSchema,
    }),
    userDetails: endpoint({
      method: "GET",
      path: "/api/v1/contract/userDetails",
      access: "lender",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary:
        "Customer info of a contract's borrower (audited view of personal data): status, contacts, masked ID number, images, and their contracts with this lender.",
      answer: customerDetailSchema,
    }),
    faceReview: endpoint({
      method: "POST",
      path: "/api/v1/contract/faceReview",
      access: "lender",
      effect: "write",
      // A person looking at the photos decides, never a tool (apps/server/README.md, "API keys").
      apiKeys: false,
      wire: "envelope",
      implemented: true,
      summary:
        "Approve or refuse the face check of a contract's borrower that came out `review` (docs/identity.md, three outcomes), for this lender's contracts; once per check; audited, and the borrower is told by SMS.",
      answer: noBodySchema,
    }),
    block: endpoint({
      method: "POST",
      path: "/api/v1/contract/black",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        "Block a phone from this lender's new contracts, with a reason (blocking twice keeps the first).",
      answer: noBodySchema,
    }),
    unblock: endpoint({
      method: "POST",
      path: "/api/v1/contract/unblock",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary: "Lift a block (the spec omits it; docs/customers.md#block-list).",
      answer: noBodySchema,
    }),
    blockList: endpoint({
      method: "GET",
      path: "/api/v1/contract/blockList",
      access: "lender",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary: "This lender's blocked phones with their reasons, newest first.",
      answer: blockListSchema,
    }),
    statistics: endpoint({
      method: "GET",
      path: "/api/v1/contract/statistics",
      access: "lender",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary: "Dashboard figures: all-time and today, split total / single / instalment.",
      answer: lenderStatisticsSchema,
    }),
    statisticsWindows: endpoint({
      method: "GET",
      path: "/api/v2/contract/statistics",
      access: "lender",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary: "Today / 3-day / 7-day windows and the shared-debt summary of the lender's book.",
      answer: lenderStatisticsWindowsSchema,
    }),
    sharedDebt: endpoint({
      method: "POST",
      path: "/api/v1/contract/sharedDebt",
      access: "lender",
      // A POST (its ID number stays out of URLs and logs) that changes nothing: a lookup.
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary: "Shared-debt lookup by phone and ID number: aggregates only, audited, rate-limited.",
      answer: sharedDebtInfoSchema,
    }),
    reportOfflineLoan: endpoint({
      method: "POST",
      path: "/api/v1/contract/offlineLoan",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        "Report a loan made outside the app (shared-debt offline figures); answers the stored report (never the ID number).",
      answer: offlineLoanReportSchema,
    }),
    offlineLoanList: endpoint({
      method: "GET",
      path: "/api/v1/contract/offlineLoanList",
      access: "lender",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary: "This lender's own offline loan reports that still count, newest first.",
      answer: offlineLoanReportListSchema,
    }),
    correctOfflineLoan: endpoint({
      method: "POST",
      path: "/api/v1/contract/offlineLoan/correct",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        "Correct the terms of one of this lender's own reports (amount, still owed, loan date, state; not the person); audited.",
      answer: offlineLoanReportSchema,
    }),
    withdrawOfflineLoan: endpoint({
      method: "POST",
      path: "/api/v1/contract/offlineLoan/withdraw",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary:
        "Withdraw one of this lender's own reports: it stops counting in shared-debt lookups; audited.",
      answer: noBodySchema,
    }),
  },
  notice: {
    list: endpoint({
      method: "GET",
      path: "/api/v1/notice/list",
      access: "user",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary:
        "The notices sent about contracts, newest first (100 at most): a borrower's own, or a lender's for one contract (contractId); each with its text in the caller's language and when it was sent.",
      answer: v.object({ notices: v.array(noticeSchema) }),
    }),
  },
  template: {
    add: endpoint({
      method: "POST",
      path: "/api/v1/template/add",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary: "Create a contract template.",
      answer: contractTemplateSchema,
    }),
    query: endpoint({
      method: "GET",
      path: "/api/v1/template/query",
      access: "lender",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary: "The lender's templates, newest first, searched by name.",
      answer: v.array(contractTemplateSchema),
    }),
    remove: endpoint({
      method: "POST",
      path: "/api/v1/template/remove",
      access: "lender",
      effect: "write",
      wire: "envelope",
      implemented: true,
      summary: "Remove one of the lender's templates.",
      answer: noBodySchema,
    }),
  },
  apiKey: {
    create: endpoint({
      method: "POST",
      path: "/api/v1/apiKey/create",
      access: "lender",
      effect: "write",
      apiKeys: false,
      wire: "envelope",
      implemented: true,
      summary:
        "Create a named API key (scope `read` or `full`) for the lender's internal tools; answers the key itself this once (only its hash is kept); audited.",
      answer: createdApiKeySchema,
    }),
    list: endpoint({
      method: "GET",
      path: "/api/v1/apiKey/list",
      access: "lender",
      effect: "read",
      apiKeys: false,
      wire: "envelope",
      implemented: true,
      summary:
        "The lender's API keys, newest first: name, scope, prefix, created, last used, revoked (never the secret).",
      answer: v.array(apiKeySchema),
    }),
    revoke: endpoint({
      method: "POST",
      path: "/api/v1/apiKey/revoke",
      access: "lender",
      effect: "write",
      apiKeys: false,
      wire: "envelope",
      implemented: true,
      summary:
        "Revoke one of the lender's API keys: every later call with it is refused like a bad session; audited.",
      answer: apiKeySchema,
    }),
  },
  config: {
    service: endpoint({
      method: "GET",
      path: "/api/v1/config",
      access: "public",
      effect: "read",
      wire: "envelope",
      implemented: true,
      summary:
        "Customer-service config (configKey 'line'): extInfoJSON with line_img, line, line_url.",
      answer: serviceConfigAnswerSchema,
    }),
  },
  document: {
    verify: endpoint({
      method: "POST",
      path: "api/v1/document/verify",
      access: "public",
      effect: "read",
      wire: "multipart",
      implemented: true,
      summary:
        "Check a contract or statement PDF (multipart field 'file', no login, rate-limited per IP): `valid` with what it is, the contract number, signing time and terms SHA-256 when it is a PDF this deployment sealed or issued, unchanged; otherwise `valid: false` and the reason.",
      answer: documentVerificationSchema,
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

export type Answer<Id extends EndpointId> = v.InferOutput<Lookup<Id>["answer"]>;

/**
 * The endpoints that create something and take an optional `idempotencyKey`
 * (docs/idempotency.md): sent again with the same key and request, one answers its first answer
 * and creates nothing. The money operations require theirs (docs/money.md).
 */
export const creationEndpointIds = [
  "contract.add",
  "template.add",
  "contract.reportOfflineLoan",
  "contract.block",
  "apiKey.create",
] as const satisfies readonly EndpointId[];
