/**
 * Finding an ID number in tesseract's word boxes, to mask it (docs/identity.md, "Masked card
 * images"). Tesseract boxes words, not characters: a character's place is estimated from its
 * position within the word, in proportion, and the mask gets a margin for the estimate's error.
 */
import { parseIdNumber } from "@chayong/domain";
import type { ImageBox } from "./id-card-reader";
import { asDigits, digitOrLookalike } from "./ocr-text";

/** One word of a `tesseract … tsv` output, its box in the pixels of the image tesseract read. */
export interface OcrWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The words of a TSV output, grouped by the line tesseract put them on, in reading order. */
export function ocrWordLines(tsv: string): OcrWord[][] {
  const lines = new Map<string, OcrWord[]>();
  for (const row of tsv.split(/\r?\n/).slice(1)) {
    const cells = row.split("\t");
    // level page block paragraph line word left top width height confidence text
    if (cells.length < 12 || cells[0] !== "5") continue;
    const text = cells.slice(11).join("\t").trim();
    if (text === "") continue;
    const [left, top, width, height] = cells.slice(6, 10).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const line = cells.slice(1, 5).join(".");
    const words = lines.get(line) ?? [];
    words.push({ text, left, top, width, height });
    lines.set(line, words);
  }
  return [...lines.values()];
}

/** A character of a line, with its estimated box and its word; the space between words has none. */
interface PlacedCharacter {
  character: string;
  box: ImageBox | null;
  word: OcrWord | null;
  lastInWord: boolean;
}

/** One channel, 8 bits a pixel, row after row: the image the word boxes were found on. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Marks an engine adds at a word's ends from specks and edges (ocr-text.ts's edge noise, less
 * the lookalikes of 1): they take no width of their own in the word's box.
 */
const inkless = /^[_"'`‘’“”„~^*.,:;°»«]+|[_"'`‘’“”„~^*.,:;°»«]+$/g;

/** Widths relative to a digit's: a hyphen is narrower, a capital letter wider. */
function relativeWidth(character: string): number {
  if (/[-–—~=_.·]/.test(character)) return 0.6;
  if (/[A-Z]/.test(character)) return 1.15;
  return 1;
}

function placedCharacters(words: readonly OcrWord[]): PlacedCharacter[] {
  const placed: PlacedCharacter[] = [];
  words.forEach((word, i) => {
    if (i > 0) placed.push({ character: " ", box: null, word: null, lastInWord: false });
    const characters = Array.from(word.text.replace(inkless, ""));
    const total = characters.reduce((sum, character) => sum + relativeWidth(character), 0);
    let left = word.left;
    characters.forEach((character, j) => {
      const width = (word.width * relativeWidth(character)) / total;
      placed.push({
        character,
        box: { left, top: word.top, width, height: word.height },
        word,
        lastInWord: j === characters.length - 1,
      });
      left += width;
    });
  });
  return placed;
}

const digits = (count: number) => `(${digitOrLookalike}{${count}})`;
/** `YYMMDD-GNNNNNN`: the hyphen may be read as a dash, a tilde or a gap, or not at all. */
const koreanNumber = new RegExp(`${digits(6)}[\\s\\-–—~=_.·]{0,3}${digits(7)}`, "dy");
/** `A123456789`: a first letter read as 1 or 0 is I or O; a space may split it from the rest. */
const taiwanNumber = new RegExp(
  `([A-Za-z01])\\s?((?:${digitOrLookalike}|C)${digitOrLookalike}{8})`,
  "dy",
);

/** How many leading characters (hyphen excluded) `maskIdNumber` leaves visible. */
const visibleCharacters = { "KR-RRN": 7, "TW-ID": 2 } as const;

/** The numbers a match could stand for, each with the line positions of its characters. */
function candidatesAt(
  text: string,
  start: number,
  kind: "KR-RRN" | "TW-ID",
): { number: string; positions: number[] }[] {
  const pattern = kind === "KR-RRN" ? koreanNumber : taiwanNumber;
  pattern.lastIndex = start;
  const match = pattern.exec(text);
  const indices = match?.indices;
  if (!match || !indices) return [];
  const positionsOf = (group: 1 | 2) => {
    const [from] = indices[group] as [number, number];
    return Array.from(match[group] as string, (_, i) => from + i);
  };
  const positions = [...positionsOf(1), ...positionsOf(2)];
  const spellings: string[] = [];
  if (kind === "KR-RRN") {
    const read = asDigits(`${match[1]}${match[2]}`);
    if (read) spellings.push(read.digits);
  } else {
    const first = (match[1] as string).toUpperCase().replace("1", "I").replace("0", "O");
    const rest = match[2] as string;
    // Old residents' numbers carry a letter second (A-D): kept as read, and as digits.
    const restDigits = asDigits(rest);
    if (restDigits) spellings.push(`${first}${restDigits.digits}`);
    if (/^[A-D]\d{8}$/.test(rest)) spellings.push(`${first}${rest}`);
  }
  return spellings
    .map((spelling) => parseIdNumber(spelling)?.normalized)
    .filter((number): number is string => number !== undefined)
    .map((number) => ({ number, positions }));
}

/** Horizontal margins in character widths, vertical in line heights (docs/identity.md). */
export const maskMargins = { before: 0.4, after: 0.6, vertical: 0.35 } as const;

/**
 * The ink's columns in a word's box, as runs from left to right: a printed character is a run,
 * parted from the next by a blank column. Ink is what is darker than halfway between the box's
 * darkest and lightest pixels, so faint background patterns are not.
 */
export function glyphRuns(image: GreyImage, box: ImageBox): { left: number; right: number }[] {
  const left = Math.max(0, Math.floor(box.left));
  const right = Math.min(image.width, Math.ceil(box.left + box.width));
  const top = Math.max(0, Math.floor(box.top));
  const bottom = Math.min(image.height, Math.ceil(box.top + box.height));
  let darkest = 255;
  let lightest = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const value = image.data[y * image.width + x] as number;
      darkest = Math.min(darkest, value);
      lightest = Math.max(lightest, value);
    }
  }
  // A box without contrast has no characters to tell apart.
  if (lightest - darkest < 64) return [];
  const threshold = (darkest + lightest) / 2;
  const runs: { left: number; right: number }[] = [];
  let runStart: number | null = null;
  for (let x = left; x <= right; x++) {
    let ink = false;
    for (let y = top; x < right && y < bottom && !ink; y++) {
      ink = (image.data[y * image.width + x] as number) < threshold;
    }
    if (ink && runStart === null) runStart = x;
    if (!ink && runStart !== null) {
      runs.push({ left: runStart, right: x });
      runStart = null;
    }
  }
  return runs;
}

