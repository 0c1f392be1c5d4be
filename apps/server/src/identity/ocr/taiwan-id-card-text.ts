import {
  idNumberFacts,
  isValidCalendarDate,
  type ParsedIdNumber,
  parseIdNumber,
} from "@chayong/domain";
import type { IdCardFields } from "./id-card-reader";
import {
  asDigits,
  beforeWideGap,
  digitLookalikes,
  hanRun,
  joinHanSpaces,
  ocrLines,
} from "./ocr-text";

/**
 * The fields of a Taiwanese 國民身分證 from OCR text (docs/identity.md, "Reading ID cards (OCR)").
 * Labelled lines: 姓名, 出生年月日 (a 民國 date), 性別, 發證日期, 統一編號, and 住址 should a front
 * carry it (a real card prints the address on the back: parseTaiwanIdCardBackText). The number
 * gives the gender; the birthday is the printed date.
 */
export function parseTaiwanIdCardText(text: string): IdCardFields {
  const lines = ocrLines(text).map(joinHanSpaces);
  const number = findTaiwanIdNumber(lines);
  const birthLine = findBirthLine(lines);
  return {
    name: findTaiwanName(lines, birthLine),
    idNumber: number?.parsed.normalized ?? null,
    gender: number ? idNumberFacts(number.parsed).gender : printedGender(lines),
    birthday: birthLine === null ? null : rocDateOf(lines[birthLine] as string),
    address: findTaiwanAddress(lines, number?.line ?? null),
  };
}

interface FoundIdNumber {
  parsed: ParsedIdNumber;
  line: number;
  substitutions: number;
}

/** Letters engines swap for one another; tried last, since the check digit passes 1 in 10 swaps. */
const letterSwaps: Readonly<Record<string, string>> = {
  O: "QD",
  Q: "O",
  D: "O",
  I: "LJ",
  L: "I",
  J: "I",
  E: "F",
  F: "E",
  P: "R",
  R: "P",
  U: "V",
  V: "U",
};

interface Reading {
  text: string;
  substitutions: number;
}

/** Digits and marks read in place of the region letters I and O (I = 34, O = 35). */
const regionLetterLookalikes: Readonly<Record<string, string>> = {
  "1": "I",
  l: "I",
  "|": "I",
  "!": "I",
  "0": "O",
};

/**
 * What the first character may have been: a region letter. A digit mapped to a letter is taken
 * only on a card that shows it is Taiwanese: otherwise any run of ten digits would pass 1 in 10.
 */
function regionLetterReadings(character: string, taiwaneseCard: boolean): Reading[] {
  if (/[A-Z]/.test(character)) {
    return [
      { text: character, substitutions: 0 },
      ...(letterSwaps[character] ?? "").split("").map((text) => ({ text, substitutions: 2 })),
    ];
  }
  if (/[a-z]/.test(character)) return [{ text: character.toUpperCase(), substitutions: 1 }];
  const letter = regionLetterLookalikes[character];
  return letter && taiwaneseCard ? [{ text: letter, substitutions: 1 }] : [];
}

/** What the second character may have been: 1 / 2 (citizens), 8 / 9 or A-D (residents). */
function sexCharacterReadings(character: string): Reading[] {
  const readings: Reading[] = [];
  if (/[12389A-D]/.test(character)) readings.push({ text: character, substitutions: 0 });
  const digit = digitLookalikes[character];
  if (digit && "1289".includes(digit)) readings.push({ text: digit, substitutions: 1 });
  return readings;
}

/**
 * The valid number (check digit included) that needed the fewest characters mapped back: digits
 * read as letters and, in the first place, letters read as digits (I / O as 1 / 0).
 */
