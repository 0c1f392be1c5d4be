import type { KyInstance, Progress } from "ky";
import type { Codec } from "../codec/codec.ts";
import { failureFromFetch, failures } from "../errors/failures.ts";
import type { TransportError } from "../errors/transport-error.ts";
import { decodeCompressedEnvelope, decodeEnvelope, type Envelope } from "../wire/envelope.ts";
import { COMPRESSED_ENVELOPE, ENVELOPE_STATUS, HEADER } from "../wire/protocol.ts";
import { type PendingCall, type PendingCallListener, watchSlowNetwork } from "./slow-network.ts";

/** What every exchange of one transport shares. */
export interface ExchangeContext {
  ky: KyInstance;
  codec: Codec;
  slowNetworkMs: number;
  onSlowNetwork?: PendingCallListener;
  onSlowNetworkSettled?: PendingCallListener;
  onSessionEnded?: (error: TransportError) => void;
}

/** One prepared request: everything that could fail before the wire has already been done. */
export interface Outgoing {
  call: PendingCall;
  url: string;
  headers: Headers;
  body?: string | FormData;
  searchParams?: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * Return the answer as it is instead of reading an envelope: its text (`true`, the contract
   * view) or its bytes (`"bytes"`, the signed contract's PDF).
   */
  raw: boolean | "bytes";
  onUploadProgress?: (progress: Progress) => void;
}

/**
 * Sends a prepared request and reads the answer: HTTP 200 only, then (unless raw) decrypt,
 * parse and act on the envelope status. Resolves the envelope body, the raw text or the raw
 * bytes; every failure is a TransportError.
 */
export async function exchange(context: ExchangeContext, outgoing: Outgoing): Promise<unknown> {
  const settle = watchSlowNetwork(
    outgoing.call,
    context.slowNetworkMs,
    context.onSlowNetwork,
    context.onSlowNetworkSettled,
  );
  try {
    let answer: string | Uint8Array;
    let compressed = false;
    try {
      const response = context.ky(outgoing.url, {
        method: outgoing.call.method,
        headers: outgoing.headers,
        body: outgoing.body,
        searchParams: outgoing.searchParams,
        timeout: outgoing.timeoutMs,
        // ky times the body read separately; the whole exchange must fit in one time-out.
        totalTimeout: outgoing.timeoutMs,
        signal: outgoing.signal,
        onUploadProgress: outgoing.onUploadProgress,
      });
      answer =
        outgoing.raw === "bytes"
          ? new Uint8Array(await response.arrayBuffer())
          : await response.text();
      // The answer says whether it was compressed (only when this client asked).
      compressed = (await response).headers.get(HEADER.envelopeEncoding) === COMPRESSED_ENVELOPE;
    } catch (error) {
      throw failureFromFetch(error, outgoing.timeoutMs, outgoing.signal);
    }
    if (outgoing.raw !== false || typeof answer !== "string") return answer;
    let envelope: Envelope;
    try {
      envelope = compressed
        ? await decodeCompressedEnvelope(context.codec, answer)
        : decodeEnvelope(context.codec, answer);
    } catch (cause) {
      throw failures.invalidData(cause);
    }
    return readBody(context, envelope);
  } finally {
    settle();
  }
}

function readBody(context: ExchangeContext, envelope: Envelope): unknown {
  switch (envelope.status) {
    case ENVELOPE_STATUS.ok:
      return envelope.body;
    case ENVELOPE_STATUS.sessionInvalid: {
      const error = failures.sessionEnded(envelope);
      // The app clears storage and goes to login; its failure must not hide the session end.
      try {
        context.onSessionEnded?.(error);
      } catch {
        // ignored on purpose: the caller still gets the session-ended rejection
      }
      throw error;
    }
    case ENVELOPE_STATUS.serverError:
      throw failures.serverError(envelope);
    default:
      throw failures.envelopeStatus(envelope);
  }
}
