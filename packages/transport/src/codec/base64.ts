import { CodecError } from "./codec-error.ts";

// Standard alphabet with mandatory padding: what node:crypto, CryptoJS and the server emit.
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

// String.fromCharCode.apply takes its arguments on the stack; keep each slice well below limits.
const chunkSize = 0x8000;

/** Bytes to standard base64 (btoa/atob exist in every target: phone browsers and Node 22+). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += chunkSize) {
    binary += String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + chunkSize)));
  }
  return btoa(binary);
}

/** Standard base64 to bytes; anything else (URL-safe alphabet, missing padding, junk) throws. */
export function base64ToBytes(base64: string): Uint8Array {
  if (!base64Pattern.test(base64)) {
    throw new CodecError("invalid-base64", "ciphertext is not standard base64");
  }
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
