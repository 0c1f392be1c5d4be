import type { Codec } from "../codec/codec.ts";
import { parseJson, toJson } from "./payload.ts";
import { PayloadError } from "./payload-error.ts";

/** Every answer except the raw contract view (docs/wire-protocol.md#envelope). */
export interface Envelope<T = unknown> {
  status: number;
  /** In the caller's language (Accept-Language). */
  message: string;
  body: T;
  /** Sent with status 500; 500 here means 'data error, please log in again'. */
  statusCode?: number;
  /**
   * A refusal's message key (`login.code.invalid`, `contract.notFound`): what a tool decides by,
   * where `message` is its text in the caller's language (docs/wire-protocol.md#envelope).
   */
  key?: string;
}

/**
 * Server side: the encrypted text of an answer compressed first (`COMPRESSED_ENVELOPE`), for a
 * client that asked; `deflateRaw` is the platform's (node:zlib on the server).
 */
export function encodeCompressedEnvelope(
  codec: Codec,
  envelope: Envelope,
  deflateRaw: (bytes: Uint8Array) => Uint8Array,
): string {
  return codec.encryptBytes(deflateRaw(new TextEncoder().encode(toJson(envelope))));
}

/**
 * Client side: decrypt, inflate (the platform's DecompressionStream, in every current browser
 * and Node) and check a compressed answer. Throws CodecError or PayloadError, or the stream's
 * TypeError for bytes that are not DEFLATE.
 */
export async function decodeCompressedEnvelope(
  codec: Codec,
  ciphertext: string,
): Promise<Envelope> {
  const compressed = codec.decryptBytes(ciphertext);
  const stream = new Blob([compressed as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream("deflate-raw"));
  const text = await new Response(stream).text();
  return readEnvelope(parseJson(text));
}

/** Server side: the encrypted text of an answer. */
export function encodeEnvelope(codec: Codec, envelope: Envelope): string {
  return codec.encrypt(toJson(envelope));
}

/**
 * Client side: decrypt an answer and check it is an envelope. A wrong key can yield valid
 * padding and UTF-8 by chance; requiring JSON with an integer status closes that gap.
 * Throws CodecError or PayloadError.
 */
export function decodeEnvelope(codec: Codec, ciphertext: string): Envelope {
  return readEnvelope(parseJson(codec.decrypt(ciphertext)));
}

export function readEnvelope(value: unknown): Envelope {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new PayloadError("not-envelope", "answer is not an envelope object");
  }
  const { status, message, body, statusCode, key } = value as Record<string, unknown>;
  if (typeof status !== "number" || !Number.isInteger(status)) {
    throw new PayloadError("not-envelope", "envelope status is not an integer");
  }
  if (message !== undefined && message !== null && typeof message !== "string") {
    throw new PayloadError("not-envelope", "envelope message is not a string");
  }
  const envelope: Envelope = { status, message: message ?? "", body };
  const code = typeof statusCode === "number" ? statusCode : readStatusCode(body);
  if (code !== undefined) envelope.statusCode = code;
  if (typeof key === "string") envelope.key = key;
  return envelope;
}

// Some servers put statusCode inside the body of a 500 rather than beside it.
function readStatusCode(body: unknown): number | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const code = (body as { statusCode?: unknown }).statusCode;
  return typeof code === "number" ? code : undefined;
}
