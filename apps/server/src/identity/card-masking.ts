import type { ImageMimeType } from "@chayong/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { ServerContext } from "../context";
import type { Db } from "../db/database";
import { uploads } from "../db/schema";
import type { FieldProblem } from "../outcome";
import type { ProcessedImage } from "../uploads/image-processing";
import type { UploadRow } from "../uploads/upload-store";
import type { IdNumberSearch, ImageBox } from "./ocr/id-card-reader";

/**
 * Masking the ID number on the card photos a lender or the borrower is shown (docs/identity.md,
 * "Masked card images"): the number is found in each photo, must be the number typed, and its
 * hidden part is covered before anything is stored.
 */

/** A photo of the card, as uploaded, and the request field it came from. */
export interface CardPhoto {
  field: "frontPhotoUrl" | "holdingPhotoUrl";
  upload: UploadRow;
  bytes: Uint8Array;
}

/** What a search says about one photo: where to mask, or why it cannot be kept. */
export type CardNumberFinding =
  | { found: true; hidden: ImageBox[] }
  | { found: false; problem: FieldProblem; otherNumberRead: boolean };

/**
 * The typed number not found but another read: the card is not the one typed (on the number,
 * which the borrower more likely mistyped, for the front; on the photo for the holding photo,
 * whose card must be the front's). Nothing valid read: the photo must be retaken.
 */
export function cardNumberFinding(
  photo: CardPhoto,
  search: Extract<IdNumberSearch, { available: true }>,
): CardNumberFinding {
  if (search.hidden.length > 0) return { found: true, hidden: search.hidden };
  const otherNumberRead = search.otherNumbers.length > 0;
  const field = otherNumberRead && photo.field === "frontPhotoUrl" ? "idNumber" : photo.field;
  const key = otherNumberRead
    ? "identity.idNumber.cardMismatch"
    : "identity.photo.numberUnreadable";
  return { found: false, problem: { key, field }, otherNumberRead };
}

/** Opaque, so neither the digits nor their outline show through. */
const maskColour = "#202124";

/**
 * The photo with each box covered, encoded again in its own format as an upload is
 * (image-processing.ts). Boxes are rounded outwards and clipped to the image.
 */
export async function maskedCopy(
  bytes: Uint8Array,
  mimeType: ImageMimeType,
  boxes: readonly ImageBox[],
): Promise<ProcessedImage> {
  const { default: sharp } = await import("sharp");
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const rectangles = boxes.flatMap((box) => {
    const left = Math.max(0, Math.floor(box.left));
    const top = Math.max(0, Math.floor(box.top));
    const right = Math.min(width, Math.ceil(box.left + box.width));
    const bottom = Math.min(height, Math.ceil(box.top + box.height));
    if (right <= left || bottom <= top) return [];
    return [
      {
        input: {
          create: {
            width: right - left,
            height: bottom - top,
            channels: 3 as const,
            background: maskColour,
          },
        },
        left,
        top,
      },
    ];
  });
  let pipeline = sharp(bytes).composite(rectangles);
  if (mimeType === "image/jpeg") pipeline = pipeline.jpeg({ quality: 90 });
  else if (mimeType === "image/png") pipeline = pipeline.png();
  else pipeline = pipeline.webp({ quality: 90 });
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { bytes: new Uint8Array(data), mimeType, width: info.width, height: info.height };
}

/**
 * Drops the borrower's uploads of the clear photos (every upload of the caller's holding the
 * same bytes): called in the transaction that records the masked copies in their place.
 */
export async function dropClearUploads(db: Db, ownerId: string, photos: readonly CardPhoto[]) {
  const fileKeys = photos.map((photo) => photo.upload.fileKey);
  await db
    .delete(uploads)
    .where(and(eq(uploads.ownerId, ownerId), inArray(uploads.fileKey, fileKeys)));
}

/**
 * Deletes the clear photos' files once no upload names them any more. Files are shared by equal
 * bytes: another user's upload of the very same picture keeps it (theirs to keep). Runs after
 * the confirmation committed, so a failure is logged for the operator, not answered.
 */
export async function deleteClearFiles(ctx: ServerContext, photos: readonly CardPhoto[]) {
  for (const photo of photos) {
    try {
      const [stillNamed] = await ctx.db
        .select({ id: uploads.id })
        .from(uploads)
        .where(eq(uploads.fileKey, photo.upload.fileKey))
        .limit(1);
      if (stillNamed === undefined) await ctx.files.delete(photo.upload.fileKey);
    } catch (error) {
      ctx.logger.error(
        { err: error, uploadId: photo.upload.id },
        "an ID card's clear photo could not be deleted after its masked copy was kept",
      );
    }
  }
}
