import { isCodecError } from "./codec-error.ts";
import { hexToBytes } from "./hex.ts";

/**
 * Development defaults, shared by the dev server and the dev web build so they understand each
 * other out of the box. Public on purpose: this layer is obfuscation, not secrecy (see README).
 * Deployments set CHAYONG_CIPHER_KEY / CHAYONG_CIPHER_IV.
 */
export const DEV_CIPHER_KEY_HEX =
  "636861796f6e672d6465762d6b65792d6f6e6c792d6e6f742d73656372657421";
export const DEV_CIPHER_IV_HEX = "636861796f6e672d6465762d69762121";

export const CIPHER_KEY_ENV = "CHAYONG_CIPHER_KEY";
export const CIPHER_IV_ENV = "CHAYONG_CIPHER_IV";

export type CipherSettingsErrorKind = "invalid-hex" | "wrong-length" | "incomplete";

/** A deployment setting is wrong; the message names the variable (never its value). */
export class CipherSettingsError extends Error {
  override readonly name = "CipherSettingsError";
  readonly kind: CipherSettingsErrorKind;
  readonly variable: string;

  constructor(kind: CipherSettingsErrorKind, variable: string, message: string) {
    super(message);
    this.kind = kind;
    this.variable = variable;
  }
}

export interface CodecSettings {
  key: Uint8Array;
  iv: Uint8Array;
  /** True when neither variable was set and the public development values are in use. */
  usesDevDefaults: boolean;
}

/**
 * Reads the key and IV (hex) from the environment. Both unset (or empty) means the development
 * defaults; setting only one is refused, since a half-configured deployment cannot talk to
 * anything.
 */
export function codecSettingsFromEnv(env: Record<string, string | undefined>): CodecSettings {
  const keyHex = env[CIPHER_KEY_ENV]?.trim() || undefined;
  const ivHex = env[CIPHER_IV_ENV]?.trim() || undefined;
  if (keyHex === undefined && ivHex === undefined) {
    return {
      key: hexToBytes(DEV_CIPHER_KEY_HEX),
      iv: hexToBytes(DEV_CIPHER_IV_HEX),
      usesDevDefaults: true,
    };
  }
  if (keyHex === undefined || ivHex === undefined) {
    const missing = keyHex === undefined ? CIPHER_KEY_ENV : CIPHER_IV_ENV;
    const present = keyHex === undefined ? CIPHER_IV_ENV : CIPHER_KEY_ENV;
    throw new CipherSettingsError(
      "incomplete",
      missing,
      `${missing} is not set while ${present} is; set both (hex) or neither (development defaults)`,
    );
  }
  return {
    key: parseHexSetting(CIPHER_KEY_ENV, keyHex, [16, 24, 32]),
    iv: parseHexSetting(CIPHER_IV_ENV, ivHex, [16]),
    usesDevDefaults: false,
  };
}

function parseHexSetting(variable: string, hex: string, byteLengths: number[]): Uint8Array {
  const expected = byteLengths
    .map((n) => `${n * 2}`)
    .join(", ")
    .replace(/, (\d+)$/, " or $1");
  const bytesText = byteLengths.join(", ").replace(/, (\d+)$/, " or $1");
  let bytes: Uint8Array;
  try {
    bytes = hexToBytes(hex);
  } catch (error) {
    if (!isCodecError(error)) throw error;
    throw new CipherSettingsError(
      "invalid-hex",
      variable,
      `${variable} is not hex: expected ${expected} hex digits (0-9, a-f), and an even count`,
    );
  }
  if (!byteLengths.includes(bytes.length)) {
    throw new CipherSettingsError(
      "wrong-length",
      variable,
      `${variable} must be ${expected} hex digits (${bytesText} bytes), got ${hex.length}`,
    );
  }
  return bytes;
}
