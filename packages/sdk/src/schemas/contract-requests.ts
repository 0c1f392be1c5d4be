import {
  contractStatusSchema,
  contractTypeFilterSchema,
  moneyOperationRequestSchema,
  phoneSchema,
  renewalRequestSchema,
  reversalRequestSchema,
  signRequestSchema,
} from "@chayong/domain";
import * as v from "valibot";
import { idSchema, pageNumberSchema, pageSizeSchema } from "./common";

// Request schemas: loaded by the server (`@chayong/sdk/server`), typed only in the client.

/** Contract list filters (spec §3: status type1-type6, contract type all/single/instalment). */
export const contractQuerySchema = v.strictObject(
  {
    status: v.optional(contractStatusSchema),
    type: v.optional(contractTypeFilterSchema, "all"),
    page: pageNumberSchema,
    pageSize: pageSizeSchema,
  },
  "common.invalidValue",
);

/** Share codes are 24 URL-safe characters (144 random bits); the pattern allows some room. */
export const shareCodeSchema = v.pipe(
  v.string("contract.notFound"),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{16,64}$/, "contract.notFound"),
);

/** The borrower opens the contract behind a share link (binds it: type1 -> type2). */
export const openContractRequestSchema = v.strictObject(
  { code: shareCodeSchema },
  "common.invalidValue",
);

/**
 * The borrower's handwritten signature: a PNG as a `data:image/png;base64,` URL (what a canvas
 * gives), checked by the domain's rule; the server also checks it is a real, non-blank PNG.
 */
export const signContractRequestSchema = v.strictObject(
  { id: idSchema, signature: signRequestSchema.entries.signature },
  "common.invalidValue",
);

/**
 * Money operations of a later issue, from the domain's request schemas. The SDK names a
 * contract `id` in every request (as sign, view and cancel do); the domain's other fields are
 * taken as they are.
 */
const { contractId: _writeOffContract, ...writeOffFields } = moneyOperationRequestSchema.entries;
export const contractUpdateRequestSchema = v.strictObject(
  { id: idSchema, ...writeOffFields },
  "common.invalidValue",
);

const { contractId: _renewalContract, ...renewalFields } = renewalRequestSchema.entries;
export const renewContractRequestSchema = v.strictObject(
  { id: idSchema, ...renewalFields },
  "common.invalidValue",
);

const { contractId: _reversalContract, ...reversalFields } = reversalRequestSchema.entries;
export const reverseLedgerEntryRequestSchema = v.strictObject(
  { id: idSchema, ...reversalFields },
  "common.invalidValue",
);

/** Block / unblock a borrower phone for this lender's new contracts. */
export const blockRequestSchema = v.strictObject({ phone: phoneSchema }, "common.invalidValue");

export type ContractQuery = v.InferInput<typeof contractQuerySchema>;
export type SignContractRequest = v.InferInput<typeof signContractRequestSchema>;
