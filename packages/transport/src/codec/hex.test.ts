import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CodecError } from "./codec-error.ts";
import { bytesToHex, hexToBytes } from "./hex.ts";

describe("hex", () => {
  it("agrees with Buffer both ways", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const hex = bytesToHex(bytes);
        expect(hex).toBe(Buffer.from(bytes).toString("hex"));
        expect(hexToBytes(hex)).toEqual(bytes);
        expect(hexToBytes(hex.toUpperCase())).toEqual(bytes);
      }),
    );
  });

  it.each(["abc", "zz", "0x00", "00 11", "é0"])("rejects %j", (hex) => {
    expect(() => hexToBytes(hex)).toThrow(CodecError);
  });
});
