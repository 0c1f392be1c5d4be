// Codec: AES-CBC/PKCS7 + base64, and its deployment settings.

// HTTP client.
export type { DeviceInfo, LoginInfo, SessionProvider } from "./client/session.ts";
export type { PendingCall } from "./client/slow-network.ts";
export {
  type BytesCall,
  createTransport,
  DEFAULT_SLOW_NETWORK_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_UPLOAD_TIMEOUT_MS,
  type EnvelopeCall,
  type RawCall,
  type Transport,
  type TransportOptions,
} from "./client/transport.ts";
export {
  type CipherEngine,
  type Codec,
  type CodecOptions,
  createCodec,
  portableCipherEngine,
} from "./codec/codec.ts";
export { CodecError, type CodecErrorKind, isCodecError } from "./codec/codec-error.ts";
export { bytesToHex, hexToBytes } from "./codec/hex.ts";
export {
  CIPHER_IV_ENV,
  CIPHER_KEY_ENV,
  CipherSettingsError,
  type CipherSettingsErrorKind,
  type CodecSettings,
  codecSettingsFromEnv,
  DEV_CIPHER_IV_HEX,
  DEV_CIPHER_KEY_HEX,
} from "./codec/settings.ts";
// Errors.
export { failures } from "./errors/failures.ts";
export { type TransportMessageKey, transportMessageKeys } from "./errors/message-keys.ts";
export {
  isTransportError,
  TransportError,
  type TransportErrorDetails,
  type TransportErrorKind,
} from "./errors/transport-error.ts";
// Uploads.
export {
  CLOUD_UPLOAD_URLS,
  type CloudUploadCredentials,
  type CloudUploadedFile,
  type CloudUploadOptions,
  DEFAULT_CLOUD_REGION,
  S3_POST_TOKEN_PREFIX,
  type UploadTokenProvider,
} from "./upload/cloud.ts";
export {
  cloudObjectKey,
  fileExtension,
  OBJECT_KEY_RANDOM_LENGTH,
  type ObjectKeyParts,
  randomCharacters,
} from "./upload/object-key.ts";
export {
  DEFAULT_UPLOAD_FIELD,
  DEFAULT_UPLOAD_MAX_BYTES,
  DEFAULT_UPLOAD_PATH,
  type UploadedFile,
  type UploadOptions,
  type UploadProgress,
} from "./upload/upload.ts";
export {
  type DeviceDescriptor,
  decodeDeviceDescriptor,
  encodeDeviceDescriptor,
} from "./wire/device-descriptor.ts";
export {
  decodeCompressedEnvelope,
  decodeEnvelope,
  type Envelope,
  encodeCompressedEnvelope,
  encodeEnvelope,
  readEnvelope,
} from "./wire/envelope.ts";
// Wire protocol shared with the API server.
export { canInflateEnvelopes } from "./wire/inflate.ts";
export { decodeRequestPayload, encodePayload } from "./wire/payload.ts";
export { isPayloadError, PayloadError, type PayloadErrorKind } from "./wire/payload-error.ts";
export {
  COMPRESSED_ENVELOPE,
  COUNTRY_CODE,
  DEFAULT_HEADERS,
  DEFAULT_LOCALE,
  DEFAULT_PACKAGE_NAME,
  ENCRYPTED_CONTENT_TYPE,
  ENVELOPE_QUERY_PARAM,
  ENVELOPE_STATUS,
  HEADER,
  HEADER_VERSION,
  type Locale,
  SOURCE_CHANNEL,
} from "./wire/protocol.ts";
