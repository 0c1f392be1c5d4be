import { CodecError } from "./codec-error.ts";

const hexPattern = /^(?:[0-9a-fA-F]{2})*$/;

/** Strict hex decoding: even length, hex digits only (either case). */
export function hexToBytes(hex: string): Uint8Array {
  if (!hexPattern.test(hex)) {
    throw new CodecError(
      "invalid-hex",
      `expected an even number of hex digits, got ${hex.length} characters`,
    );
  }
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  }
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}
