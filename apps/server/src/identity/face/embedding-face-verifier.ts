import { checkThresholds, judgeFaces } from "./face-judging";
import type {
  FaceReference,
  FaceThresholds,
  FaceVerification,
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
  /** Where the head points and how open the eyes are, when the engine places landmarks (the
   * liveness challenge reads them: liveness.ts). */
  pose?: FacePose | null;
}

/** A face's pose, from the engine's face mesh. */
export interface FacePose {
  /** Head turn in degrees, positive towards the image's right (the person's left, unmirrored). */
  yaw: number;
  /** Eyelid gap over eye height, both eyes averaged: about 0.3+ open, below 0.2 closed. */
  eyeOpenness: number;
  /** A few landmarks (x, y in photo pixels): nose tip, eye corners, mouth corners, chin,
   * forehead, cheeks; for telling a turning head from a flat photo turned. */
  landmarks: [number, number][];
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
 * `FaceReference.match`); the lowest reference score decides against the thresholds
 * (face-judging.ts).
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

function judge(
  analyzer: FaceAnalyzer,
  thresholds: FaceThresholds,
  liveFaces: readonly AnalyzedFace[],
  references: readonly FaceReference[],
  referenceFaces: readonly AnalyzedFace[][],
): FaceVerification {
  const liveFace = liveFaces.length === 1 ? liveFaces[0] : undefined;
  const liveEmbedding = liveFace?.embedding ?? null;
  const verification = judgeFaces(thresholds, references, {
    live: {
      faces: liveFaces.length,
      comparable: liveEmbedding !== null,
      real: liveFace?.real ?? null,
      live: liveFace?.live ?? null,
    },
    references: references.map((reference, index) => {
      const faces = referenceFaces[index] ?? [];
      return {
        faces: faces.length,
        similarity: !liveEmbedding
          ? null
          : reference.match === "largest"
            ? largestFaceSimilarity(analyzer, liveEmbedding, faces)
            : bestSimilarity(analyzer, liveEmbedding, faces),
      };
    }),
  });
  // The live face's description, for the search among other borrowers (one-identity.ts).
  return { ...verification, liveEmbedding };
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