/**
 * Where the hidden part of `idNumber` (canonical form) is printed, read from word boxes found on
 * an image enlarged `scale` times: a box in the original image's pixels for each time it is
 * printed, and the other valid numbers of its kind that were read. With `ink` (the image the
 * boxes were found on), the hidden part's left edge is also measured from the printed characters
 * (docs/identity.md, "Masked card images").
 */
export function locateIdNumber(
  lines: readonly OcrWord[][],
  idNumber: string,
  options: { scale?: number; ink?: GreyImage } = {},
): { hidden: ImageBox[]; otherNumbers: string[] } {
  const { scale = 1, ink } = options;
  const parsed = parseIdNumber(idNumber);
  if (parsed === null) return { hidden: [], otherNumbers: [] };
  const hidden: ImageBox[] = [];
  const otherNumbers = new Set<string>();
  for (const words of lines) {
    const placed = placedCharacters(words);
    const text = placed.map((character) => character.character).join("");
    // Every start, not only after a match: noise before the number can make a false start.
    for (let start = 0; start < text.length; start++) {
      for (const candidate of candidatesAt(text, start, parsed.kind)) {
        if (candidate.number !== parsed.normalized) {
          otherNumbers.add(candidate.number);
          continue;
        }
        const characters = candidate.positions
          .slice(visibleCharacters[parsed.kind])
          .map((position) => placed[position])
          .filter((character): character is PlacedCharacter => character?.box != null);
        hidden.push(scaledBack(hiddenBox(characters, ink), scale));
        start = candidate.positions.at(-1) ?? start;
        break;
      }
    }
  }
  return { hidden, otherNumbers: [...otherNumbers] };
}

/**
 * The box over the hidden characters, with margins. Its left edge is the proportional estimate's,
 * or, when the printed characters can be told apart and the hidden ones end their word, the left
 * of the run as many runs from the word's end, whichever lies further left: a mark the engine
 * read in front of the number (a quote, a bracket) takes a share of the word's width without
 * printing anything there. Never more than 1.5 characters further than the estimate.
 */
function hiddenBox(characters: readonly PlacedCharacter[], ink: GreyImage | undefined): ImageBox {
  const boxes = characters.map((character) => character.box as ImageBox);
  let left = Math.min(...boxes.map((box) => box.left));
  const right = Math.max(...boxes.map((box) => box.left + box.width));
  const top = Math.min(...boxes.map((box) => box.top));
  const bottom = Math.max(...boxes.map((box) => box.top + box.height));
  const characterWidth = (right - left) / boxes.length;
  const word = characters[0]?.word;
  const oneWord = word != null && characters.every((character) => character.word === word);
  if (ink && oneWord && characters.at(-1)?.lastInWord) {
    const runs = glyphRuns(ink, word);
    const first = runs[runs.length - characters.length];
    if (first !== undefined)
      left = Math.max(Math.min(left, first.left), left - 1.5 * characterWidth);
  }
  const marginY = (bottom - top) * maskMargins.vertical;
  const marginLeft = characterWidth * maskMargins.before;
  return {
    left: left - marginLeft,
    top: top - marginY,
    width: right - left + marginLeft + characterWidth * maskMargins.after,
    height: bottom - top + 2 * marginY,
  };
}

function scaledBack(box: ImageBox, scale: number): ImageBox {
  return {
    left: box.left / scale,
    top: box.top / scale,
    width: box.width / scale,
    height: box.height / scale,
  };
}
