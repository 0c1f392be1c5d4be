import ky from "ky";
import type { Codec } from "../codec/codec.ts";
import { failures, UnexpectedHttpStatus } from "../errors/failures.ts";
import type { TransportError } from "../errors/transport-error.ts";
import {
  type CloudUploadedFile,
  type CloudUploadOptions,
  type UploadTokenProvider,
  uploadToCloud,
} from "../upload/cloud.ts";
import { type UploadedFile, type UploadOptions, uploadFiles } from "../upload/upload.ts";
import { encodePayload } from "../wire/payload.ts";
import {
  COMPRESSED_ENVELOPE,
  DEFAULT_PACKAGE_NAME,
  ENVELOPE_QUERY_PARAM,
  HEADER,
} from "../wire/protocol.ts";
import { type ExchangeContext, exchange, type Outgoing } from "./exchange.ts";
import { buildHeaders } from "./headers.ts";
import type { SessionProvider } from "./session.ts";
import type { PendingCall } from "./slow-network.ts";
import { checkTimeout } from "./timeout.ts";
import { resolveUrl } from "./url.ts";

import { DEFAULT_SLOW_NETWORK_MS, DEFAULT_TIMEOUT_MS, DEFAULT_UPLOAD_TIMEOUT_MS } from "./waits.ts";

export { DEFAULT_SLOW_NETWORK_MS, DEFAULT_TIMEOUT_MS, DEFAULT_UPLOAD_TIMEOUT_MS };

export interface TransportOptions {
  /** Prefix of relative request paths, e.g. 'https://api.example.com' or '/' in a browser. */
  baseUrl: string;
  /** Prefix of upload paths. Default: baseUrl. */
  fileBaseUrl?: string;
  codec: Codec;
  /**
   * Where the session token, loginInfo, device and locale are read for every call. Optional with
   * an `apiKey` (a script has no session: no loginInfo, locale ko-KR unless given here).
   */
  session?: SessionProvider;
  /**
   * An API key (`cyk_...`, made on the 'me' page or by the `apikey:add` operator command) sent
   * as `x-chayong-api-key` with every call instead of a session token: for scripts and internal
   * tools. Give a session or an API key; with both, the key is sent and the token never.
   */
  apiKey?: string;
  /** The packageName header. Default 'com.chayong.app'. */
  packageName?: string;
  /** Default 15000. */
  timeoutMs?: number;
  /** Default 60000, per file. */
  uploadTimeoutMs?: number;
  /** Default 5000; Infinity turns the notice off. */
  slowNetworkMs?: number;
  /** A call is still pending after slowNetworkMs: show 'network is poor, please wait'. */
  onSlowNetwork?(call: PendingCall): void;
  /** A call that got the slow-network notice has settled (either way). */
  onSlowNetworkSettled?(call: PendingCall): void;
  /** Envelope 301: clear storage (except location flag and device) and go to login. */
  onSessionEnded?(error: TransportError): void;
  /** Default: the global fetch, looked up at call time. */
  fetch?: typeof fetch;
  /**
   * Ask for compressed answers (`COMPRESSED_ENVELOPE`): the server compresses each envelope
   * before encrypting it, except the answers that carry the session token. Needs
   * DecompressionStream (every current browser, Node 18+). Default false: the wire stays
   * exactly the spec's.
   */
  compressedAnswers?: boolean;
  /** Needed only by uploadToCloud. */
  uploadTokenProvider?: UploadTokenProvider;
  /** Upload URL of a storage region. Default: CLOUD_UPLOAD_URLS. */
  cloudUploadUrl?(region: string): string | undefined;
}

