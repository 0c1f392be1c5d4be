import { getStroke } from "perfect-freehand";
import { fitBox, type SignatureData, type SignaturePoint, toCanvas } from "./signature-data";

export interface PenStyle {
  color: string;
  /** Nib size in CSS px at the reference box's size; scales with the drawing. */
  size: number;
}

/** perfect-freehand's outline of one stroke, in canvas CSS px. */
export function strokeOutline(
  data: Pick<SignatureData, "width" | "height">,
  stroke: SignaturePoint[],
  canvasWidth: number,
  canvasHeight: number,
  pen: PenStyle,
  complete: boolean,
): number[][] {
  const fit = fitBox(data, canvasWidth, canvasHeight);
  const points = stroke.map((point) => toCanvas(data, fit, point));
  const realPressure = stroke.some((point) => point[2] !== 0.5);
  return getStroke(points, {
    size: pen.size * fit.scale,
    thinning: 0.6,
    smoothing: 0.5,
    streamline: 0.5,
    simulatePressure: !realPressure,
    last: complete,
  });
}

function fillOutline(context: CanvasRenderingContext2D, outline: number[][]) {
  const first = outline[0];
  if (!first) return;
  context.beginPath();
  context.moveTo(first[0] ?? 0, first[1] ?? 0);
  // Quadratic curves through the midpoints: a smooth edge without visible polygon corners.
  for (let index = 1; index < outline.length; index += 1) {
    const current = outline[index] as number[];
    const next = outline[(index + 1) % outline.length] as number[];
    context.quadraticCurveTo(
      current[0] ?? 0,
      current[1] ?? 0,
      ((current[0] ?? 0) + (next[0] ?? 0)) / 2,
      ((current[1] ?? 0) + (next[1] ?? 0)) / 2,
    );
  }
  context.closePath();
  context.fill();
}

/**
 * Draws every stroke into `context`, whose transform already maps CSS px to device pixels.
 * `live` is the stroke being drawn (not yet finished).
 */
export function renderSignature(
  context: CanvasRenderingContext2D,
  data: SignatureData,
  live: SignaturePoint[] | null,
  width: number,
  height: number,
  pen: PenStyle,
  background: string | null,
) {
  context.clearRect(0, 0, width, height);
  if (background) {
    context.fillStyle = background;
    context.fillRect(0, 0, width, height);
  }
  context.fillStyle = pen.color;
  for (const stroke of data.strokes) {
    fillOutline(context, strokeOutline(data, stroke, width, height, pen, true));
  }
  if (live && live.length > 0) {
    fillOutline(context, strokeOutline(data, live, width, height, pen, false));
  }
}
