/** The random part of a cloud object key (docs/constants.md#wire-values: 10 characters). */
export const OBJECT_KEY_RANDOM_LENGTH = 10;

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export interface ObjectKeyParts {
  /** From the upload credentials; used as given, so it normally ends with '/'. */
  folderPath: string;
  /** Without the dot: 'jpg', 'png'. */
  ext: string;
  /** Milliseconds since the epoch. Default: now. */
  timestamp?: number;
  /** Default: 10 random letters and digits. */
  random?: string;
}

/** `file/{folderPath}{timestamp}{10 random characters}.{ext}` (docs/wire-protocol.md#uploads Uploads). */
export function cloudObjectKey({
  folderPath,
  ext,
  timestamp = Date.now(),
  random = randomCharacters(OBJECT_KEY_RANDOM_LENGTH),
}: ObjectKeyParts): string {
  return `file/${folderPath}${timestamp}${random}.${ext.replace(/^\./, "")}`;
}

/** Letters and digits from the platform's CSPRNG, without modulo bias. */
export function randomCharacters(length: number): string {
  let out = "";
  const limit = 256 - (256 % alphabet.length); // 248: bytes at or above it are redrawn
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

const extensionsByType: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
};

/** The extension of a file's name, else one for its MIME type, else 'bin'. */
export function fileExtension(file: Blob): string {
  const name = (file as { name?: unknown }).name;
  const fromName = typeof name === "string" ? /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1] : undefined;
  return (fromName ?? extensionsByType[file.type] ?? "bin").toLowerCase();
}
