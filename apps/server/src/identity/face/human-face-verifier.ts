import { createEmbeddingFaceVerifier, type FaceAnalyzer } from "./embedding-face-verifier";
import type { FaceThresholds, FaceVerifier } from "./face-verifier";
import { createHumanFaceAnalyzer } from "./human-face-analyzer";

/**
 * The similarities (the cosine of FaceRes embeddings, 0..1) that split the three outcomes
 * (docs/identity.md, "Three outcomes"; measured by bench/face-accuracy.ts on the fixtures):
 * - `match` 0.75: above every different-people pair (at most 0.719 in 5,848) with a margin,
 *   since a larger population has look-alikes further out;
 * - `review` 0.50: below every same-person pair of different photos (at least 0.508 in 104).
 * Between them the engine cannot tell, and a person decides.
 */
export const DEFAULT_FACE_THRESHOLDS: FaceThresholds = { match: 0.75, review: 0.5 };

export interface HumanFaceVerifierOptions {
  thresholds?: FaceThresholds;
  /** An analyzer to share (its models load once); a new one by default. */
  analyzer?: FaceAnalyzer;
}

/** The local face matching engine: Human's models on TensorFlow.js WebAssembly, loaded on the
 * first `verify` (once, however many calls wait for it). */
export function createHumanFaceVerifier(options: HumanFaceVerifierOptions = {}): FaceVerifier {
  const { thresholds = DEFAULT_FACE_THRESHOLDS, analyzer = createHumanFaceAnalyzer() } = options;
  return createEmbeddingFaceVerifier(analyzer, { thresholds });
}
