import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64ToBytes, bytesToBase64, isStandardBase64 } from "./base64.ts";

describe("base64", () => {
  it("agrees with Buffer both ways", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const base64 = bytesToBase64(bytes);
        expect(base64).toBe(Buffer.from(bytes).toString("base64"));
        expect(base64ToBytes(base64)).toEqual(bytes);
      }),
    );
  });

  it("handles payloads larger than one conversion chunk", () => {
    const bytes = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 31) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
  });
});

describe("isStandardBase64", () => {
  // The rule as a regular expression: what the loop must agree with, character for character.
  const pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

  it("accepts exactly what the standard, padded pattern accepts (property)", () => {
    const near = fc.string({
      unit: fc.constantFrom(..."AZaz09+/=-_ \n\u00e9\uac00".split("")),
      maxLength: 40,
    });
    fc.assert(
      fc.property(fc.oneof(near, fc.string(), fc.uint8Array().map(bytesToBase64)), (text) => {
        expect(isStandardBase64(text)).toBe(pattern.test(text));
      }),
      { numRuns: 2_000 },
    );
  });
});
