/** Why a value could not be encrypted or decrypted. */
export type CodecErrorKind =
  | "invalid-base64" // ciphertext is not standard base64
  | "wrong-length" // ciphertext is empty or not a whole number of AES blocks
  | "bad-padding" // PKCS7 padding is wrong: garbage, or the wrong key/IV
  | "invalid-utf8" // padding happened to be valid but the plaintext is not UTF-8
  | "invalid-plaintext" // the string to encrypt holds a lone surrogate and cannot be UTF-8
  | "invalid-key" // key is not 16, 24 or 32 bytes
  | "invalid-iv" // IV is not 16 bytes
  | "invalid-hex"; // a hex setting has odd length or non-hex characters

/**
 * The codec never returns junk: every failure is this error. Its message key is the spec's
 * 'data validation failed' (the server answers it for a request it cannot decrypt).
 */
export class CodecError extends Error {
  override readonly name = "CodecError";
  readonly kind: CodecErrorKind;
  readonly messageKey = "request.invalidCiphertext";

  constructor(kind: CodecErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

export function isCodecError(error: unknown): error is CodecError {
  return (
    error instanceof CodecError ||
    (error instanceof Error && error.name === "CodecError" && "kind" in error)
  );
}
