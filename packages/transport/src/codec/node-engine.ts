import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject } from "node:crypto";
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
 * Each key as a KeyObject, made once. node:crypto tells a KeyObject from raw bytes by catching
 * the TypeError that a private-field check throws for anything else, so every cipher built from
 * raw bytes paid for an exception and its stack trace: about 10 µs alone, 30 µs or more deep in
 * the server's call stack, twice a call (bench/envelope.ts in apps/server). Keyed by the array a
 * codec passes (its private copy), and checked against a copy of its bytes, so a caller that
 * changes its array in place gets a new key rather than the old one.
 */
const keyObjects = new WeakMap<Uint8Array, { bytes: Buffer; keyObject: KeyObject }>();

function secretKey(key: Uint8Array): KeyObject {
  const cached = keyObjects.get(key);
  if (cached?.bytes.equals(key)) return cached.keyObject;
  const bytes = Buffer.from(key);
  const keyObject = createSecretKey(bytes);
  keyObjects.set(key, { bytes, keyObject });
  return keyObject;
}

/**
 * The codec's primitives from node:crypto and Buffer: the same AES-CBC/PKCS7 bytes and standard
 * base64 as the portable engine (a property test compares them), without building strings byte
 * by byte. For Node only: the browser build never imports this file.
 */
export const nodeCipherEngine: CipherEngine = {
  encrypt(key, iv, plaintext) {
    const cipher = createCipheriv(algorithm(key), secretKey(key), iv);
    return Buffer.concat([cipher.update(plaintext), cipher.final()]);
  },
  decrypt(key, iv, ciphertext) {
    const decipher = createDecipheriv(algorithm(key), secretKey(key), iv);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  },
  toBase64: (bytes) =>
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64"),
  fromBase64: (base64) => Buffer.from(base64, "base64"),
};
