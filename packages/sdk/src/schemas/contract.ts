import { contractSchema, ledgerEntrySchema, signatureRules } from "@chayong/domain";
import * as v from "valibot";
import { instantSchema, pageSchema } from "./common";

// Answers only: the request schemas are in contract-requests.ts (the server's entry).

export const contractPageSchema = pageSchema(contractSchema);

/** Largest signature image accepted, in bytes of PNG (the domain's rule). */
export const maxSignatureBytes = signatureRules.maxBytes;

/** View: the contract document as HTML (raw answer). */
export const contractDocumentSchema = v.pipe(v.string(), v.minLength(1));

export const contractLedgerSchema = v.array(ledgerEntrySchema);

export const cancelAnswerSchema = v.object({ id: v.string(), cancelledAt: instantSchema });

export type ContractPage = v.InferOutput<typeof contractPageSchema>;
