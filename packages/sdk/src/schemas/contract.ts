import {
  calendarDateSchema,
  contractSchema,
  instalmentBalanceSchema,
  ledgerEntrySchema,
  signatureRules,
} from "@chayong/domain";
import * as v from "valibot";
import { instantSchema, pageSchema } from "./common";

// Answers only: the request schemas are in contract-requests.ts (the server's entry).

export const contractPageSchema = pageSchema(contractSchema);

/** Largest signature image accepted, in bytes of PNG (the domain's rule). */
export const maxSignatureBytes = signatureRules.maxBytes;

/** View: the contract document as HTML (raw answer). */
export const contractDocumentSchema = v.pipe(v.string(), v.minLength(1));

/**
 * A contract's ledger as its lender or its borrower reads it: every entry, oldest first, each
 * with who wrote it and, when a later reversal undid it, that reversal's id; and the balance of
 * every instalment as of `asOf` (today in the lender's business time zone).
 */
export const contractLedgerSchema = v.object({
  contractId: v.string(),
  asOf: calendarDateSchema,
  entries: v.array(
    v.object({
      ...ledgerEntrySchema.entries,
      /** The lender's display name, as the contract shows it. */
      actorName: v.string(),
      reversedByEntryId: v.nullable(v.string()),
    }),
  ),
  instalments: v.array(instalmentBalanceSchema),
});

export const cancelAnswerSchema = v.object({ id: v.string(), cancelledAt: instantSchema });

export type ContractPage = v.InferOutput<typeof contractPageSchema>;
export type ContractLedger = v.InferOutput<typeof contractLedgerSchema>;

/** A lender's blocked phones, newest first (decisions §6). */
export const blockListSchema = v.array(
  v.object({ phone: v.string(), reason: v.string(), blockedAt: instantSchema }),
);
