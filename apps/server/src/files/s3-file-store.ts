import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { type FileStore, isStoredFileKey, storedFileKey } from "./file-store";

export interface S3FileStoreConfig {
  /** e.g. https://s3.ap-northeast-2.amazonaws.com, or a MinIO / s3rver address. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** Folder inside the bucket, without slashes at its ends ("" for the bucket's root). */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (bucket in the path), which MinIO and s3rver need. */
  forcePathStyle: boolean;
}

/** A client of the configured bucket's server, as every S3 use of the server needs it. */
export function s3ClientFor(config: S3FileStoreConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: S3-compatible servers do not all accept the
    // streaming checksum trailers the SDK sends by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** S3-compatible object storage behind the same interface as the local store. */
export function createS3FileStore(config: S3FileStoreConfig): FileStore {
  const client = s3ClientFor(config);
  const objectKey = (key: string) => (config.prefix ? `${config.prefix}/${key}` : key);
  return {
    async put(bytes, type) {
      const key = storedFileKey(bytes, type);
      // Content-addressed: an object already there holds these very bytes.
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        return key;
      } catch (error) {
        if (!(error instanceof NotFound)) throw error;
      }
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: bytes,
          ContentType: type,
        }),
      );
      return key;
    },
    async get(key) {
      if (!isStoredFileKey(key)) return null;
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }),
        );
        return answer.Body ? await answer.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof NoSuchKey || error instanceof NotFound) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isStoredFileKey(key)) return;
      // S3 answers a deleted key and a missing one alike.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}
