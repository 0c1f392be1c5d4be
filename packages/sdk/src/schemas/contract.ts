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

/**
 * The contract answer under a name of its own: declaration files then refer to it by name
 * instead of spelling its whole type out at every endpoint that answers a contract (eight of
 * them pushed the table's declared type past what TypeScript will write, TS7056).
 */
export interface ContractAnswerSchema extends ContractSchemaType {}
type ContractSchemaType = typeof contractSchema;
export const contractAnswerSchema: ContractAnswerSchema = contractSchema;

export const contractPageSchema = pageSchema(contractAnswerSchema);

/** The borrower as he verified himself: name, ID number masked, address. */
export const verifiedPartySchema = v.object({
  name: v.string(),
  idNumberMasked: v.string(),
  address: v.string(),
});

/**
 * Who the contract is between (docs/contracts.md, "Parties"): the lender by name, merchant name
 * and licence number; the borrower by phone and, once he has verified, by his verified identity
 * (`identity` is null until then: 'borrower: to be verified'). A signed contract names both as
 * they were at signing.
 */
export const contractPartiesSchema = v.object({
  lender: v.object({
    name: v.string(),
    merchantName: v.string(),
    licenceNumber: v.nullable(v.string()),
  }),
  borrower: v.object({
    phone: v.string(),
    identity: v.nullable(verifiedPartySchema),
    /**
     * This contract's lender's look at the borrower's face check when it came out `review`
     * (docs/identity.md, "Three outcomes"): signing waits for `approved`; null when none is
     * needed.
     */
    faceReview: v.optional(v.nullable(v.picklist(["pending", "approved", "refused"])), null),
  }),
});

export type ContractParties = v.InferOutput<typeof contractPartiesSchema>;
export type VerifiedParty = v.InferOutput<typeof verifiedPartySchema>;

/**
 * A signed contract's seal (docs/contract-pdf.md, "Sealing"): its PDF rendered once, signed with
 * the deployment's certificate; `pdfSha256` is what the verify page finds it by.
 */
export const contractSealSchema = v.object({
  pdfSha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  sealedAt: instantSchema,
});

export type ContractSeal = v.InferOutput<typeof contractSealSchema>;

/**
 * One contract with its parties: what the detail, open and sign answer (a list's cards leave
 * the parties out), and once sealed its seal (null before; absent from older servers). Named
 * like the contract answer, for the same reason (TS7056).
 */
export interface ContractDetailSchema extends ContractDetailSchemaType {}
type ContractDetailSchemaType = ReturnType<typeof contractDetailSchemaOf>;
const contractDetailSchemaOf = () =>
  v.object({
    ...contractSchema.entries,
    parties: contractPartiesSchema,
    seal: v.optional(v.nullable(contractSealSchema), null),
  });
export const contractDetailSchema: ContractDetailSchema = contractDetailSchemaOf();

/** Why a PDF did not verify (docs/contract-pdf.md, "Verifying"). */
export const documentVerificationReasons = [
  /** Not a PDF file at all. */
  "notPdf",
  /** A PDF without a digital signature. */
  "notSigned",
  /** Signed, but not with this deployment's certificate: another service's, or a forgery. */
  "otherSigner",
  /** Signed by this deployment, but more was added to the file after the signed bytes. */
  "changed",
  /**
   * A signature in this deployment's name that does not hold for the file's bytes: the file was
   * altered after signing, or the signature is forged (the certificate is in every sealed PDF).
   */
  "broken",
] as const;

export type DocumentVerificationReason = (typeof documentVerificationReasons)[number];

/** The verify endpoint's answer: what the contract says when valid; the reason when not. */
export const documentVerificationSchema = v.object({
  valid: v.boolean(),
  reason: v.nullable(v.picklist(documentVerificationReasons)),
  /** What a valid file is: the sealed contract, or a ledger statement issued for it. */
  document: v.nullable(v.picklist(["contract", "statement"])),
  /** SHA-256 (hex) of the file checked. */
  pdfSha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  contractNumber: v.nullable(v.string()),
  signedAt: v.nullable(instantSchema),
  /** When the contract was sealed, or the statement issued. */
  sealedAt: v.nullable(instantSchema),
  termsSha256: v.nullable(v.string()),
  /** The contract's business time zone, in which the document writes its moments. */
  timeZone: v.nullable(v.string()),
});

export type DocumentVerification = v.InferOutput<typeof documentVerificationSchema>;

/** Largest signature image accepted, in bytes of PNG (the domain's rule). */
export const maxSignatureBytes = signatureRules.maxBytes;

/** View: the contract document as HTML (raw answer). */
export const contractDocumentSchema = v.pipe(v.string(), v.minLength(1));

/** The first bytes of every PDF file: `%PDF-`. */
const pdfSignature = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** Pdf: the signed contract as a PDF file (pdf answer), its bytes as they came. */
export const contractPdfSchema = v.pipe(
  v.instance(Uint8Array),
  v.check(
    (bytes) => pdfSignature.every((byte, i) => bytes[i] === byte),
    "a PDF file (starts with %PDF-)",
  ),
);

/**
 * Export: the CSV file as the client reads it (csv answer). The header row is always there; the
 * byte-order mark the server sends is gone, because decoding UTF-8 drops it: put
 * `csvByteOrderMark` (@chayong/domain) back in front when saving the file.
 */
export const contractExportCsvSchema = v.pipe(v.string(), v.minLength(1));

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

/** A lender's blocked phones, newest first (docs/customers.md#block-list). */
export const blockListSchema = v.array(
  v.object({ phone: v.string(), reason: v.string(), blockedAt: instantSchema }),
);
