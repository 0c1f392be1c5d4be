import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { ImageMimeType } from "@chayong/domain";

/**
 * Where uploaded images live (docs/identity.md): one interface, the local data folder by
 * default, S3-compatible storage when a deployment runs on more than one machine. Files are
 * named by the SHA-256 of their bytes, so storing the same image twice stores it once and a
 * name can never be guessed from a borrower or a contract.
 */
export interface FileStore {
  /** Stores the bytes (idempotent) and answers their content-hash key. */
  put(bytes: Uint8Array, type: StoredFileType): Promise<StoredFileKey>;
  /** The bytes under a key, or null when there are none. */
  get(key: StoredFileKey): Promise<Uint8Array | null>;
  /**
   * Removes the bytes under a key (a key with none is no error). Keys are shared by equal
   * bytes: the caller checks that no other upload still names the key.
   */
  delete(key: StoredFileKey): Promise<void>;
}

/** `<sha256 hex>.<jpg|png|webp|pdf>` */
export type StoredFileKey = string;

/** What the store keeps: uploaded images, and sealed contract PDFs (docs/contract-pdf.md). */
export type StoredFileType = ImageMimeType | "application/pdf";

const extensions: Record<StoredFileType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "application/pdf": "pdf",
};
const keyPattern = /^([0-9a-f]{64})\.(jpg|png|webp|pdf)$/;

export function storedFileKey(bytes: Uint8Array, type: StoredFileType): StoredFileKey {
  return `${createHash("sha256").update(bytes).digest("hex")}.${extensions[type]}`;
}

/** Whether a text is a key this store could have made (a client never names a path). */
export function isStoredFileKey(key: string): boolean {
  return keyPattern.test(key);
}

/** The embedded default: `<data dir>/files/ab/cd/<key>`, written whole or not at all. */
export function createLocalFileStore(root: string): FileStore {
  const pathOf = (key: StoredFileKey) => join(root, key.slice(0, 2), key.slice(2, 4), key);
  return {
    async put(bytes, type) {
      const key = storedFileKey(bytes, type);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // A temporary name then a rename: a reader never sees half a file, and two writers of
      // the same bytes both end with the same whole file.
      const temporary = `${path}.${randomBytes(6).toString("hex")}.part`;
      try {
        await writeFile(temporary, bytes, { mode: 0o600 });
        await rename(temporary, path);
      } finally {
        await rm(temporary, { force: true });
      }
      return key;
    },
    async get(key) {
      if (!isStoredFileKey(key)) return null;
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isStoredFileKey(key)) return;
      await rm(pathOf(key), { force: true });
    },
  };
}
