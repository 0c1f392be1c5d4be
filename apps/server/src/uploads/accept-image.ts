import type { ServerContext } from "../context";
import { type Outcome, refuse, succeed } from "../outcome";
import { processUploadedImage } from "./image-processing";
import { countRecentUploads, saveUpload, uploadsPerHour } from "./upload-store";

/** The uploaded file descriptor (docs/entities.md#uploaded-file) an upload answers. */
export interface UploadAnswer {
  path: string;
  size: number;
  width: number;
  height: number;
  name: string;
  url: string;
}

const extensionOf = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" } as const;

/**
 * What every way in (the multipart upload, an object uploaded to S3 with cloud credentials) does
 * with an image (docs/identity.md, "Uploaded images"): the hourly allowance, the checks and the
 * re-encoding, storage by content hash, and the descriptor with an address for the uploader.
 */
export async function acceptUploadedImage(
  ctx: ServerContext,
  ownerId: string,
  bytes: Uint8Array,
  now: Date,
): Promise<Outcome<UploadAnswer>> {
  if ((await countRecentUploads(ctx.db, ownerId, now)) >= uploadsPerHour) {
    return refuse(429, "common.operationTooFrequent");
  }
  const processed = await processUploadedImage(bytes);
  if (!processed.ok) return refuse(400, processed.key);
  const row = await saveUpload(ctx.db, ctx.files, ownerId, processed.image, now);
  return succeed({
    path: `/files/${row.id}`,
    size: row.sizeBytes,
    width: row.width,
    height: row.height,
    name: `${row.id}.${extensionOf[processed.image.mimeType]}`,
    url: ctx.fileAddresses.addressFor(row.id, ownerId, now),
  });
}
