import { randomBytes } from "node:crypto";
import { and, count, eq, gte } from "drizzle-orm";
import type { Db } from "../db/database";
import { uploads } from "../db/schema";
import type { FileStore } from "../files/file-store";
import type { ProcessedImage } from "./image-processing";

export type UploadRow = typeof uploads.$inferSelect;

/** Uploads one user may make in an hour: enough for many retakes, not for filling the disk. */
export const uploadsPerHour = 60;

export function newUploadId(): string {
  return randomBytes(16).toString("base64url");
}

export async function countRecentUploads(db: Db, ownerId: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 60 * 60 * 1000);
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), gte(uploads.createdAt, since)));
  return row?.n ?? 0;
}

/** Stores the image's bytes (by content hash) and records whose upload it is. */
export async function saveUpload(
  db: Db,
  files: FileStore,
  ownerId: string,
  image: ProcessedImage,
  now: Date,
): Promise<UploadRow> {
  const fileKey = await files.put(image.bytes, image.mimeType);
  const [row] = await db
    .insert(uploads)
    .values({
      id: newUploadId(),
      ownerId,
      fileKey,
      mimeType: image.mimeType,
      sizeBytes: image.bytes.byteLength,
      width: image.width,
      height: image.height,
      createdAt: now,
    })
    .returning();
  if (row === undefined) throw new Error("upload insert returned nothing");
  return row;
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row ?? null;
}
