import { crc32, deflateSync, inflateSync } from "node:zlib";
import type { MessageKey } from "@chayong/domain";
import { maxSignatureBytes } from "@chayong/sdk";

export type SignatureCheck =
  | { ok: true; png: Buffer; width: number; height: number }
  | { ok: false; key: MessageKey };

const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const dataUrlPrefix = /^data:image\/png;base64,/i;

/**
 * The largest signature image decoded: a full-screen pad on a 430 x 932 phone at 3 device pixels
 * per CSS pixel is 1290 x 2796 (3.6 million pixels). The decoded pixels, at most 4 bytes each,
 * are bounded before anything is inflated, so a small PNG that would inflate to gigabytes
 * ("decompression bomb") is refused from its header alone.
 */
export const signatureImageLimits = { maxSide: 4096, maxPixels: 4_000_000 } as const;

/** Channels per pixel of the 8-bit colour types a canvas writes: grey, RGB, grey+alpha, RGBA. */
const channelsOf: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * Accepts a signature only when it is a real PNG (structure and compressed pixels decode) of a
 * sane size with at least one pixel unlike the others: a blank canvas is "no signature detected".
 */
export function checkSignatureImage(encoded: string): SignatureCheck {
  const base64 = encoded.trim().replace(dataUrlPrefix, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) {
    return { ok: false, key: "signature.invalidImage" };
  }
  const png = Buffer.from(base64, "base64");
  if (png.length === 0) return { ok: false, key: "signature.incomplete" };
  if (png.length > maxSignatureBytes) return { ok: false, key: "signature.tooLarge" };
  const decoded = decodePng(png);
  if (decoded === "too-large") return { ok: false, key: "signature.tooLarge" };
  if (decoded === null) return { ok: false, key: "signature.invalidImage" };
  if (decoded.blank) return { ok: false, key: "signature.empty" };
  return { ok: true, png, width: decoded.width, height: decoded.height };
}

interface DecodedPng {
  width: number;
  height: number;
  /** Every pixel equal: "no signature detected". */
  blank: boolean;
  /** Unfiltered rows, `channels` bytes per pixel. */
  pixels: Buffer;
  channels: number;
}

/** The ink's box in an image, in pixels; null when there is none. */
export interface InkBounds {
  left: number;
  top: number;
  /** Exclusive. */
  right: number;
  bottom: number;
}

/**
 * The smallest box holding every pixel that is clearly not the background (the top-left pixel:
 * the pad paints the whole canvas, white or transparent). Anti-aliased edges fainter than
 * `threshold` (of 255) count as background.
 */
function inkBoundsOf(image: DecodedPng, threshold = 24): InkBounds | null {
  const { width, height, pixels, channels } = image;
  const alpha = channels === 4 || channels === 2 ? channels - 1 : -1;
  const background = pixels.subarray(0, channels);
  const backgroundTransparent = alpha >= 0 && (background[alpha] ?? 0) < threshold;
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * channels;
      let ink = false;
      if (backgroundTransparent) {
        ink = (pixels[at + alpha] ?? 0) >= threshold;
      } else {
        for (let c = 0; c < channels && !ink; c++) {
          ink = Math.abs((pixels[at + c] ?? 0) - (background[c] ?? 0)) >= threshold;
        }
      }
      if (!ink) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return right < 0 ? null : { left, top, right: right + 1, bottom: bottom + 1 };
}

/**
 * The signature as the document shows it: the stored PNG cut to the ink's bounds plus a margin
 * (a tenth of the ink's larger side, at least 8 pixels), so a landscape scrawl on a tall pad is
 * not a huge mostly empty box. The stored image stays as it was signed; this is for display
 * only. An image it cannot read, or without ink, is returned as it is.
 */
export function cropSignatureToInk(png: Buffer): Buffer {
  const decoded = decodePng(png);
  if (decoded === null || decoded === "too-large") return png;
  const bounds = inkBoundsOf(decoded);
  if (bounds === null) return png;
  const margin = Math.max(
    8,
    Math.round(Math.max(bounds.right - bounds.left, bounds.bottom - bounds.top) / 10),
  );
  const left = Math.max(0, bounds.left - margin);
  const top = Math.max(0, bounds.top - margin);
  const right = Math.min(decoded.width, bounds.right + margin);
  const bottom = Math.min(decoded.height, bounds.bottom + margin);
  if (left === 0 && top === 0 && right === decoded.width && bottom === decoded.height) return png;
  const { channels, pixels, width } = decoded;
  const stride = (right - left) * channels;
  const raw = Buffer.alloc((bottom - top) * (stride + 1));
  for (let y = top; y < bottom; y++) {
    const row = (y - top) * (stride + 1);
    raw[row] = 0; // filter None
    pixels.copy(raw, row + 1, (y * width + left) * channels, (y * width + right) * channels);
  }
  return encodePng(right - left, bottom - top, colourTypeOf(channels), raw);
}

