/** A face the detector found, in the pixels of the camera frame it looked at. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Detector confidence, 0..1. */
  score: number;
}

export interface Size {
  width: number;
  height: number;
}

/** A face as the borrower sees it: fractions of the camera view (0..1 across, 0..1 down). */
export interface FaceInView {
  centerX: number;
  centerY: number;
  width: number;
}

/**
 * The oval of the UI kit's camera frame (camera-frame.css: top 14%, left 18%, 64% x 62% of the
 * view), as its centre and radii in fractions of the view.
 */
export const faceOval = { centerX: 0.5, centerY: 0.45, radiusX: 0.32, radiusY: 0.31 } as const;

/** Below this the detector is guessing (a poster, a shadow): not counted as a face. */
export const minFaceScore = 0.6;

/**
 * How far the face's centre may be from the oval's, relative to the oval's radii, and how wide
 * it may be relative to the oval's width: about the oval's size, neither a distant face (small
 * for the server's comparison) nor one cut off by the frame.
 */
const centreTolerance = 0.4;
const minWidthRatio = 0.5;
const maxWidthRatio = 1.35;

export type FacePosition =
  | "noFace"
  | "multipleFaces"
  | "notCentred"
  | "tooFar"
  | "tooClose"
  | "aligned";

/**
 * Where a face of the camera frame shows in the view, which shows the frame scaled to cover it
 * and centred (`object-fit: cover`). The view is mirrored for a front camera; the oval is
 * symmetric, so the mirror changes nothing here.
 */
export function faceInView(face: FaceBox, frame: Size, view: Size): FaceInView {
  const scale = Math.max(view.width / frame.width, view.height / frame.height);
  const offsetX = (view.width - frame.width * scale) / 2;
  const offsetY = (view.height - frame.height * scale) / 2;
  return {
    centerX: ((face.x + face.width / 2) * scale + offsetX) / view.width,
    centerY: ((face.y + face.height / 2) * scale + offsetY) / view.height,
    width: (face.width * scale) / view.width,
  };
}

/** What the borrower should do, from the faces the detector found in one frame. */
export function assessFaces(
  faces: readonly FaceBox[],
  frame: Size,
  view: Size,
): { position: FacePosition; face: FaceInView | null } {
  const found = faces.filter((face) => face.score >= minFaceScore);
  if (found.length === 0) return { position: "noFace", face: null };
  if (found.length > 1) return { position: "multipleFaces", face: null };
  const [only] = found as [FaceBox];
  const face = faceInView(only, frame, view);
  const dx = (face.centerX - faceOval.centerX) / faceOval.radiusX;
  const dy = (face.centerY - faceOval.centerY) / faceOval.radiusY;
  if (Math.hypot(dx, dy) > centreTolerance) return { position: "notCentred", face };
  const widthRatio = face.width / (2 * faceOval.radiusX);
  if (widthRatio < minWidthRatio) return { position: "tooFar", face };
  if (widthRatio > maxWidthRatio) return { position: "tooClose", face };
  return { position: "aligned", face };
}

/** How long the face has stayed aligned and still. */
export interface Hold {
  since: number | null;
  anchor: FaceInView | null;
  /** 0..1 of the hold time. */
  progress: number;
}

export const noHold: Hold = { since: null, anchor: null, progress: 0 };

/** About one second of a face held still in the oval, then the frame is captured. */
export const holdMs = 1000;
/** Movement that restarts the hold: of the view's width, and of the face's own width. */
const maxDrift = 0.06;
const maxResize = 0.15;

/**
 * The hold after one more observation at `time` (ms): an aligned face (or null) restarts the
 * hold when it moved or changed size since the hold began.
 */
export function nextHold(hold: Hold, time: number, face: FaceInView | null): Hold {
  if (face === null) return noHold;
  const anchor = hold.anchor;
  const moved =
    anchor === null ||
    hold.since === null ||
    Math.hypot(face.centerX - anchor.centerX, face.centerY - anchor.centerY) > maxDrift ||
    Math.abs(face.width - anchor.width) > maxResize * anchor.width;
  if (moved) return { since: time, anchor: face, progress: 0 };
  const since = hold.since ?? time;
  return { since, anchor, progress: Math.min(1, (time - since) / holdMs) };
}
