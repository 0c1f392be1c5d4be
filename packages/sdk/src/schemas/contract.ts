import {
  calendarDateSchema,
  contractSchema,
  contractStatusSchema,
  contractTypeFilter,
  ledgerEntrySchema,
  moneySchema,
} from "@chayong/domain";
import * as v from "valibot";
import { idSchema, instantSchema, pageNumberSchema, pageSchema, pageSizeSchema } from "./common";

/** Contract list filters (spec §3: status type1-type6, contract type all/single/instalment). */
export const contractQuerySchema = v.strictObject(
  {
    status: v.optional(contractStatusSchema),
    type: v.optional(contractTypeFilter, "all"),
    page: pageNumberSchema,
    pageSize: pageSizeSchema,
  },
  "common.invalidValue",
);

export const contractPageSchema = pageSchema(contractSchema);

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

/** Largest signature image accepted, in bytes of PNG. */
export const maxSignatureBytes = 256 * 1024;
const maxSignatureBase64Length =
  Math.ceil(maxSignatureBytes / 3) * 4 + "data:image/png;base64,".length;

/**
 * The borrower's handwritten signature: a PNG, base64, optionally as a `data:image/png;base64,`
 * URL (what a canvas gives). The server checks that it really is a non-empty PNG.
 */
export const signContractRequestSchema = v.strictObject(
  {
    id: idSchema,
    signature: v.pipe(
      v.string("signature.incomplete"),
      v.minLength(1, "signature.incomplete"),
      v.maxLength(maxSignatureBase64Length, "signature.tooLarge"),
    ),
  },
  "common.invalidValue",
);

/** View: the contract document as HTML (raw answer). */
export const contractDocumentSchema = v.pipe(v.string(), v.minLength(1));

// ---- Provisional shapes of later issues (money operations, customers, block list, shared debt,
// statistics). They fix the wire design now; the domain package will own the rules.

const instalmentIndexSchema = v.pipe(
  v.number("operation.instalment.required"),
  v.integer("operation.instalment.unknown"),
  v.minValue(1, "operation.instalment.unknown"),
);
const optionalReason = v.optional(
  v.pipe(v.string("common.invalidValue"), v.trim(), v.maxLength(200, "common.invalidValue")),
);

/** Write-off (partial repayment) and/or waiver on one instalment; at least one amount. */
export const contractUpdateRequestSchema = v.strictObject(
  {
    id: idSchema,
    instalmentIndex: instalmentIndexSchema,
    writeOffAmount: v.optional(moneySchema),
    writeOffDate: v.optional(calendarDateSchema),
    waiverAmount: v.optional(moneySchema),
    reason: optionalReason,
  },
  "common.invalidValue",
);

export const renewContractRequestSchema = v.strictObject(
  {
    id: idSchema,
    instalmentIndex: instalmentIndexSchema,
    renewalDate: v.pipe(
      v.string("renewal.date.required"),
      v.minLength(1, "renewal.date.required"),
      calendarDateSchema,
    ),
    reason: optionalReason,
  },
  "common.invalidValue",
);

export const reverseLedgerEntryRequestSchema = v.strictObject(
  {
    id: idSchema,
    entryId: idSchema,
    reason: v.pipe(
      v.string("common.pleaseFillIn"),
      v.trim(),
      v.minLength(1, "common.pleaseFillIn"),
    ),
  },
  "common.invalidValue",
);

export const contractLedgerSchema = v.array(ledgerEntrySchema);

export const relationSchema = v.picklist(["parents", "spouse", "siblings", "colleague", "friend"]);

/** Customer info (spec §3) as a lender sees it: identity numbers masked, images by URL. */
export const customerDetailsSchema = v.object({
  status: v.picklist(["normal", "blocked"]),
  name: v.nullable(v.string()),
  phone: v.string(),
  /** Masked, e.g. `900101-1******`. */
  idNumberMasked: v.nullable(v.string()),
  contacts: v.array(v.object({ name: v.string(), phone: v.string(), relation: relationSchema })),
  idCardFrontUrl: v.nullable(v.string()),
  idCardBackUrl: v.nullable(v.string()),
  holdingPhotoUrl: v.nullable(v.string()),
  facePhotoUrl: v.nullable(v.string()),
});