function colourTypeOf(channels: number): number {
  const found = Object.entries(channelsOf).find(([, count]) => count === channels);
  return Number(found?.[0] ?? 6);
}

/** An 8-bit, non-interlaced PNG from rows already filtered (each led by its filter byte). */
function encodePng(width: number, height: number, colourType: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = colourType;
  return Buffer.concat([
    pngMagic,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * Decodes the 8-bit, non-interlaced PNGs a canvas writes; anything else is not a signature.
 * Null when malformed, "too-large" when its pixels exceed `signatureImageLimits`.
 */
function decodePng(png: Buffer): DecodedPng | "too-large" | null {
  if (png.length < 33 || !png.subarray(0, 8).equals(pngMagic)) return null;
  let offset = 8;
  let header: {
    width: number;
    height: number;
    bitDepth: number;
    colourType: number;
    interlace: number;
  } | null = null;
  const idat: Buffer[] = [];
  let ended = false;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const dataStart = offset + 8;
    if (dataStart + length + 4 > png.length) return null;
    const data = png.subarray(dataStart, dataStart + length);
    if (header === null && type !== "IHDR") return null;
    if (type === "IHDR") {
      if (length !== 13) return null;
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        bitDepth: data[8] ?? 0,
        colourType: data[9] ?? 0,
        interlace: data[12] ?? 0,
      };
    } else if (type === "IDAT") {
      idat.push(data);
    } else if (type === "IEND") {
      ended = true;
      break;
    }
    offset = dataStart + length + 4;
  }
  if (header === null || !ended || idat.length === 0) return null;
  const { width, height, bitDepth, colourType, interlace } = header;
  const channels = channelsOf[colourType];
  if (bitDepth !== 8 || interlace !== 0 || channels === undefined) return null;
  if (width < 1 || height < 1) return null;
  const { maxSide, maxPixels } = signatureImageLimits;
  if (width > maxSide || height > maxSide || width * height > maxPixels) return "too-large";
  const stride = width * channels;
  // Every row is its filter byte and its pixels: the exact size the pixels inflate to.
  const expected = height * (stride + 1);
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  } catch {
    // Malformed, or more data than the header declares (inflating stopped at the bound).
    return null;
  }
  if (raw.length !== expected) return null;
  const pixels = unfilter(raw, height, stride, channels);
  if (pixels === null) return null;
  return { width, height, blank: allPixelsEqual(pixels, channels), pixels, channels };
}

/** Reverses PNG's per-row filters (None, Sub, Up, Average, Paeth). */
function unfilter(raw: Buffer, height: number, stride: number, bpp: number): Buffer | null {
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = y * stride;
    const prev = row - stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? (out[row + x - bpp] ?? 0) : 0;
      const b = y > 0 ? (out[prev + x] ?? 0) : 0;
      const c = y > 0 && x >= bpp ? (out[prev + x - bpp] ?? 0) : 0;
      const value = line[x] ?? 0;
      let predicted: number;
      switch (filter) {
        case 0:
          predicted = 0;
          break;
        case 1:
          predicted = a;
          break;
        case 2:
          predicted = b;
          break;
        case 3:
          predicted = (a + b) >> 1;
          break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default:
          return null;
      }
      out[row + x] = (value + predicted) & 0xff;
    }
  }
  return out;
}

function allPixelsEqual(pixels: Buffer, channels: number): boolean {
  const alpha = channels === 4 || channels === 2 ? channels - 1 : -1;
  const first = pixels.subarray(0, channels);
  const firstTransparent = alpha >= 0 && first[alpha] === 0;
  for (let i = channels; i < pixels.length; i += channels) {
    // Fully transparent pixels are all "no ink", whatever colour they nominally hold.
    if (firstTransparent && pixels[i + alpha] === 0) continue;
    for (let c = 0; c < channels; c++) {
      if (pixels[i + c] !== first[c]) return false;
    }
  }
  return true;
}