function findTaiwanIdNumber(lines: readonly string[]): FoundIdNumber | null {
  const taiwaneseCard = lines.some((line) => taiwanCardWords.test(line));
  let best: FoundIdNumber | null = null;
  for (const [index, line] of lines.entries()) {
    const compact = line.replace(/\s+/g, "");
    for (const run of compact.match(/[A-Za-z0-9|!]{10,}/g) ?? []) {
      for (let start = 0; start + 10 <= run.length; start++) {
        const window = run.slice(start, start + 10);
        const tail = asDigits(window.slice(2));
        if (!tail) continue;
        for (const letter of regionLetterReadings(window[0] as string, taiwaneseCard)) {
          for (const sex of sexCharacterReadings(window[1] as string)) {
            const substitutions = letter.substitutions + sex.substitutions + tail.substitutions;
            if (substitutions > 3 || (best && substitutions >= best.substitutions)) continue;
            const parsed = parseIdNumber(`${letter.text}${sex.text}${tail.digits}`);
            if (parsed?.kind === "TW-ID") best = { parsed, line: index, substitutions };
          }
        }
      }
    }
  }
  return best;
}

const titleFragment = /中華|民國國|國民|身分|分證/;
/** Words only a Taiwanese card prints: the title and the labels. */
const taiwanCardWords = /中華|國民|身分|分證|姓名|出生|性別|發證|統一|編號|住址/;
const issueLabel = /發|證日|換|補/;

function findBirthLine(lines: readonly string[]): number | null {
  const labelled = lines.findIndex((line) => line.includes("出生"));
  if (labelled >= 0) return labelled;
  const dated = lines.findIndex(
    (line) => /民國|\d\s*年\s*\d/.test(line) && !issueLabel.test(line) && !titleFragment.test(line),
  );
  return dated >= 0 ? dated : null;
}

/** 民國79年1月1日 → 1990-01-01 (the 民國 year + 1911). */
function rocDateOf(line: string): string | null {
  const afterEra = line.includes("民國") ? line.slice(line.lastIndexOf("民國") + 2) : line;
  const match =
    /(\d{1,3})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})/.exec(afterEra) ??
    /(\d{2,3})\s*\D{1,2}\s*(\d{1,2})\s*\D{1,2}\s*(\d{1,2})/.exec(afterEra);
  if (!match) return null;
  const year = Number(match[1]) + 1911;
  const date = `${year}-${(match[2] as string).padStart(2, "0")}-${(match[3] as string).padStart(2, "0")}`;
  return year <= new Date().getFullYear() && isValidCalendarDate(date) ? date : null;
}

/** Two-character surnames, the only four-character names a card is likely to carry. */
const compoundSurnames = ["歐陽", "司馬", "諸葛", "上官", "張簡", "范姜", "端木", "司徒"];

/**
 * After 姓名 when the label was read; otherwise the nearest line above the birth date (and below
 * the title) that holds two or more characters. What lies past a wide gap is the portrait box. A
 * misread label sticks to the name as one or two characters, so a long run keeps its last three.
 */
function findTaiwanName(lines: readonly string[], birthLine: number | null): string | null {
  const labelled = lines.find((line) => line.includes("姓名"));
  if (labelled !== undefined) return nameIn(labelled.slice(labelled.indexOf("姓名") + 2));
  const title = lines.findIndex((line) => titleFragment.test(line));
  const below = birthLine ?? (title >= 0 ? title + 2 : 0);
  for (let index = below - 1; index > title && index >= below - 3; index--) {
    const name = nameIn(lines[index] as string);
    if (name) return name;
  }
  return null;
}

function nameIn(text: string): string | null {
  const segment = text
    .trim()
    .split(portraitGap)
    .find((part) => (part.match(hanRun) ?? []).some((run) => run.length >= 2));
  const run = (segment?.match(hanRun) ?? []).filter((part) => part.length >= 2).at(-1);
  if (!run) return null;
  if (run.length <= 3) return run;
  if (run.length === 4 && compoundSurnames.includes(run.slice(0, 2))) return run;
  return run.slice(-3);
}

/** Wider than the gap after a label: the gap between the text and the portrait box. */
const portraitGap = / {10,}/;

function printedGender(lines: readonly string[]): "male" | "female" | null {
  const line = lines.find((candidate) => candidate.includes("性別"));
  const value = line?.slice(line.indexOf("性別") + 2) ?? "";
  if (value.includes("男") && !value.includes("女")) return "male";
  if (value.includes("女") && !value.includes("男")) return "female";
  return null;
}

/** A wrapped address line goes on with a road, lane, number, floor, neighbourhood or village. */
const addressWord = /[路街巷弄段號樓鄰里村]/;
const backLabels = /配偶|父|母|役別|出生地|姓名|統一|編號/;

