import { createCipheriv, createDecipheriv } from "node:crypto";
import type { CipherEngine } from "./codec.ts";

const algorithmFor: Record<number, string> = {
  16: "aes-128-cbc",
  24: "aes-192-cbc",
  32: "aes-256-cbc",
};

function algorithm(key: Uint8Array): string {
  const name = algorithmFor[key.length];
  if (name === undefined) throw new RangeError(`no AES for a ${key.length}-byte key`);
  return name;
}

/**
 * The codec's primitives from node:crypto and Buffer: the same AES-CBC/PKCS7 bytes and standard
 * base64 as the portable engine (a property test compares them), without building strings byte
 * by byte. For Node only: the browser build never imports this file.
 */
export const nodeCipherEngine: CipherEngine = {
  encrypt(key, iv, plaintext) {
    const cipher = createCipheriv(algorithm(key), key, iv);
    return Buffer.concat([cipher.update(plaintext), cipher.final()]);
  },
  decrypt(key, iv, ciphertext) {
    const decipher = createDecipheriv(algorithm(key), key, iv);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  },
  toBase64: (bytes) =>
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64"),
  fromBase64: (base64) => Buffer.from(base64, "base64"),
};
