import type {
  FaceComparison,
  FaceDecision,
  FaceReference,
  FaceThresholds,
  FaceVerification,
  FaceVerificationProblem,
  FaceVerifier,
} from "./face-verifier";

/** A face found in an image by an engine that describes faces as embeddings. */
export interface AnalyzedFace {
  /** Where the face is, in the pixels of the decoded (EXIF-rotated) image. */
  box: { x: number; y: number; width: number; height: number };
  /** The detector's confidence, 0..1. */
  score: number;
  /** The face's description; null when the engine found the face but could not describe it. */
  embedding: readonly number[] | null;
  /** Anti-spoof and liveness scores, 0..1, when the engine measures them. */
  real: number | null;
  live: number | null;
}

export interface FaceAnalyzer {
  /** The faces in an encoded image, most confident first. */
  analyze(image: Uint8Array): Promise<AnalyzedFace[]>;
  /** How alike two embeddings are, 0..1 (1: the same). */
  similarity(a: readonly number[], b: readonly number[]): number;
  close?(): Promise<void>;
}

/**
 * A verifier on any embedding engine: the live capture must show exactly one face; each reference
 * is scored by its best-matching face, or by its largest one when it asks so (see
 * `FaceReference.match`); the lowest reference score decides against the thresholds.
 */
export function createEmbeddingFaceVerifier(
  analyzer: FaceAnalyzer,
  options: { thresholds: FaceThresholds },
): FaceVerifier {
  const { thresholds } = options;
  checkThresholds(thresholds);
  return {
    async verify(live, references) {
      if (references.length === 0) throw new RangeError("verify needs at least one reference");
      const liveFaces = await analyzer.analyze(live);
      const referenceFaces: AnalyzedFace[][] = [];
      // One after another: the engine runs one image at a time anyway.
      for (const reference of references)
        referenceFaces.push(await analyzer.analyze(reference.image));
      return judge(analyzer, thresholds, liveFaces, references, referenceFaces);
    },
    ...(analyzer.close ? { close: () => analyzer.close?.() ?? Promise.resolve() } : {}),
  };
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

function judge(
  analyzer: FaceAnalyzer,
  thresholds: FaceThresholds,
  liveFaces: readonly AnalyzedFace[],
  references: readonly FaceReference[],
  referenceFaces: readonly AnalyzedFace[][],
): FaceVerification {
  const liveFace = liveFaces.length === 1 ? liveFaces[0] : undefined;
  const liveEmbedding = liveFace?.embedding ?? null;
  const comparisons: FaceComparison[] = references.map((reference, index) => {
    const faces = referenceFaces[index] ?? [];
    const enough = faces.length >= (reference.minFaces ?? 1);
    return {
      reference: reference.name,
      similarity:
        liveEmbedding && enough
          ? reference.match === "largest"
            ? largestFaceSimilarity(analyzer, liveEmbedding, faces)
            : bestSimilarity(analyzer, liveEmbedding, faces)
          : null,
      faces: faces.length,
    };
  });
  const problem: FaceVerificationProblem | null =
    liveFaces.length > 1
      ? "severalLiveFaces"
      : !liveEmbedding
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
      faces: liveFaces.length,
      real: liveFace?.real ?? null,
      live: liveFace?.live ?? null,
    },
    problem,
    liveEmbedding,
  };
}

function bestSimilarity(
  analyzer: FaceAnalyzer,
  liveEmbedding: readonly number[],
  faces: readonly AnalyzedFace[],
): number | null {
  let best: number | null = null;
  for (const face of faces) {
    if (!face.embedding) continue;
    const similarity = analyzer.similarity(liveEmbedding, face.embedding);
    if (best === null || similarity > best) best = similarity;
  }
  return best;
}

function largestFaceSimilarity(
  analyzer: FaceAnalyzer,
  liveEmbedding: readonly number[],
  faces: readonly AnalyzedFace[],
): number | null {
  const area = (face: AnalyzedFace) => face.box.width * face.box.height;
  const largest = faces.reduce<AnalyzedFace | null>(
    (found, face) => (found === null || area(face) > area(found) ? face : found),
    null,
  );
  return largest?.embedding ? analyzer.similarity(liveEmbedding, largest.embedding) : null;
}