interface CallBase {
  method: "GET" | "POST";
  /** Relative to baseUrl, or absolute. */
  path: string;
  /** Any JSON value; absent means `{}`. */
  payload?: unknown;
  /** Default: the transport's timeoutMs. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface EnvelopeCall extends CallBase {
  raw?: false;
}

/** The answer is used as it is (contract view answers HTML, not an envelope). */
export interface RawCall extends CallBase {
  raw: true;
}

/** The answer's bytes as they are (the signed contract's PDF). */
export interface BytesCall extends CallBase {
  raw: "bytes";
}

export interface Transport {
  /** Resolves the envelope body when its status is 200; rejects with a TransportError. */
  request<T = unknown>(call: EnvelopeCall): Promise<T>;
  /** Resolves the answer text untouched when the HTTP status is 200. */
  request(call: RawCall): Promise<string>;
  /** Resolves the answer's bytes untouched when the HTTP status is 200. */
  request(call: BytesCall): Promise<Uint8Array>;
  /** Multipart, one file after another, to the file base URL; resolves each envelope body. */
  upload<T = UploadedFile>(files: readonly Blob[], options?: UploadOptions): Promise<T[]>;
  /** Direct upload to cloud object storage with a token from uploadTokenProvider. */
  uploadToCloud(file: Blob, options?: CloudUploadOptions): Promise<CloudUploadedFile>;
}

/** The session of a script that calls with an API key only: no token, no loginInfo. */
const keySession: SessionProvider = {
  getToken: () => null,
  getLoginInfo: () => null,
  getDevice: () => ({ adid: "api-key" }),
  getLocale: () => "ko-KR",
};

export function createTransport(options: TransportOptions): Transport {
  const {
    baseUrl,
    fileBaseUrl = baseUrl,
    codec,
    apiKey,
    packageName = DEFAULT_PACKAGE_NAME,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    uploadTimeoutMs = DEFAULT_UPLOAD_TIMEOUT_MS,
    slowNetworkMs = DEFAULT_SLOW_NETWORK_MS,
  } = options;
  // Configuration mistakes surface when the transport is made, not on some later call.
  if (options.session === undefined && !apiKey) {
    throw new TypeError("createTransport needs a session provider or an apiKey");
  }
  const session = options.session ?? keySession;
  checkTimeout(timeoutMs);
  checkTimeout(uploadTimeoutMs, "uploadTimeoutMs");
  const fetchFunction: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const context: ExchangeContext = {
    ky: ky.create({
      // Never retry: a repeated POST could create a second contract or apply money twice.
      retry: 0,
      hooks: {
        afterResponse: [
          ({ response }) => {
            if (response.status === 200) return;
            // Release the connection; the body of a refused answer is never read.
            response.body?.cancel().catch(() => {});
            throw new UnexpectedHttpStatus(response.status);
          },
        ],
      },
      fetch: fetchFunction,
    }),
    codec,
    slowNetworkMs,
    onSlowNetwork: options.onSlowNetwork,
    onSlowNetworkSettled: options.onSlowNetworkSettled,
    onSessionEnded: options.onSessionEnded,
  };
  let lastCallId = 0;
  const nextCallId = () => ++lastCallId;

  async function request(call: EnvelopeCall | RawCall | BytesCall): Promise<unknown> {
    if (typeof call?.path !== "string" || call.path.trim() === "") throw failures.missingUrl();
    let outgoing: Outgoing;
    try {
      const method = readMethod(call.method);
      const callTimeoutMs = checkTimeout(call.timeoutMs ?? timeoutMs);
      const headers = buildHeaders({ codec, session, apiKey, packageName, withContentType: true });
      // Envelopes only: a raw answer (the contract view, the PDF) is never an envelope.
      if (options.compressedAnswers && call.raw !== true && call.raw !== "bytes") {
        headers.set(HEADER.acceptEnvelope, COMPRESSED_ENVELOPE);
      }
      const ciphertext = encodePayload(codec, call.payload);
      outgoing = {
        call: { id: nextCallId(), method, path: call.path },
        url: resolveUrl(baseUrl, call.path),
        headers,
        ...(method === "POST"
          ? { body: ciphertext }
          : { searchParams: { [ENVELOPE_QUERY_PARAM]: ciphertext } }),
        timeoutMs: callTimeoutMs,
        signal: call.signal,
        raw: call.raw === "bytes" ? "bytes" : call.raw === true,
      };
    } catch (cause) {
      throw failures.prepareFailed(cause);
    }
    return exchange(context, outgoing);
  }

  return {
    request: request as Transport["request"],

    upload: (files, uploadOptions) =>
      uploadFiles(
        {
          context,
          fileBaseUrl,
          timeoutMs: uploadTimeoutMs,
          nextCallId,
          headers: () =>
            buildHeaders({ codec, session, apiKey, packageName, withContentType: false }),
        },
        files,
        uploadOptions,
      ),

    uploadToCloud: (file, cloudOptions) =>
      uploadToCloud(
        {
          context,
          uploadTokenProvider: options.uploadTokenProvider,
          cloudUploadUrl: options.cloudUploadUrl,
          timeoutMs: uploadTimeoutMs,
          nextCallId,
        },
        file,
        cloudOptions,
      ),
  };
}

function readMethod(method: unknown): "GET" | "POST" {
  const upper = typeof method === "string" ? method.toUpperCase() : method;
  if (upper === "GET" || upper === "POST") return upper;
  throw new TypeError(`method must be GET or POST, got ${String(method)}`);
}
