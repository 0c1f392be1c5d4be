import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
} from "@aws-sdk/client-s3";
import { type S3FileStoreConfig, s3ClientFor } from "./s3-file-store";

/**
 * Objects a browser uploaded straight to the bucket with cloud upload credentials, before the
 * server has checked them (docs/identity.md, "Cloud uploads"): read once, then removed.
 */
export interface IncomingObjects {
  /** Where the browser's form goes (path-style for S3-compatible servers). */
  uploadUrl: string;
  /** The bytes under `key` when there are at most `maxBytes`; "tooLarge"; or null when absent. */
  read(key: string, maxBytes: number): Promise<Uint8Array | "tooLarge" | null>;
  remove(key: string): Promise<void>;
}

export function createIncomingObjects(config: S3FileStoreConfig): IncomingObjects {
  const client = s3ClientFor(config);
  const uploadUrl = config.endpoint
    ? `${config.endpoint.replace(/\/+$/, "")}/${config.bucket}`
    : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  return {
    uploadUrl,
    async read(key, maxBytes) {
      try {
        // The size first (a policy-less S3-compatible server may have taken anything), then
        // that very version, and never more than one byte past the limit: the client's
        // credentials are still valid and could replace the object in between.
        const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }));
        if ((head.ContentLength ?? 0) > maxBytes) return "tooLarge";
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: key,
            IfMatch: head.ETag,
            Range: `bytes=0-${maxBytes}`,
          }),
        );
        const bytes = answer.Body ? await answer.Body.transformToByteArray() : null;
        if (bytes !== null && bytes.byteLength > maxBytes) return "tooLarge";
        return bytes;
      } catch (error) {
        if (error instanceof NoSuchKey || error instanceof NotFound) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}
