/**
 * What the ID-card parsers share about OCR output (docs/identity.md, "Reading ID cards (OCR)"):
 * lines, the noise around them, and the characters an engine confuses with digits and letters.
 */

/** Quote marks, underscores and bars an engine reads from specks, card edges and rotated corners. */
const edgeNoise = /^[\s|!"'`‘’“”„_~^*.,:;°»«]+|[\s|!"'`‘’“”„_~^*.,:;°»«]+$/g;

/** The text's lines, noise trimmed from both ends and blank lines dropped. */
export function ocrLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(edgeNoise, "").replace(/[“”"]/g, " ").trimEnd())
    .filter((line) => line.trim() !== "");
}

/**
 * Engines keep a wide gap where the card has one (text, then the portrait box): what follows a
 * gap of `minSpaces` or more is something else, usually specks in the photo.
 */
export function beforeWideGap(line: string, minSpaces = 4): string {
  const gap = new RegExp(` {${minSpaces},}`).exec(line);
  return (gap ? line.slice(0, gap.index) : line).trim();
}

const han = "\\p{Script=Han}";
const spaceBetweenHan = new RegExp(`(?<=${han}) {1,2}(?=${han})`, "gu");

/**
 * Chinese OCR spaces characters apart (`王 小 明`); Chinese text has no spaces. Wider gaps are
 * kept: they part a label from its value or the text from the portrait box.
 */
export function joinHanSpaces(line: string): string {
  return line.replace(spaceBetweenHan, "");
}

export const hanRun = new RegExp(`${han}+`, "gu");

/** Letters and marks read in place of a digit. */
export const digitLookalikes: Readonly<Record<string, string>> = {
  O: "0",
  o: "0",
  D: "0",
  Q: "0",
  U: "0",
  I: "1",
  l: "1",
  i: "1",
  "|": "1",
  "!": "1",
  Z: "2",
  z: "2",
  S: "5",
  s: "5",
  B: "8",
  G: "6",
  b: "6",
  T: "7",
  g: "9",
  q: "9",
  A: "4",
};

/** Each lookalike mapped to a digit; the count of characters that had to be mapped. */
export function asDigits(text: string): { digits: string; substitutions: number } | null {
  let digits = "";
  let substitutions = 0;
  for (const character of text) {
    if (/\d/.test(character)) {
      digits += character;
    } else {
      const digit = digitLookalikes[character];
      if (digit === undefined) return null;
      digits += digit;
      substitutions++;
    }
  }
  return { digits, substitutions };
}

/** A regular-expression class of the digits and their lookalikes (none needs escaping in a class). */
export const digitOrLookalike = `[0-9${Object.keys(digitLookalikes).join("")}]`;
