import { CodecError } from "./codec-error.ts";

// Standard alphabet with mandatory padding: what node:crypto, CryptoJS and the server emit.
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const inAlphabet = new Uint8Array(128);
for (const character of alphabet) inAlphabet[character.charCodeAt(0)] = 1;
const padding = 61; // "="

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

/**
 * Standard alphabet, mandatory padding (`=` only as the last one or two characters of a length
 * that is a multiple of 4): nothing else is a ciphertext. A loop over char codes: a regular
 * expression costs about 1 ms on a 100 KB answer, this a tenth of it.
 */
export function isStandardBase64(text: string): boolean {
  const length = text.length;
  if (length % 4 !== 0) return false;
  const padded =
    length > 0 && text.charCodeAt(length - 1) === padding
      ? text.charCodeAt(length - 2) === padding
        ? 2
        : 1
      : 0;
  for (let i = 0; i < length - padded; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128 || inAlphabet[code] !== 1) return false;
  }
  return true;
}

/** Standard base64 to bytes; anything else (URL-safe alphabet, missing padding, junk) throws. */
export function base64ToBytes(base64: string): Uint8Array {
  if (!isStandardBase64(base64)) {
    throw new CodecError("invalid-base64", "ciphertext is not standard base64");
  }
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
