import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFPage,
  PDFRawStream,
  PDFRef,
} from "pdf-lib";

/** A PDF as a test reads it: its pages' text, its fonts, its metadata. */
export interface ReadPdf {
  document: PDFDocument;
  /** Each page's text in drawing order, runs joined without separators. */
  pageTexts: string[];
  /** Base font names of every embedded font (subset prefix included). */
  fontNames: string[];
  /** Every character the embedded fonts can show (from their ToUnicode maps). */
  fontCharacters: Set<string>;
}

function streamText(stream: unknown): string {
  if (!(stream instanceof PDFRawStream)) return "";
  return new TextDecoder("latin1").decode(decodePDFRawStream(stream).decode());
}

/** Glyph id (4 hex digits) -> text, from a ToUnicode CMap as pdf-lib writes it. */
function readToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const unicodeOf = (hex: string) => {
    const units: number[] = [];
    for (let i = 0; i < hex.length; i += 4) units.push(Number.parseInt(hex.slice(i, i + 4), 16));
    return String.fromCharCode(...units);
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, glyph, text] of (block[1] ?? "").matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    )) {
      if (glyph && text) map.set(glyph.toUpperCase().padStart(4, "0"), unicodeOf(text));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, text] of (block[1] ?? "").matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    )) {
      if (!from || !to || !text) continue;
      const start = Number.parseInt(from, 16);
      const base = Number.parseInt(text, 16);
      for (let glyph = start; glyph <= Number.parseInt(to, 16); glyph++) {
        map.set(
          glyph.toString(16).toUpperCase().padStart(4, "0"),
          String.fromCodePoint(base + glyph - start),
        );
      }
    }
  }
  return map;
}

function pageFonts(document: PDFDocument, page: PDFPage) {
  const fonts = new Map<string, { name: string; glyphs: Map<string, string> }>();
  const resources = page.node.Resources();
  const fontDict = resources?.lookupMaybe(PDFName.of("Font"), PDFDict);
  if (!fontDict) return fonts;
  for (const [key, value] of fontDict.entries()) {
    const font = document.context.lookup(value, PDFDict);
    const toUnicode = document.context.lookup(font.get(PDFName.of("ToUnicode")));
    const baseFont = font.get(PDFName.of("BaseFont"));
    fonts.set(key.asString().slice(1), {
      name: baseFont instanceof PDFName ? baseFont.asString().slice(1) : "",
      glyphs: readToUnicode(streamText(toUnicode)),
    });
  }
  return fonts;
}

function contentStreams(document: PDFDocument, page: PDFPage): string {
  const contents = page.node.get(PDFName.of("Contents"));
  const resolved = contents instanceof PDFRef ? document.context.lookup(contents) : contents;
  if (resolved instanceof PDFArray) {
    return resolved
      .asArray()
      .map((item) => streamText(document.context.lookup(item)))
      .join("\n");
  }
  return streamText(resolved);
}

/**
 * Reads a PDF the way a test needs: the text of each page, decoded from the content streams
 * through each font's ToUnicode map (pdf-lib draws custom fonts as glyph ids).
 */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  const fontNames = new Set<string>();
  const fontCharacters = new Set<string>();
  const pageTexts = document.getPages().map((page) => {
    const fonts = pageFonts(document, page);
    for (const font of fonts.values()) {
      fontNames.add(font.name);
      for (const text of font.glyphs.values()) fontCharacters.add(text);
    }
    let current: (typeof fonts extends Map<string, infer F> ? F : never) | undefined;
    let text = "";
    for (const match of contentStreams(document, page).matchAll(
      /\/(\S+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      if (match[1] !== undefined) {
        current = fonts.get(match[1]);
        continue;
      }
      const hex = (match[2] ?? "").toUpperCase();
      for (let i = 0; i < hex.length; i += 4)
        text += current?.glyphs.get(hex.slice(i, i + 4)) ?? "";
    }
    return text;
  });
  return { document, pageTexts, fontNames: [...fontNames], fontCharacters };
}

/**
 * What Poppler's pdfsig says of a PDF's signature, and of its syntax (its complaints come on
 * stderr; it exits non-zero on a broken signature).
 */
export async function pdfsig(bytes: Uint8Array): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), "chayong-pdfsig-"));
  try {
    const path = join(folder, `${randomUUID()}.pdf`);
    writeFileSync(path, bytes);
    const result = await promisify(execFile)("pdfsig", [path]).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    return `${result.stdout}${result.stderr}`;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
