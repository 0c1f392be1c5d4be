import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64ToBytes, bytesToBase64 } from "./base64.ts";

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
