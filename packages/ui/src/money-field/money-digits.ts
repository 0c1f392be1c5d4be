/**
 * Pure helpers behind MoneyField: money is an integer in the currency's smallest unit (KRW won,
 * TWD dollar), so the field only ever holds digits; separators are display only.
 */

const digitFormats = new Map<string, Intl.NumberFormat>();

/** One formatter per locale: making one costs far more than formatting (every keystroke). */
function digitFormatOf(locale: string): Intl.NumberFormat {
  let format = digitFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
    digitFormats.set(locale, format);
  }
  return format;
}

/** Formats an integer with the locale's thousands separators ("1,234,567"). */
export function formatMoneyDigits(value: number, locale = "ko-KR"): string {
  return digitFormatOf(locale).format(value);
}

/** The thousands separator `formatMoneyDigits` writes for `locale` ("," for ko-KR and zh-TW). */
export function groupSeparatorOf(locale = "ko-KR"): string {
  const parts = digitFormatOf(locale).formatToParts(1_000_000);
  return parts.find((part) => part.type === "group")?.value ?? ",";
}

/** Every digit of `text`, in order, leading zeros folded: what the field holds if nothing is dropped. */
export function allDigitsOf(text: string): string {
  return text.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
}

export type ParsedMoney =
  | { kind: "empty" }
  | { kind: "value"; value: number }
  | { kind: "too-large" };

/**
 * Reads what the user typed or pasted: every non-digit is dropped (separators, spaces, a currency
 * sign, a decimal point and what follows it is NOT kept as digits: "1,000.50" is refused by keeping
 * only the integer part), leading zeros fold away, and values beyond `max` are refused.
 */
export function parseMoneyDigits(text: string, max = Number.MAX_SAFE_INTEGER): ParsedMoney {
  const digits = allDigitsOf(text.split(/[.．]/)[0] ?? "");
  if (digits === "") {
    return { kind: "empty" };
  }
  const value = Number(digits);
  if (!Number.isSafeInteger(value) || value > max) {
    return { kind: "too-large" };
  }
  return { kind: "value", value };
}

/** How many digits stand before `position` in `text`. */
export function digitsBefore(text: string, position: number): number {
  let count = 0;
  for (let index = 0; index < position && index < text.length; index += 1) {
    if (/\d/.test(text[index] ?? "")) {
      count += 1;
    }
  }
  return count;
}

/** The caret position in `formatted` just after its `digitCount`-th digit. */
export function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount <= 0) {
    return 0;
  }
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index] ?? "")) {
      seen += 1;
      if (seen === digitCount) {
        return index + 1;
      }
    }
  }
  return formatted.length;
}
