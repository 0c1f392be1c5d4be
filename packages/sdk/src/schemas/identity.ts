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

/** How an accepted face check compared with the ID card (docs/identity.md, "Three outcomes"). */
export const faceDecisions = ["match", "review"] as const;

/**
 * An accepted live face check (a failed one is refused with 'live face verification failed').
 * Before the ID card is confirmed the capture is only checked for one clear face
 * (`comparedWithIdCard: false`, `score: null`, `decision: "match"`); afterwards it is compared
 * with the card's photos, `score` is the lowest similarity, 0..1, and `decision` is `review`
 * when it fell between the thresholds: the borrower's lender then looks before he signs.
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
  decision: v.picklist(faceDecisions),
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
  /**
   * How the live face compared with the ID card at confirmation: `review` means a lender must
   * look before the borrower signs his contracts; null before the card. Optional on the wire
   * (servers before the three outcomes do not send it).
   */
  faceDecision: v.optional(v.nullable(v.picklist(faceDecisions)), null),
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
  /**
   * True once the borrower has signed a contract: the ID card's details and photos are then the
   * ones the signing was verified with and can no longer be changed (docs/identity.md). Optional
   * on the wire: a server older than this field answers without it (read as not locked; such a
   * server still refuses a change with 409).
   */
  locked: v.optional(v.boolean(), false),
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
  /**
   * The borrower's face check when it came out `review` (docs/identity.md, "Three outcomes"):
   * its score, the thresholds it fell between, and this lender's decision (`pending` until he
   * makes one); null when it needs none.
   */
  faceReview: FaceReview | null;
  /**
   * The borrower's other accounts found to be the same person (the same ID number and face
   * verified on another phone; docs/identity.md, "One person, one identity"), by their phone
   * numbers masked (`010-****-5678`); empty when none, or while identity data is not shown.
   */
  alsoVerifiedOn: string[];
  contracts: Contract[];
}

export const faceReviewStatuses = ["pending", "approved", "refused"] as const;
export type FaceReviewStatus = (typeof faceReviewStatuses)[number];

export const faceReviewSchema = v.object({
  status: v.picklist(faceReviewStatuses),
  score: v.number(),
  thresholds: v.object({ match: v.number(), review: v.number() }),
});
export type FaceReview = v.InferOutput<typeof faceReviewSchema>;

// Typed by its interface: the inferred type of the spread schema is too long for declarations.
export const customerDetailSchema: v.GenericSchema<unknown, CustomerDetail> = v.object({
  ...customerInfoSchema.entries,
  verified: v.boolean(),
  faceReview: v.optional(v.nullable(faceReviewSchema), null),
  alsoVerifiedOn: v.optional(v.array(v.string()), []),
  contracts: v.array(contractSchema),
});
