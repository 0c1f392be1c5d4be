import { describe, expect, it } from "vitest";
import { createCodec } from "./codec.ts";
import { bytesToHex } from "./hex.ts";
import {
  CipherSettingsError,
  codecSettingsFromEnv,
  DEV_CIPHER_IV_HEX,
  DEV_CIPHER_KEY_HEX,
} from "./settings.ts";

function settingsError(env: Record<string, string | undefined>): CipherSettingsError {
  try {
    codecSettingsFromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(CipherSettingsError);
    return error as CipherSettingsError;
  }
  throw new Error("expected codecSettingsFromEnv to throw");
}

describe("codecSettingsFromEnv", () => {
  it("uses the development defaults when neither variable is set (or both are empty)", () => {
    for (const env of [{}, { CHAYONG_CIPHER_KEY: "", CHAYONG_CIPHER_IV: " " }]) {
      const settings = codecSettingsFromEnv(env);
      expect(bytesToHex(settings.key)).toBe(DEV_CIPHER_KEY_HEX);
      expect(bytesToHex(settings.iv)).toBe(DEV_CIPHER_IV_HEX);
      expect(settings.usesDevDefaults).toBe(true);
    }
  });

  it("the development defaults make a working AES-256 codec", () => {
    const settings = codecSettingsFromEnv({});
    expect(settings.key).toHaveLength(32);
    expect(settings.iv).toHaveLength(16);
    const codec = createCodec(settings);
    expect(codec.decrypt(codec.encrypt("{}"))).toBe("{}");
  });

  it.each([16, 24, 32])("reads a %i-byte key and the IV from hex", (size) => {
    const keyHex = "ab".repeat(size);
    const settings = codecSettingsFromEnv({
      CHAYONG_CIPHER_KEY: keyHex.toUpperCase(),
      CHAYONG_CIPHER_IV: "cd".repeat(16),
    });
    expect(bytesToHex(settings.key)).toBe(keyHex);
    expect(bytesToHex(settings.iv)).toBe("cd".repeat(16));
    expect(settings.usesDevDefaults).toBe(false);
  });

  it("names the variable with the wrong length, never its value", () => {
    const error = settingsError({
      CHAYONG_CIPHER_KEY: "ab".repeat(20),
      CHAYONG_CIPHER_IV: "cd".repeat(16),
    });
    expect(error.kind).toBe("wrong-length");
    expect(error.variable).toBe("CHAYONG_CIPHER_KEY");
    expect(error.message).toContain("CHAYONG_CIPHER_KEY");
    expect(error.message).toContain("32, 48 or 64 hex digits");
    expect(error.message).not.toContain("abab");

    const ivError = settingsError({
      CHAYONG_CIPHER_KEY: "ab".repeat(16),
      CHAYONG_CIPHER_IV: "cd".repeat(8),
    });
    expect(ivError.variable).toBe("CHAYONG_CIPHER_IV");
    expect(ivError.message).toContain("32 hex digits (16 bytes)");
  });

  it("names the variable that is not hex", () => {
    const error = settingsError({
      CHAYONG_CIPHER_KEY: "ab".repeat(16),
      CHAYONG_CIPHER_IV: "zz".repeat(16),
    });
    expect(error.kind).toBe("invalid-hex");
    expect(error.variable).toBe("CHAYONG_CIPHER_IV");
    expect(error.message).toContain("CHAYONG_CIPHER_IV is not hex");
  });

  it("refuses one variable without the other", () => {
    const error = settingsError({ CHAYONG_CIPHER_KEY: "ab".repeat(16) });
    expect(error.kind).toBe("incomplete");
    expect(error.variable).toBe("CHAYONG_CIPHER_IV");
    expect(settingsError({ CHAYONG_CIPHER_IV: "ab".repeat(16) }).variable).toBe(
      "CHAYONG_CIPHER_KEY",
    );
  });
});