/** Block / unblock a borrower phone for this lender's new contracts. */
export const blockRequestSchema = v.strictObject(
  { phone: v.pipe(v.string("phone.required"), v.trim(), v.minLength(1, "phone.required")) },
  "common.invalidValue",
);

export const sharedDebtRequestSchema = v.strictObject(
  {
    phone: v.pipe(
      v.string("sharedDebt.phone.required"),
      v.trim(),
      v.minLength(1, "sharedDebt.phone.required"),
    ),
    idNumber: v.pipe(
      v.string("sharedDebt.idNumber.required"),
      v.trim(),
      v.minLength(1, "sharedDebt.idNumber.required"),
    ),
    bankCard: v.optional(
      v.pipe(v.string("common.invalidValue"), v.trim(), v.maxLength(32, "common.invalidValue")),
    ),
    remark: optionalReason,
  },
  "common.invalidValue",
);

const sharedDebtFiguresSchema = v.object({
  signedCount: v.number(),
  settledCount: v.number(),
  inTransitAmount: moneySchema,
  settledAmount: moneySchema,
  overdueCount: v.number(),
});

/** Aggregates only, never lender identities (decisions §6). */
export const sharedDebtAnswerSchema = v.object({
  online: sharedDebtFiguresSchema,
  offline: sharedDebtFiguresSchema,
});

/** A loan a lender made outside the app, reported for the shared-debt offline figures. */
export const offlineLoanRequestSchema = v.strictObject(
  {
    phone: v.pipe(v.string("phone.required"), v.trim(), v.minLength(1, "phone.required")),
    idNumber: v.pipe(
      v.string("identity.idNumber.required"),
      v.trim(),
      v.minLength(1, "identity.idNumber.required"),
    ),
    amount: moneySchema,
    loanDate: calendarDateSchema,
    state: v.picklist(["inTransit", "settled", "overdue"], "common.pleaseSelect"),
  },
  "common.invalidValue",
);

const figureSplitSchema = v.object({
  total: v.number(),
  single: v.number(),
  instalment: v.number(),
});
const periodFiguresSchema = v.object({
  signedCount: figureSplitSchema,
  repaidCount: figureSplitSchema,
  overdueCount: figureSplitSchema,
  notYetDueCount: figureSplitSchema,
  dueTodayCount: figureSplitSchema,
  contractedAmount: figureSplitSchema,
  disbursedAmount: figureSplitSchema,
  repaidAmount: figureSplitSchema,
  overdueAmount: figureSplitSchema,
  notYetDueAmount: figureSplitSchema,
  dueTodayAmount: figureSplitSchema,
  profit: figureSplitSchema,
});

/** v1: all-time and today, split total / single / instalment; in progress vs completed. */
export const statisticsAnswerSchema = v.object({
  allTime: periodFiguresSchema,
  today: periodFiguresSchema,
  inProgress: v.object({ count: v.number(), amount: moneySchema }),
  completed: v.object({ count: v.number(), amount: moneySchema }),
});

const windowFiguresSchema = v.object({
  disbursed: moneySchema,
  repaid: moneySchema,
  due: moneySchema,
});

/** v2: today / 3 days / 7 days windows and the shared-debt summary of the lender's own book. */
export const statisticsWindowsAnswerSchema = v.object({
  today: windowFiguresSchema,
  threeDays: windowFiguresSchema,
  sevenDays: windowFiguresSchema,
  sharedDebt: sharedDebtAnswerSchema,
});

export const cancelAnswerSchema = v.object({ id: v.string(), cancelledAt: instantSchema });

export type ContractQuery = v.InferInput<typeof contractQuerySchema>;
export type ContractPage = v.InferOutput<typeof contractPageSchema>;
export type SignContractRequest = v.InferInput<typeof signContractRequestSchema>;
