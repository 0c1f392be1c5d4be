import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { inflateSync } from "node:zlib";
import fontkit from "@pdf-lib/fontkit";
import type { Locale } from "../../messages/message-for";
import { serverPackageDir } from "../../package-dir";

/** The two weights the PDF uses: text and headings. */
export type PdfFontWeight = "regular" | "bold";

/** One font file the PDF may embed, found lazily; `covers` answers before it is read. */
export interface PdfFontFace {
  /** Stable name, for logs and tests (`pretendard-regular`, `noto-sans-tc-[12]-700`). */
  name: string;
  /** The font as an sfnt (TrueType or OpenType), WOFF already unpacked. */
  bytes(): Uint8Array;
  /** Whether the face has a glyph for this code point. */
  covers(codePoint: number): boolean;
}

/**
 * Where the app's fonts come from: the packages the web app ships them from (docs/contract-pdf.md,
 * "Fonts"). They are found through Node's resolution from the server's package first; while the
 * server does not list them as its own dependencies, from the workspace packages that do (the UI
 * kit for Pretendard, the web app for Noto Sans TC) — the same folders the built app is served
 * from. Nothing the operating system has installed is ever read.
 */
const packageDirs = new Map<string, string>();

function packageDir(name: string): string {
  const known = packageDirs.get(name);
  if (known !== undefined) return known;
  const found = findPackageDir(name);
  packageDirs.set(name, found);
  return found;
}

/** The font packages are the server's own dependencies (package.json). */
function findPackageDir(name: string): string {
  const owner = join(serverPackageDir(), "package.json");
  return dirname(createRequire(owner).resolve(`${name}/package.json`));
}

/**
 * Pretendard (Hangul and Latin) as TrueType: the package's static OTF files are CFF, which
 * fontkit cannot subset (it finds no CFF table in them), and embedding whole 1.5 MB fonts would
 * make every PDF megabytes. The same package's TrueType build subsets to a few kilobytes.
 */
function pretendardFile(weight: PdfFontWeight): string {
  const file = weight === "bold" ? "Pretendard-Bold.ttf" : "Pretendard-Regular.ttf";
  return join(packageDir("pretendard"), "dist/public/static/alternative", file);
}

const notoWeights = { regular: 400, bold: 700 } as const;

function notoFile(slice: string, weight: PdfFontWeight): string {
  return join(
    packageDir("@fontsource/noto-sans-tc"),
    "files",
    `noto-sans-tc-${slice}-${notoWeights[weight]}-normal.woff`,
  );
}

const sfntCache = new Map<string, Uint8Array>();

/**
 * A WOFF 1 file as the sfnt it wraps (W3C WOFF 1.0 §4-5): each table inflated when compressed.
 * fontkit reads WOFF itself, but inflates the whole `glyf` table again for every glyph it reads
 * (seconds per document for a 6,000-glyph CJK font); unpacked once, the same font is read in
 * milliseconds.
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error("not a WOFF 1 file");
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const offset = view.getUint32(entry + 4);
    const compLength = view.getUint32(entry + 8);
    const origLength = view.getUint32(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? new Uint8Array(inflateSync(stored)) : stored;
    if (data.length !== origLength) throw new Error("a WOFF table does not unpack to its length");
    tables.push({ tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data });
  }
  const headerLength = 12 + numTables * 16;
  const padded = (length: number) => (length + 3) & ~3;
  const total = tables.reduce((sum, table) => sum + padded(table.data.length), headerLength);
  const sfnt = new Uint8Array(total);
  const out = new DataView(sfnt.buffer);
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector++;
  }
  out.setUint32(0, flavor);
  out.setUint16(4, numTables);
  out.setUint16(6, searchRange * 16);
  out.setUint16(8, entrySelector);
  out.setUint16(10, numTables * 16 - searchRange * 16);
  let offset = headerLength;
  tables.forEach((table, i) => {
    const entry = 12 + i * 16;
    out.setUint32(entry, table.tag);
    out.setUint32(entry + 4, table.checksum);
    out.setUint32(entry + 8, offset);
    out.setUint32(entry + 12, table.data.length);
    sfnt.set(table.data, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

function sfntOf(file: string): Uint8Array {
  let bytes = sfntCache.get(file);
  if (bytes === undefined) {
    const raw = new Uint8Array(readFileSync(file));
    bytes = file.endsWith(".woff") ? woffToSfnt(raw) : raw;
    sfntCache.set(file, bytes);
  }
  return bytes;
}

type FontkitFont = ReturnType<typeof fontkit.create>;
const parsedFonts = new WeakMap<Uint8Array, FontkitFont>();

/** The parts of fontkit's TrueType subset (TTFSubset) the fix below touches. */
interface TrueTypeSubset {
  glyf?: Uint8Array[];
  offset?: number;
  _addGlyph(glyphId: number): number;
}

