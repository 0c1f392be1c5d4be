/**
 * A signature as data: strokes of [x, y, pressure] points, x and y normalised to the box the
 * signature was drawn in (0..1 of its width and height), plus that box's size in CSS px. Redrawing
 * scales the box uniformly into any canvas, so the drawing survives resizes and rotation
 * without being stretched.
 */
export type SignaturePoint = [x: number, y: number, pressure: number];

export interface SignatureData {
  /** CSS px size of the box the points are normalised to (the canvas at the first stroke). */
  width: number;
  height: number;
  strokes: SignaturePoint[][];
}

export const emptySignature: SignatureData = { width: 0, height: 0, strokes: [] };

/** How the reference box maps into a canvas of `width` x `height` CSS px: uniform scale, centred. */
export interface BoxFit {
  scale: number;
  offsetX: number;
  offsetY: number;
}

export function fitBox(
  data: Pick<SignatureData, "width" | "height">,
  width: number,
  height: number,
): BoxFit {
  if (data.width <= 0 || data.height <= 0) {
    return { scale: 1, offsetX: 0, offsetY: 0 };
  }
  const scale = Math.min(width / data.width, height / data.height);
  return {
    scale,
    offsetX: (width - data.width * scale) / 2,
    offsetY: (height - data.height * scale) / 2,
  };
}

/** Canvas CSS px -> normalised point of the reference box. */
export function toNormalised(
  data: Pick<SignatureData, "width" | "height">,
  fit: BoxFit,
  x: number,
  y: number,
  pressure: number,
): SignaturePoint {
  return [
    (x - fit.offsetX) / (data.width * fit.scale),
    (y - fit.offsetY) / (data.height * fit.scale),
    pressure,
  ];
}

/** Normalised point -> canvas CSS px. */
export function toCanvas(
  data: Pick<SignatureData, "width" | "height">,
  fit: BoxFit,
  point: SignaturePoint,
): [number, number, number] {
  return [
    fit.offsetX + point[0] * data.width * fit.scale,
    fit.offsetY + point[1] * data.height * fit.scale,
    point[2],
  ];
}

export type SignatureCheck =
  | { kind: "ok" }
  | { kind: "empty" }
  | { kind: "too-small"; inkLength: number; extent: number };

export interface SignatureLimits {
  /** Least total stroke length, in CSS px of the reference box. */
  minInkLength: number;
  /** Least width or height of the signature's bounding box, in CSS px. */
  minExtent: number;
}

export const defaultSignatureLimits: SignatureLimits = { minInkLength: 60, minExtent: 24 };

/**
 * Whether the drawing is a signature at all: no strokes is 'empty'; a dot, a tick or a tiny
 * scribble ('too small') is refused the same way ('no signature detected').
 */
export function checkSignature(
  data: SignatureData,
  limits: SignatureLimits = defaultSignatureLimits,
): SignatureCheck {
  const points = data.strokes.flat();
  if (points.length === 0) {
    return { kind: "empty" };
  }
  let inkLength = 0;
  for (const stroke of data.strokes) {
    for (let index = 1; index < stroke.length; index += 1) {
      const [x0, y0] = stroke[index - 1] as SignaturePoint;
      const [x1, y1] = stroke[index] as SignaturePoint;
      inkLength += Math.hypot((x1 - x0) * data.width, (y1 - y0) * data.height);
    }
  }
  const xs = points.map((point) => point[0] * data.width);
  const ys = points.map((point) => point[1] * data.height);
  const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  if (inkLength < limits.minInkLength || extent < limits.minExtent) {
    return { kind: "too-small", inkLength, extent };
  }
  return { kind: "ok" };
}
