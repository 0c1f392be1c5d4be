import { createEmbeddingFaceVerifier, type FaceAnalyzer } from "./embedding-face-verifier";
import type { FaceVerifier } from "./face-verifier";
import { createHumanFaceAnalyzer } from "./human-face-analyzer";

/**
 * The similarity (the cosine of FaceRes embeddings, 0..1) a live face must reach against every
 * reference: above every different-people pair of the fixtures (at most 0.719) with a margin, since
 * a larger population has look-alikes further out (docs/identity.md, "Matching faces";
 * bench/face-accuracy.ts).
 */
export const DEFAULT_FACE_MATCH_THRESHOLD = 0.75;

export interface HumanFaceVerifierOptions {
  threshold?: number;
  /** An analyzer to share (its models load once); a new one by default. */
  analyzer?: FaceAnalyzer;
}

/** The local face matching engine: Human's models on TensorFlow.js WebAssembly, loaded on the
 * first `verify` (once, however many calls wait for it). */
export function createHumanFaceVerifier(options: HumanFaceVerifierOptions = {}): FaceVerifier {
  const { threshold = DEFAULT_FACE_MATCH_THRESHOLD, analyzer = createHumanFaceAnalyzer() } =
    options;
  return createEmbeddingFaceVerifier(analyzer, { threshold });
}
