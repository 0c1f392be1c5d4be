import * as v from "valibot";
import type { MessageKey } from "../messages";
import { isAcceptableLine } from "../text";
import { missingOrInvalid } from "../validation";

/**
 * A calendar date `YYYY-MM-DD` in the lender's business time zone (docs/money.md#amounts-and-dates). It names a day,
 * not an instant, so arithmetic on it never meets daylight saving or UTC offsets.
 */
export type CalendarDate = string;

const pattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const msPerDay = 86_400_000;

export function isValidCalendarDate(value: unknown): value is CalendarDate {
  if (typeof value !== "string") return false;
  const match = pattern.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export const calendarDateSchema = v.pipe(
  v.string("common.invalidValue"),
  v.check((value: string) => isValidCalendarDate(value), "common.invalidValue"),
);

/**
 * A calendar date a client sends (a request field): the character rule of every request string,
 * then a real day. `requiredKey` when missing, null or empty, `invalidKey` when it is anything
 * else but a day `YYYY-MM-DD` ("2026-02-30", "2026/12/01", a number): never "required" for a
 * value that came (docs/validation.md).
 */
/* @__NO_SIDE_EFFECTS__ */
export function calendarDateField(
  requiredKey: MessageKey,
  invalidKey: MessageKey = "common.invalidValue",
) {
  return v.pipe(
    v.string(missingOrInvalid(requiredKey, invalidKey)),
    v.trim(),
    v.check(isAcceptableLine, invalidKey),
    v.minLength(1, requiredKey),
    v.check(isCalendarDateText, invalidKey),
  );
}

/** `isValidCalendarDate` on a string: the check of `calendarDateField` (the SDK's reference knows it). */
export function isCalendarDateText(value: string): boolean {
  return isValidCalendarDate(value);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Days since 1970-01-01 (the date's day number); the basis of all date arithmetic here.
 * Plain arithmetic (H. Hinnant's days-from-civil), no Date object: ledgers call it a lot.
 */
export function toDayNumber(date: CalendarDate): number {
  let year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  year -= month <= 2 ? 1 : 0;
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function fromDayNumber(dayNumber: number): CalendarDate {
  const date = new Date(dayNumber * msPerDay);
  return formatParts(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

function formatParts(year: number, month: number, day: number): CalendarDate {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** `a - b` in days: positive when `a` is later (like date-fns `differenceInCalendarDays(a, b)`). */
export function diffDays(a: CalendarDate, b: CalendarDate): number {
  return toDayNumber(a) - toDayNumber(b);
}

/**
 * Adds months keeping `dayOfMonth`, clamped to the month's end: from day 31, Feb gives 28/29 and
 * Mar gives 31 again, because the day is always taken from the argument, never from a clamped date.
 */
export function addMonthsClamped(
  date: CalendarDate,
  months: number,
  dayOfMonth = Number(date.slice(8, 10)),
): CalendarDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return formatParts(
    targetYear,
    targetMonth,
    Math.min(dayOfMonth, daysInMonth(targetYear, targetMonth)),
  );
}

/** The same day `years` later (Feb 29 becomes Feb 28 in a common year). */
export function addYearsClamped(date: CalendarDate, years: number): CalendarDate {
  return addMonthsClamped(date, years * 12);
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Today's calendar date in a time zone (e.g. `Asia/Seoul`) at the instant `now`. */
export function todayIn(timeZone: string, now: Date): CalendarDate {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return formatParts(part("year"), part("month"), part("day"));
}

// Building an Intl formatter costs far more than using one; keep one per time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}
