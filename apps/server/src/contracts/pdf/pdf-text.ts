import type { PDFDocument, PDFFont } from "pdf-lib";
import type { Locale } from "../../messages/message-for";
import { notoSliceFace, type PdfFontFace, type PdfFontWeight, pdfFontFaces } from "./pdf-fonts";

/** A piece of one line drawn in one font. */
export interface TextRun {
  font: PDFFont;
  /** The face's name: the key of its width cache. */
  face: string;
  text: string;
}

/**
 * Advance widths at size 1 by face and character, shared by every document: measuring through
 * fontkit's full layout (GSUB, GPOS) for every candidate line costs seconds per PDF. pdf-lib
 * draws glyphs at their advance widths, without kerning, so the sum is what is drawn.
 */
const advanceWidths = new Map<string, number>();

/** A character no face has: drawn as this instead of an empty box. */
const replacement = "?";

/**
 * The fonts of one PDF: for each character the first face of the language's list that has it
 * (pdf-fonts.ts), each face embedded once and subset to the glyphs the document uses. Faces are
 * embedded up front (`prepare`), so laying out afterwards is synchronous.
 */
export class PdfFonts {
  private readonly faces: Record<PdfFontWeight, PdfFontFace[]>;
  private readonly embedded = new Map<string, PDFFont>();
  private readonly chosen = new Map<string, PdfFontFace | null>();

  private readonly doc: PDFDocument;

  constructor(doc: PDFDocument, locale: Locale) {
    this.doc = doc;
    this.faces = { regular: pdfFontFaces(locale, "regular"), bold: pdfFontFaces(locale, "bold") };
  }

  /** Embeds every face these texts need in this weight. */
  async prepare(texts: readonly string[], weight: PdfFontWeight): Promise<void> {
    const needed = new Map<string, PdfFontFace>();
    for (const text of texts) {
      for (const char of text) {
        const face = this.faceFor(char, weight) ?? this.faceFor(replacement, weight);
        if (face && !this.embedded.has(face.name)) needed.set(face.name, face);
      }
    }
    for (const face of needed.values()) {
      this.embedded.set(face.name, await this.doc.embedFont(face.bytes(), { subset: true }));
    }
  }

  /** The embedded font names, for tests and logs. */
  embeddedNames(): string[] {
    return [...this.embedded.keys()];
  }

  /** The text as runs of one font each (every character of it must have been prepared). */
  runs(text: string, weight: PdfFontWeight): TextRun[] {
    const runs: TextRun[] = [];
    for (const original of text) {
      let char = original;
      let face = this.faceFor(char, weight);
      if (face === null) {
        char = replacement;
        face = this.faceFor(char, weight);
      }
      const font = face === null ? undefined : this.embedded.get(face.name);
      if (face === null || font === undefined) {
        throw new Error(`font for ${JSON.stringify(original)} was not prepared`);
      }
      const last = runs.at(-1);
      if (last?.font === font) last.text += char;
      else runs.push({ font, face: face.name, text: char });
    }
    return runs;
  }

  width(text: string, weight: PdfFontWeight, size: number): number {
    let width = 0;
    for (const run of this.runs(text, weight)) {
      for (const char of run.text) {
        const key = `${run.face}:${char}`;
        let advance = advanceWidths.get(key);
        if (advance === undefined) {
          advance = run.font.widthOfTextAtSize(char, 1);
          advanceWidths.set(key, advance);
        }
        width += advance * size;
      }
    }
    return width;
  }

  private faceFor(char: string, weight: PdfFontWeight): PdfFontFace | null {
    const key = `${weight}:${char}`;
    const known = this.chosen.get(key);
    if (known !== undefined) return known;
    const codePoint = char.codePointAt(0) ?? 0;
    const face =
      this.faces[weight].find((candidate) => candidate.covers(codePoint)) ??
      notoSliceFace(codePoint, weight);
    this.chosen.set(key, face);
    return face;
  }
}

/** Han ideographs, kana and full-width forms: a line may break before or after any of them. */
const breakAnywhere =
  /[\u2E80-\u2FFF\u3000-\u303F\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u{20000}-\u{3FFFF}]/u;

const closing = /^[，。、；：？！）」』〉》%,.;:!?)\]]$/u;

/**
 * Greedy line breaking: at spaces, and between Han characters; Korean words stay whole
 * (`word-break: keep-all`, as on screen). A word wider than the line is cut where it must.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  measure: (text: string) => number,
): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    const units = paragraph.match(/\s+|[^\s]/gu) ?? [];
    // Join letters of one word; Han characters and spaces stay units of their own.
    const tokens: string[] = [];
    for (const unit of units) {
      const previous = tokens.at(-1);
      const joins =
        previous !== undefined &&
        !/\s/u.test(unit) &&
        !breakAnywhere.test(unit) &&
        !/\s$/u.test(previous) &&
        !breakAnywhere.test([...previous].at(-1) ?? "");
      // Closing punctuation never starts a line (，。) and stays with what it closes.
      const closes = previous !== undefined && closing.test(unit) && !/\s$/u.test(previous);
      if (joins || closes) tokens[tokens.length - 1] = previous + unit;
      else tokens.push(unit);
    }
    let line = "";
    const cut = (token: string) => {
      for (const char of token) {
        if (line !== "" && measure(line + char) > maxWidth) {
          lines.push(line);
          line = "";
        }
        line += char;
      }
    };
    for (const token of tokens) {
      const space = /\s/u.test(token);
      if (space && line === "") continue;
      if (measure(line + token) <= maxWidth) {
        line += token;
        continue;
      }
      if (line.trim() !== "") lines.push(line.trimEnd());
      line = "";
      if (space) continue;
      if (measure(token) <= maxWidth) line = token;
      else cut(token);
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