/**
 * fontkit's TrueType subset writes a short `loca` table (offsets halved) whenever the subset is
 * under 128 KB, but never pads a glyph to an even length: after the first odd-length glyph every
 * offset is off by one and viewers draw nothing for most characters. Padding each glyph to an
 * even length (the format allows trailing zeros) keeps every offset exact.
 */
function padGlyphsToEvenLength(font: FontkitFont): FontkitFont {
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as unknown as TrueTypeSubset;
    const addGlyph = subset._addGlyph.bind(subset);
    subset._addGlyph = (glyphId) => {
      const index = addGlyph(glyphId);
      const glyph = subset.glyf?.[index];
      if (subset.glyf && subset.offset !== undefined && glyph && glyph.length % 2 === 1) {
        // fontkit's own Buffer class (a browser polyfill in its bundle): its encoder takes no other.
        const FontkitBuffer = glyph.constructor as typeof Buffer;
        subset.glyf[index] = FontkitBuffer.concat([glyph, FontkitBuffer.alloc(1)]);
        subset.offset += 1;
      }
      return index;
    };
    return subset as unknown as ReturnType<FontkitFont["createSubset"]>;
  };
  return font;
}

/**
 * fontkit for pdf-lib's `registerFontkit`, parsing each cached font file once per process:
 * pdf-lib parses the bytes it is given for every document, and a font's tables (its cmap, its
 * layout rules) are read-only, so every document can share the parsed font.
 */
export const cachingFontkit: typeof fontkit = {
  ...fontkit,
  create(buffer: Uint8Array, postscriptName?: string) {
    const known = parsedFonts.get(buffer);
    if (known !== undefined && postscriptName === undefined) return known;
    const font = padGlyphsToEvenLength(fontkit.create(buffer, postscriptName));
    if (postscriptName === undefined) parsedFonts.set(buffer, font);
    return font;
  },
};

function fileFace(name: string, file: () => string): PdfFontFace {
  const font = () => cachingFontkit.create(sfntOf(file()));
  return {
    name,
    bytes: () => sfntOf(file()),
    covers: (codePoint) => font().hasGlyphForCodePoint(codePoint),
  };
}

interface Slice {
  name: string;
  ranges: [from: number, to: number][];
}

let slices: Slice[] | undefined;

/** Noto Sans TC's unicode-range slices (fontsource's unicode.json), for characters beyond the common set. */
function notoSlices(): Slice[] {
  if (slices !== undefined) return slices;
  const table = JSON.parse(
    readFileSync(join(packageDir("@fontsource/noto-sans-tc"), "unicode.json"), "utf8"),
  ) as Record<string, string>;
  slices = Object.entries(table).map(([key, ranges]) => ({
    name: key.replace(/^\[(\d+)\]$/, "$1"),
    ranges: ranges.split(",").map((range): [number, number] => {
      const [from, to = from] = range.trim().replace(/^U\+/i, "").split("-");
      return [Number.parseInt(from ?? "", 16), Number.parseInt(to ?? "", 16)];
    }),
  }));
  return slices;
}

/** The slice of Noto Sans TC that has this character, as a face, or null. */
export function notoSliceFace(codePoint: number, weight: PdfFontWeight): PdfFontFace | null {
  const slice = notoSlices().find(({ ranges }) =>
    ranges.some(([from, to]) => codePoint >= from && codePoint <= to),
  );
  if (slice === undefined) return null;
  const face = fileFace(`noto-sans-tc-${slice.name}-${notoWeights[weight]}`, () =>
    notoFile(slice.name, weight),
  );
  return face.covers(codePoint) ? face : null;
}

/**
 * The faces a PDF in this language tries, in order, for each character: the language's own font
 * first (Pretendard for ko-KR; Noto Sans TC's common Traditional Chinese set, 6,600 characters
 * with Latin, for zh-TW), then the other. Rarer Han characters fall through to Noto Sans TC's
 * slices (`notoSliceFace`).
 */
export function pdfFontFaces(locale: Locale, weight: PdfFontWeight): PdfFontFace[] {
  const pretendard = fileFace(`pretendard-${weight}`, () => pretendardFile(weight));
  const noto = fileFace(`noto-sans-tc-chinese-traditional-${notoWeights[weight]}`, () =>
    notoFile("chinese-traditional", weight),
  );
  return locale === "zh-TW" ? [noto, pretendard] : [pretendard, noto];
}