/** Taiwan's cities and counties, in both spellings of 臺: where an address starts. */
const cityOrCounty =
  /[臺台]北市|新北市|桃園市|[臺台]中市|[臺台]南市|高雄市|基隆市|新竹[市縣]|苗栗縣|彰化縣|南投縣|雲林縣|嘉義[市縣]|屏東縣|宜蘭縣|花蓮縣|[臺台]東縣|澎湖縣|金門縣|連江縣/u;

/**
 * After 住址; otherwise (the label misread) the line under the number. Wrapped lines are joined,
 * spaces dropped, and what a misread label left before the city or county is cut.
 */
function findTaiwanAddress(lines: readonly string[], numberLine: number | null): string | null {
  const first = lines.findIndex((line) => /住\s*址/.test(line));
  if (first >= 0) {
    const line = lines[first] as string;
    return addressFrom(lines, first, line.slice(line.indexOf("址") + 1));
  }
  if (numberLine !== null && numberLine + 1 < lines.length) {
    return addressFrom(lines, numberLine + 1, lines[numberLine + 1] as string);
  }
  return null;
}

/**
 * The address that starts with `start` (the text of line `first` after its label) and goes on
 * over the wrapped lines below it, up to the next label or a line no address would hold.
 */
function addressFrom(lines: readonly string[], first: number, start: string): string | null {
  const parts = [start];
  for (const line of lines.slice(first + 1)) {
    if (backLabels.test(line) || !addressWord.test(line)) break;
    // Past the house number only its floor, room or 之 part goes on (not specks read as 號).
    if (parts.join("").includes("號") && !floorPart.test(line.trim())) break;
    parts.push(line);
  }
  let address = parts.join("").replace(/\s+/g, "");
  const city = cityOrCounty.exec(address);
  // A label misread as up to three characters sticks to the front.
  if (city && city.index <= 3) address = address.slice(city.index);
  else address = address.replace(/^住\S/u, "");
  address = address.replace(/^[^\p{Script=Han}\d]+/u, "");
  return /\p{Script=Han}/u.test(address) ? address : null;
}

/** What may follow a house number on the next line: `10樓`, `樓`, `之3`, `5室`. */
const floorPart = /^\d*\s*[樓室之]/;

/** The 出生地 line (its label read or half read): its city is the birthplace, not the address. */
const birthplaceLine = /出生|生地|省/;

/**
 * The address from the OCR text of a Taiwanese card's back (docs/identity.md, "Reading ID cards
 * (OCR)"). The back prints 父, 母, 配偶, 役別 and 出生地 (a city or county too) above 住址, the
 * address wrapped over a narrow column, and a bar code with its serial below. After 住址 when the
 * label was read; otherwise from the first line that names a city or county and is not the
 * birthplace, when what follows is an address with a number (號). Each line is cut at a wide gap:
 * what lies beyond is the box for later addresses.
 */
export function parseTaiwanIdCardBackText(text: string): string | null {
  const lines = ocrLines(text).map((line) => beforeAddressBox(joinHanSpaces(line)));
  const labelled = lines.findIndex((line) => /住\s*址/.test(line));
  if (labelled >= 0) {
    const line = lines[labelled] as string;
    return addressFrom(lines, labelled, line.slice(line.indexOf("址") + 1));
  }
  for (const [index, line] of lines.entries()) {
    const city = cityOrCounty.exec(line);
    if (city === null || birthplaceLine.test(line)) continue;
    const address = addressFrom(lines, index, line.slice(city.index));
    if (address?.includes("號")) return address;
  }
  return null;
}

/** The line up to a wide gap, past the gap a label (up to six characters) may leave before its value. */
function beforeAddressBox(line: string): string {
  const trimmed = line.trim();
  const label = /^(\S{1,6}) {4,}/.exec(trimmed);
  if (label === null) return beforeWideGap(trimmed);
  return `${label[1]} ${beforeWideGap(trimmed.slice(label[0].length))}`;
}

/**
 * Whether a reading looks like a whole address: from a city or county to a house number. The
 * reader tries the back's next pass while it does not.
 */
export function isWholeTaiwanAddress(address: string | null): boolean {
  return address !== null && cityOrCounty.exec(address)?.index === 0 && /\d+號/.test(address);
}
