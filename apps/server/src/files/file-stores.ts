import type { FileStoreConfig } from "../config/config";
import { createLocalFileStore, type FileStore } from "./file-store";
import type { IncomingObjects } from "./s3-incoming";

/** The uploads' store; the AWS SDK loads only for S3 (README, "Memory at idle"). */
export async function fileStoresFor(
  config: FileStoreConfig,
): Promise<{ files: FileStore; incoming: IncomingObjects | null }> {
  if (config.kind === "local") return { files: createLocalFileStore(config.root), incoming: null };
  const [{ createS3FileStore }, { createIncomingObjects }] = await Promise.all([
    import("./s3-file-store"),
    import("./s3-incoming"),
  ]);
  return { files: createS3FileStore(config), incoming: createIncomingObjects(config) };
}
