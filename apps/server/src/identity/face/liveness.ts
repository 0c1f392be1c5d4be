import type { AnalyzedFace, FaceAnalyzer } from "./embedding-face-verifier";

/**
 * Liveness (docs/identity.md, "Liveness"): a still photo held to the camera must never pass. The
 * borrower performs a random action the server chose (`LivenessAction`), the app sends a short
 * burst of frames, and `judgeLiveness` checks, from those frames alone:
 *
 * 1. the frames are not copies of one picture (`minFrameDifference`);
 * 2. every frame shows exactly one face;
 * 3. every frame shows the face of the first, and the first the face of the live capture;
 * 4. the action happened (a head turn's yaw change, a blink's eyelid gap);
 * 5. the engine's passive anti-spoof and liveness scores (`PASSIVE_LIVENESS_THRESHOLDS`).
 */

export const livenessActions = ["turnLeft", "turnRight", "blink"] as const;
export type LivenessAction = (typeof livenessActions)[number];

export type LivenessProblem =
  /** A frame without exactly one face. */
  | "faceLost"
  /** Two frames (almost) the same picture: a still image. */
  | "stillFrames"
  /** A frame showing someone else than the first frame, or the first someone else than the
   * live capture. */
  | "faceChanged"
  /** The requested movement is not in the frames. */
  | "actionMissing"
  /** The passive scores call the face a replay. */
  | "spoofSuspected";

/**
 * Thresholds of the liveness checks, measured by `pnpm --filter @chayong/server bench:liveness`
 * on the face fixtures and the replay set made from them (docs/identity.md, "Liveness"):
 *
 * - `real`, `live`: the median over the frames of Human's anti-spoof and liveness scores must
 *   reach these. Set low, where no genuine fixture face is refused, because the replays are not
 *   told apart from the fixtures (themselves photos of photos) by these models: they stop only
 *   the crudest replays, and the active challenge carries the decision.
 * - `noseShift`: for a turn, the nose tip must move this far (in eye spans) past the outer eye
 *   corners' middle, in the asked direction, from the first frame. Human's yaw estimate is
 *   recorded but does not decide: on the synthetic turns it moved little (a 50° turn read 5–9° on
 *   some faces) and a flat photo swivelled 40° moved it up to 8°.
 * - `blinkClosed` / `blinkOpen`: one frame's eyelid gap at most `blinkClosed` (Human's blink
 *   gesture: 0.2) and one at least `blinkOpen`.
 * - `sameFace`: each frame's similarity (cosine of embeddings) to the first; the first frame's to
 *   the live capture. Below the face match threshold (0.75), since a turned head changes the
 *   embedding, and above most different-people pairs (p95 0.54 on the fixtures).
 * - `distinctPixels`: two frames whose grey thumbnails differ by less than this (mean absolute
 *   difference, 0..255) are one picture encoded twice.
 */
export const PASSIVE_LIVENESS_THRESHOLDS = { real: 0.2, live: 0.2 } as const;
export const ACTIVE_LIVENESS_THRESHOLDS = {
  noseShift: 0.1,
  blinkClosed: 0.2,
  blinkOpen: 0.28,
  sameFace: 0.7,
  distinctPixels: 1.5,
} as const;

export interface LivenessFrame {
  faces: AnalyzedFace[];
  /** A small grey thumbnail of the frame (`thumbnail`), to tell copies of one picture. */
  thumbnail: Uint8Array;
}

export interface LivenessResult {
  passed: boolean;
  problem: LivenessProblem | null;
  /** What was measured, for the attempt's record (numbers only, never an image or embedding). */
  measured: {
    frames: number;
    facesPerFrame: number[];
    minSameFace: number | null;
    liveCaptureToFirst: number | null;
    minFrameDifference: number | null;
    yawChange: number | null;
    noseShift: number | null;
    eyeOpenness: { min: number; max: number } | null;
    real: number | null;
    live: number | null;
  };
}

/** The record of frames judged no further than counting their faces. */
export function nothingMeasured(
  frames: readonly { faces: readonly unknown[] }[],
): LivenessResult["measured"] {
  return {
    frames: frames.length,
    facesPerFrame: frames.map((frame) => frame.faces.length),
    minSameFace: null,
    liveCaptureToFirst: null,
    minFrameDifference: null,
    yawChange: null,
    noseShift: null,
    eyeOpenness: null,
    real: null,
    live: null,
  };
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** The nose tip's offset from the outer eye corners' middle, in eye spans (`FacePose.landmarks`:
 * nose tip first, the outer eye corners second and fifth). */
export function noseOffset(landmarks: readonly (readonly [number, number])[]): number {
  const [nose, eyeA, , , eyeB] = landmarks;
  if (!nose || !eyeA || !eyeB) return Number.NaN;
  const span = eyeB[0] - eyeA[0];
  return span === 0 ? Number.NaN : (nose[0] - (eyeA[0] + eyeB[0]) / 2) / span;
}

/** The smallest difference between any two frames' thumbnails; null for fewer than two. */
export function minFrameDifference(thumbnails: readonly Uint8Array[]): number | null {
  let min: number | null = null;
  for (let i = 0; i < thumbnails.length; i++) {
    for (let j = i + 1; j < thumbnails.length; j++) {
      const difference = frameDifference(
        thumbnails[i] ?? new Uint8Array(),
        thumbnails[j] ?? new Uint8Array(),
      );
      if (min === null || difference < min) min = difference;
    }
  }
  return min;
}

/** The mean absolute difference of two equally sized grey thumbnails, 0..255. */
export function frameDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length || a.length === 0) return 255;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

