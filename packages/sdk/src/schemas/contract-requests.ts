import {
  contractExportKindSchema,
  contractStatusSchema,
  contractTypeFilterSchema,
  phoneSchema,
  renewalRequestEntries,
  repaymentRequestEntries,
  reversalRequestEntries,
  signRequestSchema,
  textField,
  tokenField,
  tokenPattern,
} from "@chayong/domain";
import * as v from "valibot";
import { idSchema, pageSizeSchema } from "./common";

// Request schemas: loaded by the server (`@chayong/sdk/server`), typed only in the client.

/** Where the next page starts: what the previous page answered as `nextCursor` (opaque). */
export const cursorSchema = tokenField("common.invalidValue", {
  pattern: tokenPattern,
  maxLength: 128,
});

/**
 * Contract list filters (docs/statuses.md#lists-and-filters: status type1-type6, contract type all/single/instalment),
 * newest first, a page at a time from `cursor`. `includeTotal` also counts every matching
 * contract (it costs a count over the whole book, so only when a screen shows the number).
 */
export const contractQuerySchema = v.strictObject(
  {
    status: v.optional(contractStatusSchema),
    type: v.optional(contractTypeFilterSchema, "all"),
    cursor: v.optional(cursorSchema),
    pageSize: pageSizeSchema,
    includeTotal: v.optional(v.boolean("common.invalidValue"), false),
  },
  "common.invalidValue",
);

/**
 * Export (docs/export.md): which file, with the list's own filter fields (the same schemas, so
 * an export matches the list it was asked from). No paging: the file holds every match.
 */
export const contractExportQuerySchema = v.strictObject(
  {
    kind: contractExportKindSchema,
    status: contractQuerySchema.entries.status,
    type: contractQuerySchema.entries.type,
  },
  "common.invalidValue",
);

/** Share codes are 24 URL-safe characters (144 random bits); the pattern allows some room. */
export const shareCodeSchema = tokenField("contract.notFound", {
  pattern: /^[A-Za-z0-9_-]{16,64}$/,
  maxLength: 64,
});

/** The borrower opens the contract behind a share link (binds it: type1 -> type2). */
export const openContractRequestSchema = v.strictObject(
  { code: shareCodeSchema },
  "common.invalidValue",
);

/**
 * The borrower's handwritten signature: a PNG as a `data:image/png;base64,` URL (what a canvas
 * gives), checked by the domain's rule; the server also checks it is a real, non-blank PNG.
 */
export interface SignContractRequest {
  id: string;
  signature: string;
  acknowledgeOverdue?: boolean | undefined;
}

// Typed by its interface: the request table's inferred type would otherwise grow past what the
// declaration build can write out.
export const signContractRequestSchema: v.GenericSchema<SignContractRequest> = v.strictObject(
  {
    id: idSchema,
    signature: signRequestSchema.entries.signature,
    /**
     * The borrower ticked that the contract is already overdue (its `overdueAtSigning`): without
     * it the server refuses to sign such a contract (docs/contracts.md, "Signing into an overdue
     * debt").
     */
    acknowledgeOverdue: v.optional(v.boolean()),
  },
  "common.invalidValue",
);

/** Reminders on or off for one contract. */
export const remindersRequestSchema: v.GenericSchema<{ id: string; on: boolean }> = v.strictObject(
  { id: idSchema, on: v.boolean("common.invalidValue") },
  "common.invalidValue",
);

/** A borrower's notices (no contractId: all of them), or those of one contract. */
export const noticeListRequestSchema: v.GenericSchema<{ contractId?: string | undefined }> =
  v.strictObject({ contractId: v.optional(idSchema) }, "common.invalidValue");

/**
 * One user action, once (docs/money.md): a client makes a new key per action and sends the same
 * key when it retries that action; the server answers a retry with the first answer and writes
 * nothing. 16-128 URL-safe characters (a UUID without its dashes fits).
 */
export const idempotencyKeySchema = tokenField("common.invalidValue", {
  pattern: /^[A-Za-z0-9_-]{16,128}$/,
  maxLength: 128,
});

/**
 * A creation's request (docs/idempotency.md): its own fields and, optionally, the key of the
 * user's action. Sent again with the same key, the creation answers its first answer.
 */
export function creationRequest<
  TEntries extends v.ObjectEntries,
  TMessage extends v.ErrorMessage<v.StrictObjectIssue> | undefined,
>(schema: v.StrictObjectSchema<TEntries, TMessage>) {
  return v.strictObject(
    { ...schema.entries, idempotencyKey: v.optional(idempotencyKeySchema) },
    schema.message,
  );
}

/**
 * Repayment (the spec's "write-off / partial repayment", with its "waiver"): a repayment received
 * and/or a waiver on one instalment of contract `id`.
 */
export const repayContractRequestSchema = v.strictObject(
  { id: idSchema, idempotencyKey: idempotencyKeySchema, ...repaymentRequestEntries },
  "common.invalidValue",
);

/** Renewal: one instalment of contract `id` gets a later due date. */
export const renewContractRequestSchema = v.strictObject(
  { id: idSchema, idempotencyKey: idempotencyKeySchema, ...renewalRequestEntries },
  "common.invalidValue",
);

/** Reversal: ledger entry `entryId` of contract `id` was wrong; `reason` says why. */
export const reverseLedgerEntryRequestSchema = v.strictObject(
  { id: idSchema, idempotencyKey: idempotencyKeySchema, ...reversalRequestEntries },
  "common.invalidValue",
);

/** Block a borrower phone for this lender's new contracts, saying why (the lender's own note). */
export const blockRequestSchema = v.strictObject(
  {
    phone: phoneSchema,
    reason: textField({ requiredKey: "common.pleaseFillIn", maxLength: 200, multiline: true }),
  },
  "common.invalidValue",
);

/**
 * The lender's decision on the face check of contract `id`'s borrower, when it came out `review`
 * (docs/identity.md, "Three outcomes"): `approved` lets him sign this lender's contracts.
 */
export const faceReviewRequestSchema = v.strictObject(
  { id: idSchema, decision: v.picklist(["approved", "refused"], "common.invalidValue") },
  "common.invalidValue",
);

/** Lift a block. */
export const unblockRequestSchema = v.strictObject({ phone: phoneSchema }, "common.invalidValue");

export type ContractQuery = v.InferInput<typeof contractQuerySchema>;
export type ContractExportQuery = v.InferInput<typeof contractExportQuerySchema>;
export type FaceReviewRequest = v.InferInput<typeof faceReviewRequestSchema>;
export type RepayContractRequest = v.InferInput<typeof repayContractRequestSchema>;
export type RenewContractRequest = v.InferInput<typeof renewContractRequestSchema>;
export type ReverseLedgerEntryRequest = v.InferInput<typeof reverseLedgerEntryRequestSchema>;
