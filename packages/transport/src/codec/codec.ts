import { cbc } from "@noble/ciphers/aes.js";
import { base64ToBytes, bytesToBase64, isStandardBase64 } from "./base64.ts";
import { CodecError } from "./codec-error.ts";

/** Turns the JSON text of a call into the wire ciphertext and back. */
export interface Codec {
  /** UTF-8 encode, AES-CBC encrypt with PKCS7 padding, standard base64. */
  encrypt(plaintext: string): string;
  /** The reverse; throws CodecError rather than return anything it cannot vouch for. */
  decrypt(ciphertext: string): string;
  /** AES-CBC encrypt any bytes (a compressed envelope), standard base64. */
  encryptBytes(bytes: Uint8Array): string;
  /** The reverse of encryptBytes: the bytes, not yet read as text. */
  decryptBytes(ciphertext: string): Uint8Array;
}

/**
 * The primitives a codec runs on: AES-CBC with PKCS7 padding, and standard base64. The default
 * (`portableCipherEngine`) is pure JavaScript and runs in every phone browser; Node processes
 * (the server, internal tools) pass `nodeCipherEngine` from `@chayong/transport/node`, which
 * gives the same bytes from node:crypto at native speed.
 */
export interface CipherEngine {
  encrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array): Uint8Array;
  /** Throws when the padding is invalid. */
  decrypt(key: Uint8Array, iv: Uint8Array, ciphertext: Uint8Array): Uint8Array;
  toBase64(bytes: Uint8Array): string;
  /** Called only with text that is already known to be standard, padded base64. */
  fromBase64(base64: string): Uint8Array;
}

export const portableCipherEngine: CipherEngine = {
  // noble refuses to reuse one cipher instance for a second message, so one per call.
  encrypt: (key, iv, plaintext) => cbc(key, iv).encrypt(plaintext),
  decrypt: (key, iv, ciphertext) => cbc(key, iv).decrypt(ciphertext),
  toBase64: bytesToBase64,
  fromBase64: base64ToBytes,
};

export interface CodecOptions {
  /** 16, 24 or 32 bytes: AES-128, AES-192 or AES-256. */
  key: Uint8Array;
  /** 16 bytes. */
  iv: Uint8Array;
  /** Default: `portableCipherEngine`. */
  engine?: CipherEngine;
}

const blockSize = 16;
const keySizes = [16, 24, 32];

export function createCodec({ key, iv, engine = portableCipherEngine }: CodecOptions): Codec {
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

  const encryptBytes = (bytes: Uint8Array) => engine.toBase64(engine.encrypt(ownKey, ownIv, bytes));

  const decryptBytes = (ciphertext: string): Uint8Array => {
    const base64 = ciphertext.trim();
    if (!isStandardBase64(base64)) {
      throw new CodecError("invalid-base64", "ciphertext is not standard base64");
    }
    const bytes = engine.fromBase64(base64);
    if (bytes.length === 0 || bytes.length % blockSize !== 0) {
      throw new CodecError(
        "wrong-length",
        `ciphertext must be a non-empty multiple of 16 bytes, got ${bytes.length}`,
      );
    }
    try {
      return engine.decrypt(ownKey, ownIv, bytes);
    } catch (cause) {
      throw new CodecError("bad-padding", "ciphertext padding is invalid (wrong key or IV?)", {
        cause,
      });
    }
  };

  return {
    encrypt(plaintext) {
      if (!isWellFormed(plaintext)) {
        throw new CodecError(
          "invalid-plaintext",
          "plaintext holds a lone surrogate and has no UTF-8 form",
        );
      }
      return encryptBytes(encoder.encode(plaintext));
    },

    decrypt(ciphertext) {
      const padded = decryptBytes(ciphertext);
      try {
        return decoder.decode(padded);
      } catch (cause) {
        throw new CodecError("invalid-utf8", "decrypted bytes are not UTF-8 (wrong key or IV?)", {
          cause,
        });
      }
    },

    encryptBytes,
    decryptBytes,
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
