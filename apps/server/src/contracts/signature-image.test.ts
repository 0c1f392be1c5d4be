import { deflateSync } from "node:zlib";
import { maxSignatureBytes } from "@chayong/sdk";
import { describe, expect, it } from "vitest";
import { encodeTestPng, signaturePng } from "../testing/png";
import { checkSignatureImage } from "./signature-image";

describe("checkSignatureImage", () => {
  it("accepts a drawn signature, also as a canvas data URL", () => {
    const result = checkSignatureImage(signaturePng());
    expect(result).toMatchObject({ ok: true, width: 120, height: 40 });
    expect(checkSignatureImage(signaturePng().replace("data:image/png;base64,", "")).ok).toBe(true);
  });

  it("says 'no signature detected' for a blank canvas, transparent or white", () => {
    expect(checkSignatureImage(encodeTestPng(50, 20, () => false).toString("base64"))).toEqual({
      ok: false,
      key: "signature.empty",
    });
    const white = encodeTestPng(50, 20, () => true); // all black is as blank as all white
    expect(checkSignatureImage(white.toString("base64"))).toEqual({
      ok: false,
      key: "signature.empty",
    });
  });

  it("finds a single pixel of ink, whatever row filter the encoder chose", () => {
    expect(
      checkSignatureImage(encodeTestPng(64, 64, (x, y) => x === 63 && y === 63).toString("base64"))
        .ok,
    ).toBe(true);
    // Hand-built Sub-filtered row: [0,0,0,0] then +255 alpha on the second pixel.
    const png = encodeTestPng(2, 1, () => false);
    const idatStart = png.indexOf("IDAT") + 4;
    const idatLength = png.readUInt32BE(idatStart - 8);
    const subFiltered = deflateSync(Buffer.from([1, 0, 0, 0, 0, 0, 0, 0, 255]));
    const rebuilt = Buffer.concat([
      png.subarray(0, idatStart - 8),
      (() => {
        const b = Buffer.alloc(4);
        b.writeUInt32BE(subFiltered.length);
        return b;
      })(),
      Buffer.from("IDAT"),
      subFiltered,
      Buffer.alloc(4), // CRC is not what the check relies on
      png.subarray(idatStart + idatLength + 4),
    ]);
    expect(checkSignatureImage(rebuilt.toString("base64")).ok).toBe(true);
  });

  it("refuses what is not a PNG, a truncated PNG and an oversized one", () => {
    expect(checkSignatureImage("not base64!")).toEqual({
      ok: false,
      key: "signature.invalidImage",
    });
    expect(checkSignatureImage(Buffer.from("GIF89a....").toString("base64"))).toEqual({
      ok: false,
      key: "signature.invalidImage",
    });
    const truncated = Buffer.from(signaturePng().split(",")[1] ?? "", "base64").subarray(0, 40);
    expect(checkSignatureImage(truncated.toString("base64"))).toEqual({
      ok: false,
      key: "signature.invalidImage",
    });
    const noisy = encodeTestPng(600, 600, (x, y) => (x * 7919 + y * 104729) % 3 === 0);
    const huge = Buffer.concat([noisy, Buffer.alloc(maxSignatureBytes)]);
    expect(checkSignatureImage(huge.toString("base64"))).toEqual({
      ok: false,
      key: "signature.tooLarge",
    });
  });
});
