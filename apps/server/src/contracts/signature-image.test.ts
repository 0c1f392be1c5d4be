import { deflateSync } from "node:zlib";
import { maxSignatureBytes } from "@chayong/sdk";
import { describe, expect, it } from "vitest";
import { encodeTestPng, signaturePng } from "../testing/png";
import { checkSignatureImage, cropSignatureToInk } from "./signature-image";

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

  it("bounds the pixels from the header alone, before inflating anything", () => {
    // 60,000 x 60,000 RGBA would be 14.4 GB decoded: refused from its 13-byte header.
    const wide = encodeTestPng(1, 1, () => true);
    const ihdr = wide.indexOf("IHDR") + 4;
    wide.writeUInt32BE(60_000, ihdr);
    wide.writeUInt32BE(60_000, ihdr + 4);
    expect(checkSignatureImage(wide.toString("base64"))).toEqual({
      ok: false,
      key: "signature.tooLarge",
    });
    // Within each side's bound but not in pixels (4,096 x 4,096 = 16.8 million).
    const square = encodeTestPng(1, 1, () => true);
    square.writeUInt32BE(4_096, ihdr);
    square.writeUInt32BE(4_096, ihdr + 4);
    expect(checkSignatureImage(square.toString("base64"))).toMatchObject({
      key: "signature.tooLarge",
    });
  });

  it("stops inflating at the size the header declares (a decompression bomb)", () => {
    // The header says 100 x 100 (40,100 bytes of rows); the data inflates to 32 MiB of zeros
    // (32 KiB compressed). Inflating stops at 40,100 bytes and the image is refused.
    const png = encodeTestPng(100, 100, (x) => x === 1);
    const idatStart = png.indexOf("IDAT") + 4;
    const idatLength = png.readUInt32BE(idatStart - 8);
    const bomb = deflateSync(Buffer.alloc(32 * 1024 * 1024));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bomb.length);
    const rebuilt = Buffer.concat([
      png.subarray(0, idatStart - 8),
      length,
      Buffer.from("IDAT"),
      bomb,
      Buffer.alloc(4),
      png.subarray(idatStart + idatLength + 4),
    ]);
    expect(rebuilt.length).toBeLessThan(maxSignatureBytes);
    expect(checkSignatureImage(rebuilt.toString("base64"))).toEqual({
      ok: false,
      key: "signature.invalidImage",
    });
  });

  it("refuses formats a canvas never writes (16-bit, palette, interlaced)", () => {
    for (const [offset, value] of [
      [8, 16],
      [9, 3],
      [12, 1],
    ] as const) {
      const png = encodeTestPng(4, 4, (x) => x === 1);
      png[png.indexOf("IHDR") + 4 + offset] = value;
      expect(checkSignatureImage(png.toString("base64"))).toEqual({
        ok: false,
        key: "signature.invalidImage",
      });
    }
  });
});

describe("cropSignatureToInk", () => {
  const sizeOf = (png: Buffer) => {
    const result = checkSignatureImage(png.toString("base64"));
    if (!result.ok) throw new Error(`not a signature: ${result.key}`);
    return { width: result.width, height: result.height };
  };

  it("cuts a tall, mostly empty pad down to the ink and a margin", () => {
    // A 680 x 1492 portrait pad with a 200 x 60 scrawl in the middle (the walkthrough's case).
    const tall = encodeTestPng(
      680,
      1492,
      (x, y) =>
        x >= 240 && x < 440 && y >= 700 && y < 760 && Math.abs(y - 700 - (x - 240) * 0.3) < 3,
    );
    const cropped = cropSignatureToInk(tall);
    // Ink 200 x 60 plus a margin of a tenth of 200 (20 px) on every side.
    expect(sizeOf(cropped)).toEqual({ width: 240, height: 100 });
  });

  it("keeps the ink itself, pixel for pixel", () => {
    const ink = (x: number, y: number) => x >= 30 && x < 60 && y >= 40 && y < 50;
    const cropped = cropSignatureToInk(encodeTestPng(200, 200, ink));
    const expected = encodeTestPng(46, 26, (x, y) => ink(x + 22, y + 32));
    expect(cropped.equals(expected)).toBe(true);
  });

  it("gives back an image without ink, or one it cannot read, as it is", () => {
    const blank = encodeTestPng(40, 40, () => false);
    expect(cropSignatureToInk(blank)).toBe(blank);
    const junk = Buffer.from("not a png");
    expect(cropSignatureToInk(junk)).toBe(junk);
  });
});
