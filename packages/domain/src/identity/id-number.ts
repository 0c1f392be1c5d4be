import { type CalendarDate, isValidCalendarDate } from "../dates";
import type { Gender } from "./customer";

/**
 * Resident registration / ID numbers (docs/identity.md): Korean RRN (`YYMMDD-GNNNNNN`) or Taiwanese
 * national / resident ID (`A123456789`). The kind is told by the first character.
 */
export type IdNumberKind = "KR-RRN" | "TW-ID";

export interface ParsedIdNumber {
  kind: IdNumberKind;
  /** Canonical form: `900101-1234567` or `A123456789` (the form to hash and encrypt). */
  normalized: string;
}

const twLetterValues: Record<string, number> = {
  A: 10,
  B: 11,
  C: 12,
  D: 13,
  E: 14,
  F: 15,
  G: 16,
  H: 17,
  I: 34,
  J: 18,
  K: 19,
  L: 20,
  M: 21,
  N: 22,
  O: 35,
  P: 23,
  Q: 24,
  R: 25,
  S: 26,
  T: 27,
  U: 28,
  V: 29,
  W: 32,
  X: 30,
  Y: 31,
  Z: 33,
};

/**
 * Validates and normalises an ID number; null when it is not one.
 * KR: the birth date and the 7th digit (century and sex, 1-8 or 9/0 for the 1800s) must agree.
 * The check digit is not verified: numbers issued since October 2020 no longer carry one.
 * TW: the letter, the second character (1/2 citizens, 8/9 new-format residents, A-D old-format
 * residents) and the check digit are verified.
 */
export function parseIdNumber(input: string): ParsedIdNumber | null {
  const compact = input.replace(/[\s-]/g, "").toUpperCase();
  if (/^\d{13}$/.test(compact)) {
    const centuryDigit = Number(compact[6]);
    const century = [1, 2, 5, 6].includes(centuryDigit)
      ? 1900
      : [3, 4, 7, 8].includes(centuryDigit)
        ? 2000
        : 1800;
    const year = century + Number(compact.slice(0, 2));
    const birthday = `${year}-${compact.slice(2, 4)}-${compact.slice(4, 6)}`;
    if (!isValidCalendarDate(birthday)) return null;
    return { kind: "KR-RRN", normalized: `${compact.slice(0, 6)}-${compact.slice(6)}` };
  }
  const tw = /^([A-Z])([12389A-D])(\d{8})$/.exec(compact);
  if (tw) {
    const letter = twLetterValues[tw[1] as string] as number;
    const second = /\d/.test(tw[2] as string)
      ? Number(tw[2])
      : (twLetterValues[tw[2] as string] as number) % 10;
    const digits = [second, ...(tw[3] as string).split("").map(Number)];
    const weights = [8, 7, 6, 5, 4, 3, 2, 1, 1];
    let sum = Math.floor(letter / 10) + (letter % 10) * 9;
    digits.forEach((digit, i) => {
      sum += digit * (weights[i] as number);
    });
    if (sum % 10 !== 0 || tw[2] === "3") return null;
    return { kind: "TW-ID", normalized: compact };
  }
  return null;
}

/** What an ID number itself says about its holder (null where the number does not say). */
export interface IdNumberFacts {
  birthday: CalendarDate | null;
  gender: Gender | null;
}

/**
 * KR: the birth date (YYMMDD, the century from the 7th digit) and the sex (odd 7th digit male,
 * even female). TW: the sex only (second character 1 / 8 / A / C male, 2 / 9 / B / D female).
 */
export function idNumberFacts(parsed: ParsedIdNumber): IdNumberFacts {
  const number = parsed.normalized;
  if (parsed.kind === "KR-RRN") {
    const digit = Number(number[7]);
    const century = [1, 2, 5, 6].includes(digit)
      ? 1900
      : [3, 4, 7, 8].includes(digit)
        ? 2000
        : 1800;
    return {
      birthday: `${century + Number(number.slice(0, 2))}-${number.slice(2, 4)}-${number.slice(4, 6)}`,
      gender: digit % 2 === 1 ? "male" : "female",
    };
  }
  const second = number[1] as string;
  return { birthday: null, gender: "18AC".includes(second) ? "male" : "female" };
}

export function isValidIdNumber(input: string): boolean {
  return parseIdNumber(input) !== null;
}

/**
 * The only form an ID number is ever shown in (docs/identity.md): `900101-1******` (birth date and
 * the sex digit) or `A1********` (letter and sex digit). Unparseable input is fully masked.
 */
export function maskIdNumber(input: string): string {
  const parsed = parseIdNumber(input);
  if (!parsed) return "*".repeat(Math.max(4, input.length));
  if (parsed.kind === "KR-RRN") return `${parsed.normalized.slice(0, 8)}******`;
  return `${parsed.normalized.slice(0, 2)}********`;
}
