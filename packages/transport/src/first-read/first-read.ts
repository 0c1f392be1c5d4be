import { addCallerHeaders, fixedHeaders } from "../client/headers.ts";
import type { LoginInfo } from "../client/session.ts";
import { resolveUrl } from "../client/url.ts";
import { base64ToBytes, bytesToBase64 } from "../codec/base64.ts";
import { hexToBytes } from "../codec/hex.ts";
import { type Envelope, readEnvelope } from "../wire/envelope.ts";
import { canInflateEnvelopes } from "../wire/inflate.ts";
import { parseJson, toJson } from "../wire/payload.ts";
import { COMPRESSED_ENVELOPE, ENVELOPE_QUERY_PARAM, HEADER } from "../wire/protocol.ts";

/**
 * A page's first reads, made with nothing but the platform (fetch, WebCrypto's AES-CBC,
 * DecompressionStream): small enough to run from the page itself, before the app's code has
 * arrived (the web app inlines it in its index.html). The same call the transport would make,
 * byte for byte on the wire: headers, encrypted payload, compressed answers when the browser
 * can inflate them.
 */

/** One read: an envelope endpoint of the SDK's table, with its request. */
export interface FirstRead {
  method: "GET" | "POST";
  path: string;
  payload: unknown;
  /** Gives the read up (the app that waited for it has run out of time). */
  signal?: AbortSignal;
}

export interface FirstReadSettings {
  /** The API's base URL, as the app's transport has it. */
  baseUrl: string;
  /** The wire cipher's key and IV (hex), as the app's transport has them. */
  keyHex: string;
  ivHex: string;
  packageName: string;
  /** The session token: first reads are made only for a signed-in reader. */
  token: string;
  loginInfo: LoginInfo | null;
  locale: string;
}

/**
 * Sends a read and resolves its envelope, or null when anything stands in the way: no WebCrypto
 * (a page served over plain HTTP from a LAN address), no network, an answer that is not an
 * envelope of this key. The app then makes the call itself, through its transport and its
 * error handling; a first read never reports a failure of its own.
 */
export async function sendFirstRead(
  settings: FirstReadSettings,
  read: FirstRead,
): Promise<Envelope | null> {
  try {
    const subtle = globalThis.crypto?.subtle;
    if (!subtle) return null;
    const iv = hexToBytes(settings.ivHex) as Uint8Array<ArrayBuffer>;
    const key = await subtle.importKey(
      "raw",
      hexToBytes(settings.keyHex) as Uint8Array<ArrayBuffer>,
      "AES-CBC",
      false,
      ["encrypt", "decrypt"],
    );
    const plaintext = new TextEncoder().encode(toJson(read.payload ?? {}));
    const ciphertext = bytesToBase64(
      new Uint8Array(await subtle.encrypt({ name: "AES-CBC", iv }, key, plaintext)),
    );
    const headers = fixedHeaders(settings.packageName, true);
    headers.set(HEADER.token, settings.token);
    addCallerHeaders(headers, settings.loginInfo, settings.locale);
    // What the transport's HTTP client (ky) asks for when it reads an answer as text.
    headers.set("accept", "text/*");
    const inflates = canInflateEnvelopes();
    if (inflates) headers.set(HEADER.acceptEnvelope, COMPRESSED_ENVELOPE);
    const url = new URL(resolveUrl(settings.baseUrl, read.path));
    if (read.method === "GET") url.searchParams.set(ENVELOPE_QUERY_PARAM, ciphertext);
    const response = await fetch(url, {
      method: read.method,
      headers,
      signal: read.signal,
      ...(read.method === "POST" ? { body: ciphertext } : {}),
    });
    if (response.status !== 200) return null;
    const compressed = response.headers.get(HEADER.envelopeEncoding) === COMPRESSED_ENVELOPE;
    const answer = new Uint8Array(
      await subtle.decrypt(
        { name: "AES-CBC", iv },
        key,
        base64ToBytes((await response.text()).trim()) as Uint8Array<ArrayBuffer>,
      ),
    );
    const json =
      compressed && inflates
        ? await new Response(
            new Blob([answer]).stream().pipeThrough(new DecompressionStream("deflate-raw")),
          ).text()
        : new TextDecoder().decode(answer);
    return readEnvelope(parseJson(json));
  } catch {
    return null;
  }
}
