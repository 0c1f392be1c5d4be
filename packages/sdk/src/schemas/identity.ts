import {
  type Contract,
  type CustomerInfo,
  calendarDateSchema,
  contractSchema,
  customerInfoSchema,
  genders,
  relations,
} from "@chayong/domain";
import * as v from "valibot";

// Identity verification (docs/identity.md; docs/identity.md in the repository). The answers; the
// requests are in identity-requests.ts.

/**
 * An accepted live face check (a failed one is refused with 'live face verification failed').
 * Before the ID card is confirmed the capture is only checked for one clear face
 * (`comparedWithIdCard: false`, `score: null`); afterwards it is compared with the card's photos
 * and `score` is the lowest similarity, 0..1.
 */
/** The action the borrower performs for the live face check (docs/identity.md, "Liveness"). */
export const livenessActions = ["turnLeft", "turnRight", "blink"] as const;
export type LivenessAction = (typeof livenessActions)[number];

export const livenessChallengeAnswerSchema = v.object({
  challengeId: v.string(),
  action: v.picklist(livenessActions),
  /** ISO 8601; the frames must reach faceCompare before then. */
  expiresAt: v.string(),
});

export const faceCompareAnswerSchema = v.object({
  matched: v.boolean(),
  comparedWithIdCard: v.boolean(),
  score: v.nullable(v.number()),
});

/** What OCR read; `available: false` when no engine is installed (hand entry then). */
export const ocrCheckAnswerSchema = v.object({
  available: v.boolean(),
  name: v.nullable(v.string()),
  idNumber: v.nullable(v.string()),
  gender: v.nullable(v.picklist(genders)),
  birthday: v.nullable(calendarDateSchema),
  address: v.nullable(v.string()),
});

const imageAddress = v.nullable(v.string());

/**
 * The borrower's own identity record, ID number masked. `verified` is the whole of it (face,
 * ID card, contacts): what signing needs. Photo addresses are short-lived, for this caller only.
 */
export const userDetailSchema = v.object({
  verified: v.boolean(),
  faceVerified: v.boolean(),
  idCardVerified: v.boolean(),
  contactsAdded: v.boolean(),
  sharedDebtConsent: v.boolean(),
  facePhotoUrl: imageAddress,
  frontPhotoUrl: imageAddress,
  backPhotoUrl: imageAddress,
  holdingPhotoUrl: imageAddress,
  name: v.nullable(v.string()),
  idNumberMasked: v.nullable(v.string()),
  gender: v.nullable(v.picklist(genders)),
  birthday: v.nullable(calendarDateSchema),
  address: v.nullable(v.string()),
  contacts: v.array(
    v.object({ name: v.string(), phone: v.string(), relation: v.picklist(relations) }),
  ),
});

/**
 * Credentials for uploading straight to object storage (docs/entities.md#cloud-upload-credentials), issued when the server stores
 * files in S3: a presigned POST (`token` carries its signed fields), short-lived, size-limited,
 * for object keys under `file/{folderPath}` only. `uploadUrl` is where the form goes.
 */
export const uploadCredentialsAnswerSchema = v.object({
  visitPrefix: v.string(),
  folderPath: v.string(),
  region: v.string(),
  token: v.string(),
  uploadUrl: v.string(),
});

/**
 * A contract's borrower as its lender sees them (docs/entities.md#customer-info customer info; docs/customers.md): the
 * customer info (ID number masked, images at addresses signed for this lender, expiring in
 * 15 minutes), whether verification is complete (before it, what exists is shown and the rest
 * is null), and that borrower's contracts with this lender, newest first.
 */
export interface CustomerDetail extends CustomerInfo {
  verified: boolean;
  contracts: Contract[];
}

// Typed by its interface: the inferred type of the spread schema is too long for declarations.
export const customerDetailSchema: v.GenericSchema<unknown, CustomerDetail> = v.object({
  ...customerInfoSchema.entries,
  verified: v.boolean(),
  contracts: v.array(contractSchema),
});
