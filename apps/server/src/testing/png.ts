import { crc32, deflateSync } from "node:zlib";

/**
 * A PNG (8-bit RGBA, filter None) from a pixel function, for tests that need real signature
 * images: `ink(x, y)` true paints a black pixel on a transparent canvas, as a signature pad does.
 */
export function encodeTestPng(
  width: number,
  height: number,
  ink: (x: number, y: number) => boolean,
): Buffer {
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      if (ink(x, y)) raw.writeUInt32BE(0x000000ff, row + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A diagonal stroke, as the data URL a signature pad's canvas gives. */
export function signaturePng(): string {
  return `data:image/png;base64,${encodeTestPng(120, 40, (x, y) => Math.abs(y - x / 3) < 1.5).toString("base64")}`;
}
