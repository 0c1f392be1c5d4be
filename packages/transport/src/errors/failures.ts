import { isHTTPError, isTimeoutError } from "ky";
import { timeoutFailure } from "../client/waits.ts";
import type { Envelope } from "../wire/envelope.ts";
import { TransportError } from "./transport-error.ts";

/**
 * One constructor per row of the error catalogue (docs/errors.md#transport-failures), with the spec's wording as the
 * developer-facing message. Screens translate `messageKey` or show `serverMessage`.
 */
export const failures = {
  httpStatus: (code: number, cause?: unknown) =>
    new TransportError("http-status", "transport.httpStatus", `HTTP status code ${code}`, {
      httpStatus: code,
      params: { code },
      cause,
    }),

  invalidData: (cause: unknown) =>
    new TransportError(
      "invalid-data",
      "transport.invalidData",
      `data validation failed${unreadableAnswerHint(cause)}`,
      { cause },
    ),

  sessionEnded: (envelope: Envelope) =>
    new TransportError(
      "session-ended",
      "transport.sessionEnded",
      envelope.message || "session ended",
      {
        status: envelope.status,
        serverMessage: envelope.message,
        serverKey: envelope.key,
        body: envelope.body,
      },
    ),

  serverError: (envelope: Envelope) =>
    new TransportError(
      "server-error",
      envelope.statusCode === 500 ? "session.dataError" : "transport.serverError",
      envelope.message || "server error",
      {
        status: envelope.status,
        statusCode: envelope.statusCode,
        serverMessage: envelope.message,
        serverKey: envelope.key,
        body: envelope.body,
      },
    ),

  envelopeStatus: (envelope: Envelope) =>
    new TransportError(
      "envelope-status",
      "transport.rejected",
      envelope.message || `request rejected with status ${envelope.status}`,
      {
        status: envelope.status,
        serverMessage: envelope.message,
        serverKey: envelope.key,
        body: envelope.body,
        params: { status: envelope.status },
      },
    ),

  unreachable: (cause: unknown) =>
    new TransportError(
      "unreachable",
      "transport.unreachable",
      "check that the API address is reachable",
      { cause },
    ),

  timeout: timeoutFailure,

  aborted: (cause: unknown) =>
    new TransportError("aborted", "transport.aborted", "request cancelled", { cause }),

  missingUrl: () => new TransportError("missing-url", "transport.missingUrl", "missing data URL"),

  prepareFailed: (cause: unknown) =>
    new TransportError(
      "prepare-failed",
      "transport.prepareFailed",
      `request start interceptor failed${cause instanceof Error ? `: ${cause.message}` : ""}`,
      { cause },
    ),

  filesNotArray: () =>
    new TransportError("files-not-array", "transport.filesNotArray", "files 必须是数组类型"),

  fileTooLarge: (index: number, size: number, maxBytes: number) =>
    new TransportError(
      "file-too-large",
      "transport.fileTooLarge",
      "image too large, please re-upload",
      {
        params: { index, size, maxBytes },
      },
    ),

  noUploadToken: () =>
    new TransportError(
      "no-upload-token",
      "transport.noUploadToken",
      "cloud upload needs a way to get the upload token: pass uploadTokenProvider to createTransport",
    ),
} as const;

/**
 * Why an answer could not be read as an envelope, for the developer-facing message of
 * `invalid-data` (the app shows the key's text, 'data validation failed'). The codec's and the
 * envelope's own errors tell the two causes apart: an answer that is no ciphertext at all (a
 * proxy's error page, another server at `baseUrl`), or a ciphertext this codec cannot read,
 * which is the mark of a key or IV other than the server's: bad padding, then bytes that are not
 * UTF-8, then text that is not JSON is what a wrong key gives (each passed by chance less often).
 */
function unreadableAnswerHint(cause: unknown): string {
  const kind = (cause as { name?: unknown; kind?: unknown } | null)?.kind;
  const name = (cause as { name?: unknown } | null)?.name;
  if (name === "CodecError" && (kind === "bad-padding" || kind === "invalid-utf8")) {
    return `: the answer cannot be decrypted (${kind}): wrong cipher key or IV? They must be the server's`;
  }
  if (name === "PayloadError" && kind === "not-json") {
    return ": the decrypted answer is not JSON: wrong cipher key or IV? They must be the server's";
  }
  if (name === "CodecError" && (kind === "invalid-base64" || kind === "wrong-length")) {
    return `: the answer is not an encrypted envelope (${kind}): is baseUrl this API's address?`;
  }
  if (name === "PayloadError" && kind === "not-envelope") {
    return ": the answer is JSON but not an envelope: is baseUrl this API's address?";
  }
  return "";
}

/**
 * Thrown from ky's afterResponse hook for any status but 200: ky itself only rejects statuses
 * outside 200-299, and the spec rejects everything "other than 200".
 */
export class UnexpectedHttpStatus extends Error {
  override readonly name = "UnexpectedHttpStatus";
  readonly status: number;

  constructor(status: number) {
    super(`HTTP status code ${status}`);
    this.status = status;
  }
}

/** Maps what ky/fetch threw while the call was on the wire. */
export function failureFromFetch(
  error: unknown,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): TransportError {
  if (error instanceof UnexpectedHttpStatus) return failures.httpStatus(error.status, error);
  if (isHTTPError(error)) return failures.httpStatus(error.response.status, error);
  if (isTimeoutError(error)) return failures.timeout(timeoutMs, error);
  if (signal?.aborted) return failures.aborted(signal.reason ?? error);
  // NetworkError, and whatever a browser throws for refused/offline/CORS ("Failed to fetch").
  return failures.unreachable(error);
}
