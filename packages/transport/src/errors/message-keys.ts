/**
 * Message keys transport errors carry, for the app to translate (ko-KR, zh-TW) through
 * @chayong/i18n, whose catalogs use the same ids. The comment is the spec's wording (docs/errors.md#transport-failures).
 */
export const transportMessageKeys = [
  "transport.httpStatus", // 'HTTP status code {code}'
  "transport.invalidData", // 'data validation failed'
  "transport.sessionEnded", // envelope 301: session ended, log in again
  "transport.serverError", // envelope 500 without statusCode 500
  "session.dataError", // envelope 500 with statusCode 500: 'data error, please log in again'
  "transport.rejected", // any other envelope status: show serverMessage; this when it is empty
  "transport.unreachable", // 'check that the API address is reachable'
  "transport.timeout", // 'network request timed out' (the modal itself uses modal.timeout.*)
  "transport.aborted", // the caller cancelled the call (its AbortSignal fired)
  "transport.missingUrl", // 'missing data URL'
  "transport.prepareFailed", // 'request start interceptor failed'
  "transport.filesNotArray", // 'files 必须是数组类型'
  "transport.fileTooLarge", // 'image too large, please re-upload'
  "transport.noUploadToken", // cloud upload needs a way to obtain the upload token
  "transport.slowNetwork", // 'network is poor, please wait' (a notice, not an error)
] as const;

export type TransportMessageKey = (typeof transportMessageKeys)[number];
