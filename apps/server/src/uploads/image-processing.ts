import { type ImageMimeType, type MessageKey, validateImageUpload } from "@chayong/domain";

/** What an upload becomes: the re-encoded image and its size. */
export interface ProcessedImage {
  bytes: Uint8Array;
  mimeType: ImageMimeType;
  width: number;
  height: number;
}

export type ImageProcessing = { ok: true; image: ProcessedImage } | { ok: false; key: MessageKey };

/** Limits of uploaded images (docs/identity.md, "Uploaded images"). */
export const imageLimits = {
  /** Pixels decoded at most: a 10 MB file can declare far more (a decompression bomb). */
  maxInputPixels: 50_000_000,
  /** Longest side kept: enough for OCR of a card photo, small enough to store and compare. */
  maxSide: 3000,
} as const;

/**
 * Checks an uploaded file and re-encodes it (docs/identity.md): sniffed by content (the domain
 * rule), turned upright from its EXIF orientation, scaled down to `imageLimits.maxSide`, and
 * written again in its own format, which leaves every metadata block (EXIF with its GPS
 * position, XMP, ICC, comments) behind.
 */
export async function processUploadedImage(bytes: Uint8Array): Promise<ImageProcessing> {
  const checked = validateImageUpload(bytes);
  if (!checked.ok) return { ok: false, key: checked.errors[0]?.key ?? "upload.notImage" };
  const mimeType = checked.value;
  // sharp (libvips) loads with the first image, not at start (README, "Memory at idle").
  const { default: sharp } = await import("sharp");
  try {
    // The header's size first: a picture with too many pixels gets the size message whether
    // its body is whole or not, and none of it is decoded.
    // (No limit on reading the header, or sharp's own would refuse it as unreadable.)
    const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (width * height > imageLimits.maxInputPixels) return { ok: false, key: "upload.tooLarge" };
    let pipeline = sharp(bytes, { limitInputPixels: imageLimits.maxInputPixels, failOn: "error" })
      .rotate()
      .resize({
        width: imageLimits.maxSide,
        height: imageLimits.maxSide,
        fit: "inside",
        withoutEnlargement: true,
      });
    if (mimeType === "image/jpeg") pipeline = pipeline.jpeg({ quality: 90 });
    else if (mimeType === "image/png") pipeline = pipeline.png();
    else pipeline = pipeline.webp({ quality: 90 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      image: { bytes: new Uint8Array(data), mimeType, width: info.width, height: info.height },
    };
  } catch {
    // Right magic bytes, unreadable header or body (truncated, corrupt).
    return { ok: false, key: "upload.notImage" };
  }
}
