/** Wire constants shared by the client and the API server (docs/wire-protocol.md). */

/** GET calls carry the encrypted JSON payload as this single query parameter. */
export const ENVELOPE_QUERY_PARAM = "XKNCEGSKK";

/** Content type of an encrypted POST body (base64 text). */
export const ENCRYPTED_CONTENT_TYPE = "text/plain";

/** Header names exactly as the server reads them (HTTP header names are case-insensitive). */
export const HEADER = {
  contentType: "content-type",
  version: "version",
  sourceChannel: "sourceChannel",
  packageName: "packageName",
  countryCode: "countryCode",
  /** The session token, or the encrypted device descriptor when there is none. */
  token: "NSCPER",
  userId: "userId",
  uuId: "uuId",
  acceptLanguage: "Accept-Language",
  /** A client that can read compressed answers says so (opt-in: the spec's clients never do). */
  acceptEnvelope: "x-chayong-accept-envelope",
  /** Set on an answer whose envelope was compressed before it was encrypted. */
  envelopeEncoding: "x-chayong-envelope",
  /**
   * An API key (`cyk_<prefix>_<secret>`) of an internal tool, sent instead of a session token:
   * the call acts as the key's lender within the key's scope.
   */
  apiKey: "x-chayong-api-key",
} as const;

/**
 * The one compression of an envelope: raw DEFLATE (RFC 1951) of its JSON's UTF-8, then the usual
 * AES-CBC and base64. Encrypted bytes do not compress, so a list page went 10x its JSON's
 * gzipped size over the wire; compressing first restores it. Answers that carry the session
 * token are never compressed: compression beside attacker-chosen input leaks secrets (BREACH).
 */
export const COMPRESSED_ENVELOPE = "deflate-raw";

export const HEADER_VERSION = "12.0.0";
export const SOURCE_CHANNEL = "Organic";
export const COUNTRY_CODE = "82";
/** The spec does not show the real value; apps pass their own `packageName`. */
export const DEFAULT_PACKAGE_NAME = "com.chayong.app";

/** Header values that never change per call. */
export const DEFAULT_HEADERS = {
  [HEADER.version]: HEADER_VERSION,
  [HEADER.sourceChannel]: SOURCE_CHANNEL,
  [HEADER.countryCode]: COUNTRY_CODE,
} as const;

export type Locale = "ko-KR" | "zh-TW";
export const DEFAULT_LOCALE: Locale = "ko-KR";

/** Envelope statuses (docs/wire-protocol.md#envelope-statuses). */
export const ENVELOPE_STATUS = {
  ok: 200,
  sessionInvalid: 301,
  badInput: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooFrequent: 429,
  serverError: 500,
  /** The database or the disk is unavailable, or the server is overloaded: try again later. */
  unavailable: 503,
} as const;
