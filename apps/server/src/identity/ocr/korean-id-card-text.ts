import { idNumberFacts, type ParsedIdNumber, parseIdNumber } from "@chayong/domain";
import type { IdCardFields } from "./id-card-reader";
import { asDigits, beforeWideGap, digitOrLookalike, ocrLines } from "./ocr-text";

/**
 * The fields of a Korean 주민등록증 (front) from OCR text (docs/identity.md, "Reading ID cards
 * (OCR)"). Layout: the title, the name (Hangul, then hanja in parentheses), the number, the
 * address lines, the issue date and the issuing office. Birthday and gender come from the number.
 */
export function parseKoreanIdCardText(text: string): IdCardFields {
  const lines = ocrLines(text);
  const number = findKoreanIdNumber(lines);
  const facts = number ? idNumberFacts(number.parsed) : null;
  return {
    name: findKoreanName(lines, number?.line ?? null),
    idNumber: number?.parsed.normalized ?? null,
    gender: facts?.gender ?? null,
    birthday: facts?.birthday ?? null,
    address: number ? findKoreanAddress(lines, number.line) : null,
  };
}

// Hyphens as engines read them, Hangul ㅡ and the CJK "one" included.
const hyphen = "[-‐–—~_.=:ㅡ一]";
const rrnShape = new RegExp(
  `(${digitOrLookalike}{6})(${hyphen}{0,2})(${digitOrLookalike}{7})`,
  "gu",
);

interface FoundIdNumber {
  parsed: ParsedIdNumber;
  line: number;
  substitutions: number;
}

/**
 * The valid number that needed the fewest lookalikes mapped back to digits; the first of equals.
 * A 주민등록증 carries 1-4 as the 7th digit (docs/identity.md): 5-8 are on foreigners' cards, 9 / 0
 * (born in the 1800s) a misread. Thirteen digits without the hyphen are taken only on a card that
 * shows it is Korean: read as Korean, a Taiwanese card's digits can pass as a number.
 */
function findKoreanIdNumber(lines: readonly string[]): FoundIdNumber | null {
  const koreanCard = lines.some(isKoreanCardLine);
  let best: FoundIdNumber | null = null;
  for (const [index, line] of lines.entries()) {
    const compact = line.replace(/\s+/g, "");
    for (const match of compact.matchAll(rrnShape)) {
      const front = asDigits(match[1] as string);
      const back = asDigits(match[3] as string);
      if (!front || !back || (match[2] === "" && !koreanCard)) continue;
      const substitutions = front.substitutions + back.substitutions;
      // Mostly letters is a word, not a misread number.
      if (substitutions > 3 || !"1234".includes(back.digits[0] as string)) continue;
      const parsed = parseIdNumber(`${front.digits}-${back.digits}`);
      if (parsed?.kind !== "KR-RRN") continue;
      if (!best || substitutions < best.substitutions) {
        best = { parsed, line: index, substitutions };
      }
    }
  }
  return best;
}

/** The title, an address's province or the issuing office. */
function isKoreanCardLine(line: string): boolean {
  const compact = line.replace(/\s+/g, "");
  return (
    titleFragment.test(compact) ||
    /(청장|시장|군수|도지사)$/.test(compact) ||
    line.split(/\s+/).some((word) => regionWord.test(word))
  );
}

/** The title, even half-read: 주민등록증. */
const titleFragment = /주민|민등|등록|록증/;

/**
 * The line above the number with 2-4 Hangul syllables, looked for upwards and no higher than
 * the title; without a number, the line under the title. The hanja in parentheses after it is
 * dropped; spaces the engine put inside the name are closed up.
 */
function findKoreanName(lines: readonly string[], numberLine: number | null): string | null {
  if (numberLine === null) {
    const title = lines.findIndex((line) => titleFragment.test(line.replace(/\s+/g, "")));
    const below = title >= 0 ? lines[title + 1] : undefined;
    return below === undefined ? null : leadingHangulName(below);
  }
  for (let index = numberLine - 1; index >= 0; index--) {
    const line = lines[index] as string;
    if (titleFragment.test(line.replace(/\s+/g, ""))) return null;
    const name = leadingHangulName(line);
    if (name) return name;
  }
  return null;
}

function leadingHangulName(line: string): string | null {
  const beforeHanja = (line.split(/[([{<]/)[0] as string).replace(/^[^가-힣]+/, "");
  let name = "";
  for (const token of beforeHanja.trim().split(/\s+/)) {
    if (!/^[가-힣]+$/.test(token) || name.length + token.length > 4) break;
    name += token;
  }
  return name.length >= 2 ? name : null;
}

/** `2020. 1. 1.` */
const issueDate = /\d{4}\s*[.,]\s*\d{1,2}\s*[.,]/;
/** The issuing office, even misread: 서울특별시 종로구청장, 성남시장, 군수, 도지사. */
const issuer = /(장|군수|도지사)$/;
/** Where an address starts: one of the 17 provinces and metropolitan cities (서울특별시, 경기도). */
const regionWord =
  /^(서울|부산|대구|인천|광주|대전|울산|세종|경기|강원|충청|충북|충남|전라|전북|전남|경상|경북|경남|제주)/;
/** A second address line: the building and flat (101동 1203호) or the dong in parentheses. */
const addressContinuation = /[(（]|\d+\s*(동|호|층|번지)/;

/**
 * The lines under the number, up to the issue date, joined by single spaces: the first that
 * names a province or city (specks above it and before that word dropped), then the lines that
 * go on with a building, flat or dong. Text past a wide gap beside the portrait is not address.
 */
function findKoreanAddress(lines: readonly string[], numberLine: number): string | null {
  const below = lines.slice(numberLine + 1).map((line) => beforeWideGap(line).replace(/\s+/g, " "));
  const end = below.findIndex((line) => issueDate.test(line) || issuer.test(line));
  const candidates = end >= 0 ? below.slice(0, end) : below;
  const first = candidates.findIndex((line) =>
    line.split(" ").some((word) => regionWord.test(word)),
  );
  if (first < 0) return null;
  const words = (candidates[first] as string).split(" ");
  const parts = [words.slice(words.findIndex((word) => regionWord.test(word))).join(" ")];
  for (const line of candidates.slice(first + 1)) {
    if (!addressContinuation.test(line)) break;
    parts.push(line);
  }
  return parts.join(" ");
}

/**
 * Whether a number carries the check digit every number issued before October 2020 has (weights
 * 2-9, 2-5, mod 11). Never a reason to refuse one (docs/identity.md): the reader only prefers,
 * between two readings, the one that passes, since a misread digit fails it 10 times in 11.
 */
export function hasKoreanLegacyCheckDigit(idNumber: string): boolean {
  const digits = idNumber.replace(/\D/g, "");
  if (digits.length !== 13) return false;
  return koreanLegacyCheckDigit(digits.slice(0, 12)) === Number(digits[12]);
}

/** The old Korean check digit of the first twelve digits (weights 2-9, 2-5; mod 11). */
export function koreanLegacyCheckDigit(twelveDigits: string): number {
  const weights = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(twelveDigits[i]), 0);
  return (11 - (sum % 11)) % 10;
}
