/**
 * Face matching for identity verification (docs/identity.md, "Matching faces"): the borrower's
 * live capture is compared with each reference photo (the portrait printed on the ID card front,
 * the photo of the borrower holding the card). Vendor-neutral: the local engine
 * (human-face-verifier.ts) and any vendor adapter implement the same interface.
 */

export type FaceVerificationProblem = "noLiveFace" | "severalLiveFaces" | "noReferenceFace";

export interface FaceComparison {
  /** The reference's name, as given to `verify`. */
  reference: string;
  /** The similarity of the live face to the best-matching face in the reference, 0..1; null when
   * either side has no usable face. */
  similarity: number | null;
  /** Faces found in the reference (a holding photo shows the person and the card's portrait). */
  faces: number;
}

/**
 * What a comparison comes to (docs/identity.md, "Three outcomes"): `match` at or above the match
 * threshold, `noMatch` below the review threshold or with a problem, `review` in between: a
 * person must look.
 */
export type FaceDecision = "match" | "review" | "noMatch";

/** The two similarities that split the three outcomes, 0..1, `review` <= `match`. */
export interface FaceThresholds {
  /** At or above: the same person, with no stranger of the measured set ever this close. */
  match: number;
  /** Below: not the same person, with no same-person pair of the measured set ever this far. */
  review: number;
}

export interface FaceVerification {
  decision: FaceDecision;
  /** The lowest similarity of the live face to the references, 0..1 (0 when one is missing). */
  score: number;
  thresholds: FaceThresholds;
  comparisons: FaceComparison[];
  /** Faces in the live capture, and the engine's anti-spoof (`real`) and liveness (`live`)
   * scores of the live face, 0..1, null when not exactly one face or not measured. Recorded,
   * not decided on (see docs). */
  live: { faces: number; real: number | null; live: number | null };
  problem: FaceVerificationProblem | null;
  /**
   * The live face's description (the engine's embedding), for the search among other verified
   * borrowers (docs/identity.md, "One person, one identity"); absent when the engine does not
   * give one (a vendor adapter may not), and then that search is skipped. Biometric data: never
   * recorded or logged as is (docs/privacy.md).
   */
  liveEmbedding?: readonly number[] | null;
}

export interface FaceReference {
  /** Names the reference in the result, e.g. "idCardFront", "holdingIdCard". */
  name: string;
  /**
   * Which face of the reference the live face must match: the `best`-matching one (default; an
   * ID card front), or the `largest` (the person in a photo of them holding their card, whose
   * card portrait is small: matching the best face there would let the card's own portrait
   * vouch for whoever holds it).
   */
  match?: "best" | "largest";
  /** Faces the reference must show (a holding photo: the person and the card's portrait). */
  minFaces?: number;
  /** An encoded image (JPEG, PNG, WebP, HEIF as the image decoder reads them). */
  image: Uint8Array;
}

export interface FaceVerifier {
  /** Compares the face in `live` with each reference. Throws on an image that cannot be decoded,
   * on no references, or (a `FaceVerifierError`) when a service fails to answer; a missing or
   * extra face is a `problem`, not an error. */
  verify(live: Uint8Array, references: readonly FaceReference[]): Promise<FaceVerification>;
  /** Releases the engine (models, memory). */
  close?(): Promise<void>;
}

/**
 * A face verification service that did not answer usefully: `timeout` (no answer in time),
 * `unreachable` (no connection), `refused` (a non-2xx status), `malformed` (an answer that
 * breaks the contract). Its message names the service's host, never an image or a key.
 */
export class FaceVerifierError extends Error {
  readonly kind: FaceVerifierFailure;
  constructor(kind: FaceVerifierFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "FaceVerifierError";
    this.kind = kind;
  }
}

export type FaceVerifierFailure = "timeout" | "unreachable" | "refused" | "malformed";
