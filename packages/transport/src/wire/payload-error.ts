export type PayloadErrorKind =
  | "not-json" // decrypted text is not JSON
  | "not-serialisable" // a value JSON.stringify cannot write (BigInt, cycle, undefined)
  | "not-envelope" // JSON, but not { status: integer, message?: string, body? }
  | "not-device-descriptor"; // JSON, but not the device descriptor's seven strings

/** The ciphertext decrypted fine but the JSON inside is not what the protocol expects. */
export class PayloadError extends Error {
  override readonly name = "PayloadError";
  readonly kind: PayloadErrorKind;
  readonly messageKey = "request.invalidCiphertext";

  constructor(kind: PayloadErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

export function isPayloadError(error: unknown): error is PayloadError {
  return (
    error instanceof PayloadError ||
    (error instanceof Error && error.name === "PayloadError" && "kind" in error)
  );
}
