/**
 * Message keys transport errors carry, for the app to translate (ko-KR, zh-TW) via @chayong/i18n.
 * Keys already in @chayong/domain's catalogue are reused with the same spelling; `transport.*`
 * keys are this package's own. The comment is the spec's wording (spec §5, §8).
 */
export const transportMessageKeys = [
  "transport.httpStatus", // 'HTTP status code {code}'
  "transport.unreachable", // 'check that the API address is reachable'
  "transport.timeout", // 'network request timed out' (time-out modal title)
  "transport.timeoutHint", // 'check network and retry' (time-out modal text)
  "transport.missingUrl", // 'missing data URL'
  "transport.prepareFailed", // 'request start interceptor failed'
  "transport.rejected", // any other envelope status: show the server message; this if it is empty
  "transport.aborted", // the caller cancelled the call (its AbortSignal fired)
  "transport.slowNetwork", // 'network is poor, please wait' (notice, not an error)
  "request.invalidCiphertext", // 'data validation failed' (shared with @chayong/domain)
  "session.invalid", // envelope 301 (shared with @chayong/domain)
  "session.dataError", // 'data error, please log in again' (shared with @chayong/domain)
  "server.error", // envelope 500 (shared with @chayong/domain)
  "upload.filesNotArray", // 'files 必须是数组类型' (shared with @chayong/domain)
  "upload.tooLarge", // 'image too large, please re-upload' (shared with @chayong/domain)
  "upload.noTokenProvider", // cloud upload needs an upload-token provider (shared)
] as const;

export type TransportMessageKey = (typeof transportMessageKeys)[number];
