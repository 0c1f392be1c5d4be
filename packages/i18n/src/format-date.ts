/**
 * Dates as a reader of the active language writes them, with the platform's own
 * `Intl.DateTimeFormat` (no library): a calendar day '2026. 11. 23.' (ko-KR) / '2026/11/23'
 * (zh-TW); a moment with its time '2026. 11. 23. 오후 2:12' / '2026/11/23 下午2:12', in the
 * reader's own time zone unless one is given (the lender's business time zone). Every screen that
 * shows a date from the server goes through here, never the server's ISO text.
 */

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayOptions: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** One `Intl.DateTimeFormat` per locale and options, kept: making one costs far more than using it. */
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

function formatter(
  locale: string,
  withTime: boolean,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  return dateFormat(locale, {
    ...dayOptions,
    ...(withTime ? { hour: "numeric", minute: "2-digit" } : {}),
    ...(timeZone ? { timeZone } : {}),
  });
}

/**
 * `written` (a time in `timeZone`) followed by the zone's offset in parentheses, as the reader's
 * language writes the offset: '… 14:05 (GMT+9)'. One notation for every screen and the signed
 * document; Intl's own `timeZoneName` writes 'GMT+9' in ko-KR and '[GMT+9]' in zh-TW.
 */
export function withZoneOffset(
  written: string,
  date: Date,
  locale: string,
  timeZone: string,
): string {
  const zone = dateFormat(locale, { timeZone, timeZoneName: "shortOffset" })
    .formatToParts(date)
    .find((part) => part.type === "timeZoneName")?.value;
  return zone ? `${written} (${zone})` : written;
}

/** The wall clock in `timeZone` (the phone's when undefined): day and 24-hour time. */
function wallClock(date: Date, timeZone?: string): string {
  return dateFormat("en-US", {
    ...dayOptions,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * Whether a moment in `timeZone` reads otherwise on this phone's clock: then its zone is named
 * (docs/screens.md, "Times"), so 21:44 GMT+9 is not taken for the phone's 21:44.
 */
export function differsFromPhone(date: Date, timeZone: string): boolean {
  return wallClock(date, timeZone) !== wallClock(date);
}

export interface FormatDateOptions {
  /**
   * The time zone of a moment: the contract's or the lender's business zone (`Asia/Seoul`), as
   * the signed document writes it; named after the time when the phone's clock reads otherwise.
   * The reader's own zone by default.
   */
  timeZone?: string;
  /** A moment: show its time too (the default) or only its day. */
  time?: boolean;
}

/**
 * A calendar day `YYYY-MM-DD` (a due date, a loan date: a day, not a moment) as the reader writes
 * it. Text that is no such day is shown as it came (never 'Invalid Date').
 */
export function formatCalendarDate(date: string, locale: string): string {
  const match = calendarDatePattern.exec(date);
  if (!match) return date;
  const [, year = "", month = "", day = ""] = match;
  const instant = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  // Not a day of the calendar (2026-02-31 rolls over): shown as it came.
  if (Number.isNaN(instant.getTime()) || instant.getUTCDate() !== Number(day)) return date;
  // The product's two languages write a day in a fixed pattern, exactly what Intl writes for
  // them; writing it directly spares a phone starting ICU's date formats for the first list
  // (a fifth of a second on a slow one). Any other locale asks Intl. The day itself, whatever
  // the reader's time zone: read and written in UTC.
  const written = dayPatterns[locale]?.(year, month, day);
  return written ?? formatter(locale, false, "UTC").format(instant);
}

/** How ko-KR and zh-TW write a calendar day (Intl, 2-digit month and day); a test holds them equal. */
const dayPatterns: Record<string, (year: string, month: string, day: string) => string> = {
  "ko-KR": (year, month, day) => `${year}. ${month}. ${day}.`,
  "zh-TW": (year, month, day) => `${year}/${month}/${day}`,
};

/** The moment an ISO instant or a `Date` names, or null for one that names none. */
function momentOf(instant: string | Date): Date | null {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A moment (an ISO instant from the server, or a `Date`) as the reader writes it, with its time
 * unless `time: false`, in `timeZone` (the reader's own by default). Text that is no moment is
 * shown as it came.
 */
export function formatInstant(
  instant: string | Date,
  locale: string,
  options: FormatDateOptions = {},
): string {
  const date = momentOf(instant);
  if (date === null) return typeof instant === "string" ? instant : "";
  const withTime = options.time !== false;
  const { timeZone } = options;
  const written = formatter(locale, withTime, timeZone).format(date);
  if (!withTime || timeZone === undefined || !differsFromPhone(date, timeZone)) return written;
  return withZoneOffset(written, date, locale, timeZone);
}

/**
 * A moment of record (a signature, an issued statement) as the signed document writes it: in the
 * lender's time zone, the month by name, 24-hour time and the zone's offset, always:
 * '2026년 3월 2일 14:05 (GMT+9)' / '2026年3月2日 14:05 (GMT+9)'. A screen that shows the signing
 * time writes it the same way, so the borrower finds on the document what the app said.
 */
export function formatRecordedInstant(
  instant: string | Date,
  locale: string,
  timeZone: string,
): string {
  const date = momentOf(instant);
  if (date === null) return typeof instant === "string" ? instant : "";
  // 24-hour time: a record is read later, by people in another part of the day.
  const written = dateFormat(locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(date);
  return withZoneOffset(written, date, locale, timeZone);
}

/**
 * Any date text the server sends: a calendar day (`2026-11-23`) as a day, an ISO instant
 * (`2026-11-23T05:12:00.000Z`) as a moment (see `formatInstant`); anything else as it came.
 */
export function formatDate(value: string, locale: string, options: FormatDateOptions = {}): string {
  return calendarDatePattern.test(value)
    ? formatCalendarDate(value, locale)
    : formatInstant(value, locale, options);
}
