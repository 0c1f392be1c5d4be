import type {
  FaceComparison,
  FaceDecision,
  FaceReference,
  FaceThresholds,
  FaceVerification,
  FaceVerificationProblem,
} from "./face-verifier";

/**
 * What an engine saw, before the rules judge it: the local engine measures it, a vendor's
 * service answers it (http-face-verifier.ts). One judge for both, so every engine refuses the
 * same captures for the same reasons (docs/identity.md, "Matching faces").
 */
export interface FaceObservations {
  live: {
    /** Faces found in the live capture. */
    faces: number;
    /** Whether its one face could be compared (an engine may find a face it cannot describe). */
    comparable: boolean;
    /** Anti-spoof and liveness scores of the live face, 0..1, when measured. */
    real: number | null;
    live: number | null;
  };
  /**
   * One per reference, in the order given: the faces found in it, and the similarity (0..1) of
   * the live face to the reference's face it asks for (`FaceReference.match`); null when there
   * was none to compare.
   */
  references: readonly { faces: number; similarity: number | null }[];
}

/** Throws unless 0 <= review <= match <= 1. */
export function checkThresholds({ match, review }: FaceThresholds): void {
  if (!(match >= 0 && match <= 1 && review >= 0 && review <= match)) {
    throw new RangeError(
      `face thresholds must satisfy 0 <= review <= match <= 1, not review ${review}, match ${match}`,
    );
  }
}

/** The outcome of a score without a problem (docs/identity.md, "Three outcomes"). */
export function decide(score: number, thresholds: FaceThresholds): FaceDecision {
  if (score >= thresholds.match) return "match";
  return score >= thresholds.review ? "review" : "noMatch";
}

/**
 * The live capture must show exactly one comparable face, and each reference at least its
 * `minFaces` (1 by default) and a similarity; the lowest similarity decides against the
 * thresholds. Any problem is a `noMatch` with score 0.
 */
export function judgeFaces(
  thresholds: FaceThresholds,
  references: readonly FaceReference[],
  observed: FaceObservations,
): FaceVerification {
  const { live } = observed;
  const oneLiveFace = live.faces === 1;
  const liveUsable = oneLiveFace && live.comparable;
  const comparisons: FaceComparison[] = references.map((reference, index) => {
    const seen = observed.references[index];
    const faces = seen?.faces ?? 0;
    const enough = faces >= (reference.minFaces ?? 1);
    return {
      reference: reference.name,
      similarity: liveUsable && enough ? (seen?.similarity ?? null) : null,
      faces,
    };
  });
  const problem: FaceVerificationProblem | null =
    live.faces > 1
      ? "severalLiveFaces"
      : !liveUsable
        ? "noLiveFace"
        : comparisons.some((comparison) => comparison.similarity === null)
          ? "noReferenceFace"
          : null;
  const score =
    problem === null ? Math.min(...comparisons.map((comparison) => comparison.similarity ?? 0)) : 0;
  return {
    decision: problem === null ? decide(score, thresholds) : "noMatch",
    score,
    thresholds,
    comparisons,
    live: {
      faces: live.faces,
      real: oneLiveFace ? live.real : null,
      live: oneLiveFace ? live.live : null,
    },
    problem,
  };
}
