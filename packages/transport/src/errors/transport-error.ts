import type { TransportMessageKey } from "./message-keys.ts";

/** The error catalogue of docs/errors.md#transport-failures, one kind per row the app may need to tell apart. */
export type TransportErrorKind =
  | "http-status" // HTTP status other than 200
  | "invalid-data" // answer cannot be decrypted, is not JSON or is not an envelope
  | "session-ended" // envelope 301; onSessionEnded has been called
  | "server-error" // envelope 500
  | "unreachable" // the request never got an answer (refused, DNS, offline, CORS)
  | "timeout" // no answer within the time-out
  | "aborted" // the caller's AbortSignal fired
  | "missing-url" // no path given
  | "prepare-failed" // headers, payload or URL could not be prepared
  | "envelope-status" // any other envelope status: passed back to the caller
  | "files-not-array" // upload(files) with something that is not an array
  | "file-too-large" // a file exceeds maxBytes; nothing was sent
  | "no-upload-token"; // cloud upload without an upload-token provider

export interface TransportErrorDetails {
  /** HTTP status of the response (kind 'http-status'). */
  httpStatus?: number;
  /** Envelope status (kinds 'session-ended', 'server-error', 'envelope-status'). */
  status?: number;
  /** `statusCode` sent with an envelope 500; 500 there means 'data error, please log in again'. */
  statusCode?: number;
  /** The envelope's message, already in the caller's language. */
  serverMessage?: string;
  /** The server's message key of the refusal (`login.code.invalid`): what a tool decides by. */
  serverKey?: string;
  /** The envelope's body, when the server sent one with a failure. */
  body?: unknown;
  /** Values for the message key's placeholders, e.g. `{ code: 404 }`. */
  params?: Record<string, string | number>;
  cause?: unknown;
}

/**
 * Every failure of a call is one of these; switch on `kind`, translate `messageKey`, or show
 * `serverMessage` when the server gave one. A refusal also names the server's own key
 * (`serverKey`), for a tool that acts on which refusal it was.
 */
export class TransportError extends Error {
  override readonly name = "TransportError";
  readonly kind: TransportErrorKind;
  readonly messageKey: TransportMessageKey;
  declare readonly httpStatus?: number;
  declare readonly status?: number;
  declare readonly statusCode?: number;
  declare readonly serverMessage?: string;
  declare readonly serverKey?: string;
  declare readonly body?: unknown;
  declare readonly params?: Record<string, string | number>;

  constructor(
    kind: TransportErrorKind,
    messageKey: TransportMessageKey,
    message: string,
    details: TransportErrorDetails = {},
  ) {
    const { cause, ...rest } = details;
    super(message, cause === undefined ? undefined : { cause });
    this.kind = kind;
    this.messageKey = messageKey;
    // Only own properties that carry a value, so errors compare and log cleanly.
    for (const [name, value] of Object.entries(rest)) {
      if (value !== undefined) Object.defineProperty(this, name, { value, enumerable: true });
    }
  }
}

/** Also recognises errors from another copy of this package (two bundles, workers). */
export function isTransportError(error: unknown): error is TransportError {
  return (
    error instanceof TransportError ||
    (error instanceof Error &&
      error.name === "TransportError" &&
      typeof (error as { kind?: unknown }).kind === "string")
  );
}
