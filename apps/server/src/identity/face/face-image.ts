/** An image decoded for a face detector: square RGB pixels, and how they map to the photo. */
export interface SquareImage {
  /** Row-major RGB, `side * side * 3` bytes. */
  pixels: Uint8Array;
  side: number;
  /** Photo pixel = (square pixel - offset) / scale. */
  scale: number;
  offsetX: number;
  offsetY: number;
  /** The photo's size after its EXIF rotation. */
  width: number;
  height: number;
}

/**
 * Decodes a photo (applying its EXIF orientation, dropping alpha) and letterboxes it onto a black
 * square no larger than `maxSide`. Detectors that squash their input to a square (Human's
 * BlazeFace: 256×256) would otherwise see faces in a tall phone photo squeezed sideways; larger
 * photos only cost time, since the detector and the face models work on small inputs.
 */
export async function decodeSquare(image: Uint8Array, maxSide: number): Promise<SquareImage> {
  // sharp (libvips) loads with the first photo, not at start (README, "Memory at idle").
  const { default: sharp } = await import("sharp");
  const { data, info } = await sharp(image)
    .rotate()
    .removeAlpha()
    .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The size after the EXIF rotation (the header only; no second decode).
  const { width, height } = (await sharp(image).metadata()).autoOrient;
  const side = Math.max(info.width, info.height);
  const offsetX = Math.floor((side - info.width) / 2);
  const offsetY = Math.floor((side - info.height) / 2);
  const square = await sharp(data, { raw: info })
    .extend({
      left: offsetX,
      right: side - info.width - offsetX,
      top: offsetY,
      bottom: side - info.height - offsetY,
      background: { r: 0, g: 0, b: 0 },
    })
    .raw()
    .toBuffer();
  return {
    pixels: new Uint8Array(square.buffer, square.byteOffset, square.byteLength),
    side,
    scale: info.width / width,
    offsetX,
    offsetY,
    width,
    height,
  };
}
