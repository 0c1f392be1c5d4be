import { cbc } from "@noble/ciphers/aes.js";
import { base64ToBytes, bytesToBase64 } from "./base64.ts";
import { CodecError } from "./codec-error.ts";

/** Turns the JSON text of a call into the wire ciphertext and back. */
export interface Codec {
  /** UTF-8 encode, AES-CBC encrypt with PKCS7 padding, standard base64. */
  encrypt(plaintext: string): string;
  /** The reverse; throws CodecError rather than return anything it cannot vouch for. */
  decrypt(ciphertext: string): string;
}

export interface CodecOptions {
  /** 16, 24 or 32 bytes: AES-128, AES-192 or AES-256. */
  key: Uint8Array;
  /** 16 bytes. */
  iv: Uint8Array;
}

const blockSize = 16;
const keySizes = [16, 24, 32];

export function createCodec({ key, iv }: CodecOptions): Codec {
  if (!(key instanceof Uint8Array) || !keySizes.includes(key.length)) {
    throw new CodecError(
      "invalid-key",
      `cipher key must be 16, 24 or 32 bytes, got ${describeLength(key)}`,
    );
  }
  if (!(iv instanceof Uint8Array) || iv.length !== blockSize) {
    throw new CodecError("invalid-iv", `cipher IV must be 16 bytes, got ${describeLength(iv)}`);
  }
  // Private copies: a caller mutating its arrays later must not change what this codec does.
  const ownKey = Uint8Array.from(key);
  const ownIv = Uint8Array.from(iv);
  const encoder = new TextEncoder();
  // fatal: reject invalid UTF-8 instead of substituting U+FFFD; ignoreBOM: keep a leading
  // U+FEFF that the plaintext really contained, so round trips are exact.
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

  return {
    encrypt(plaintext) {
      if (!isWellFormed(plaintext)) {
        throw new CodecError(
          "invalid-plaintext",
          "plaintext holds a lone surrogate and has no UTF-8 form",
        );
      }
      // noble refuses to reuse one cipher instance for a second message, so one per call.
      const ciphertext = cbc(ownKey, ownIv).encrypt(encoder.encode(plaintext));
      return bytesToBase64(ciphertext);
    },

    decrypt(ciphertext) {
      const bytes = base64ToBytes(ciphertext.trim());
      if (bytes.length === 0 || bytes.length % blockSize !== 0) {
        throw new CodecError(
          "wrong-length",
          `ciphertext must be a non-empty multiple of 16 bytes, got ${bytes.length}`,
        );
      }
      let padded: Uint8Array;
      try {
        padded = cbc(ownKey, ownIv).decrypt(bytes);
      } catch (cause) {
        throw new CodecError("bad-padding", "ciphertext padding is invalid (wrong key or IV?)", {
          cause,
        });
      }
      try {
        return decoder.decode(padded);
      } catch (cause) {
        throw new CodecError("invalid-utf8", "decrypted bytes are not UTF-8 (wrong key or IV?)", {
          cause,
        });
      }
    },
  };
}

function describeLength(value: unknown): string {
  return value instanceof Uint8Array ? `${value.length} bytes` : typeof value;
}

// TextEncoder would silently turn a lone surrogate into U+FFFD; refuse instead of altering data.
function isWellFormed(text: string): boolean {
  const native = (text as { isWellFormed?: () => boolean }).isWellFormed;
  if (typeof native === "function") return native.call(text);
  try {
    encodeURIComponent(text); // throws URIError on a lone surrogate (older phone browsers)
    return true;
  } catch {
    return false;
  }
}