/** A frame's grey 32 × 32 thumbnail (the whole frame, squashed; blurred a little so JPEG noise
 * does not count as a difference). */
export async function thumbnail(image: Uint8Array): Promise<Uint8Array> {
  const { default: sharp } = await import("sharp");
  const pixels = await sharp(image)
    .rotate()
    .greyscale()
    .resize(32, 32, { fit: "fill" })
    .blur(0.6)
    .raw()
    .toBuffer();
  return new Uint8Array(pixels);
}

/**
 * Judges a challenge's frames. `liveCapture` is the face of the capture compared with the ID card
 * (the frames must show that person); the frames are analysed by the same engine.
 */
export function judgeLiveness(
  analyzer: Pick<FaceAnalyzer, "similarity">,
  action: LivenessAction,
  liveCapture: AnalyzedFace,
  frames: readonly LivenessFrame[],
  thresholds: {
    passive: typeof PASSIVE_LIVENESS_THRESHOLDS;
    active: typeof ACTIVE_LIVENESS_THRESHOLDS;
  } = { passive: PASSIVE_LIVENESS_THRESHOLDS, active: ACTIVE_LIVENESS_THRESHOLDS },
): LivenessResult {
  const { passive, active } = thresholds;
  const measured = nothingMeasured(frames);
  const fail = (problem: LivenessProblem): LivenessResult => ({
    passed: false,
    problem,
    measured,
  });

  // 1. No two frames the same picture (any pair: a still photo, or two stills alternated).
  const minDifference = minFrameDifference(frames.map((frame) => frame.thumbnail));
  measured.minFrameDifference = minDifference;
  if (minDifference !== null && minDifference < active.distinctPixels) return fail("stillFrames");

  // 2. Exactly one described face in every frame.
  const faces = frames.map((frame) => (frame.faces.length === 1 ? frame.faces[0] : undefined));
  const described = faces.filter(
    (face): face is AnalyzedFace & { embedding: readonly number[] } => !!face?.embedding,
  );
  if (frames.length === 0 || described.length !== frames.length) return fail("faceLost");

  // 3. One person throughout, and the person of the live capture.
  const first = described[0];
  if (!first) return fail("faceLost");
  const sameFace = described.map((face) => analyzer.similarity(first.embedding, face.embedding));
  measured.minSameFace = Math.min(...sameFace);
  measured.liveCaptureToFirst = liveCapture.embedding
    ? analyzer.similarity(liveCapture.embedding, first.embedding)
    : 0;
  if (measured.minSameFace < active.sameFace || measured.liveCaptureToFirst < active.sameFace) {
    return fail("faceChanged");
  }

  // 4. The action.
  const poses = described.map((face) => face.pose ?? null);
  if (poses.some((pose) => pose === null)) return fail("actionMissing");
  const firstPose = poses[0];
  if (!firstPose) return fail("actionMissing");
  if (action === "blink") {
    const openness = poses.map((pose) => pose?.eyeOpenness ?? 0);
    const min = Math.min(...openness);
    const max = Math.max(...openness);
    measured.eyeOpenness = { min, max };
    if (!(min <= active.blinkClosed && max >= active.blinkOpen)) return fail("actionMissing");
  } else {
    // The nose tip's sideways shift against the line of the outer eye corners, in eye spans:
    // a turning head carries the nose past the eyes; a flat photo swivelled keeps them in one
    // plane (only perspective moves them a little). The borrower's left is the image's right in
    // an unmirrored camera, where the nose moves right of the eyes' middle.
    const sign = action === "turnLeft" ? 1 : -1;
    const firstOffset = noseOffset(firstPose.landmarks);
    const change = Math.max(
      ...poses.map((pose) => sign * (noseOffset(pose?.landmarks ?? []) - firstOffset)),
    );
    measured.noseShift = change;
    measured.yawChange = Math.max(
      ...poses.map((pose) => -sign * ((pose?.yaw ?? 0) - firstPose.yaw)),
    );
    if (!(change >= active.noseShift)) return fail("actionMissing");
  }

  // 5. Passive scores, the median over the frames (one frame's score is noisy).
  measured.real = median(described.flatMap((face) => (face.real === null ? [] : [face.real])));
  measured.live = median(described.flatMap((face) => (face.live === null ? [] : [face.live])));
  if (
    (measured.real !== null && measured.real < passive.real) ||
    (measured.live !== null && measured.live < passive.live)
  ) {
    return fail("spoofSuspected");
  }
  return { passed: true, problem: null, measured };
}

/**
 * Analyses a challenge's frames one after another (the engine runs one image at a time). Copies
 * of one picture are told from their thumbnails first and not analysed at all: the judgement
 * refuses them before it looks at faces, and a still photo costs the engine nothing.
 */
export async function analyzeFrames(
  analyzer: FaceAnalyzer,
  images: readonly Uint8Array[],
): Promise<LivenessFrame[]> {
  const thumbnails: Uint8Array[] = [];
  for (const image of images) thumbnails.push(await thumbnail(image));
  const difference = minFrameDifference(thumbnails);
  const still = difference !== null && difference < ACTIVE_LIVENESS_THRESHOLDS.distinctPixels;
  const frames: LivenessFrame[] = [];
  for (const [index, image] of images.entries()) {
    frames.push({
      faces: still ? [] : await analyzer.analyze(image),
      thumbnail: thumbnails[index] ?? new Uint8Array(),
    });
  }
  return frames;
}
