import type { Codec } from "../codec/codec.ts";
import { PayloadError } from "./payload-error.ts";

/**
 * JSON text of a payload, encrypted. An absent payload is sent as `{}` so the server always
 * finds an object to validate.
 */
export function encodePayload(codec: Codec, payload: unknown): string {
  return codec.encrypt(toJson(payload === undefined ? {} : payload));
}

/**
 * Server side: the ciphertext of a POST body or of the XKNCEGSKK query parameter back to its
 * JSON value. Throws CodecError (cannot decrypt) or PayloadError (not JSON).
 */
export function decodeRequestPayload(codec: Codec, ciphertext: string): unknown {
  return parseJson(codec.decrypt(ciphertext));
}

export function toJson(value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (cause) {
    throw new PayloadError("not-serialisable", "payload cannot be written as JSON", { cause });
  }
  if (json === undefined) {
    throw new PayloadError("not-serialisable", `a ${typeof value} cannot be written as JSON`);
  }
  return json;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new PayloadError("not-json", "decrypted text is not JSON", { cause });
  }
}
