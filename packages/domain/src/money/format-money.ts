import type { Currency } from "../jurisdiction/jurisdiction";

export interface FormatMoneyOptions {
  /** Locale of the digits and the currency sign; defaults to the currency's home locale. */
  locale?: string;
  /** A leading + on positive amounts (profit, repayments). */
  signed?: boolean;
  /** `symbol` (₩1,000) or `code` (KRW 1,000). */
  display?: "symbol" | "code";
  /** The short form for tight places (₩12.3억, NT$1.23億): three significant digits. */
  compact?: boolean;
}

const homeLocale: Record<Currency, string> = { KRW: "ko-KR", TWD: "zh-TW" };

/**
 * An integer amount (won, NT dollars) as people read it: ₩1,500,000, NT$1,500,000. Fractional
 * input is a programming error: money is whole units everywhere (docs/money.md).
 */
export function formatMoney(
  amount: number,
  currency: Currency,
  { locale, signed = false, display = "symbol", compact = false }: FormatMoneyOptions = {},
): string {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`a money amount must be a safe integer, got ${amount}`);
  }
  const parts = numberFormat(
    locale ?? homeLocale[currency],
    currency,
    display,
    signed,
    compact,
  ).formatToParts(amount);
  // Taiwan's own locale writes the NT dollar as a bare "$", which beside won amounts (and on a
  // loan contract) reads as US dollars; NT$ is how contracts and banks in Taiwan write it.
  return parts
    .map((part) =>
      currency === "TWD" && part.type === "currency" && part.value === "$" ? "NT$" : part.value,
    )
    .join("");
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per way of writing money, made once: making one costs far more than
 * formatting with it (a list of twenty contracts writes forty amounts).
 */
function numberFormat(
  locale: string,
  currency: Currency,
  display: "symbol" | "code",
  signed: boolean,
  compact: boolean,
): Intl.NumberFormat {
  const key = `${locale}|${currency}|${display}|${signed}|${compact}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      // The narrow sign: zh-TW's own is a full-width "￦" for the won, where every other screen
      // writes "₩" (one sign per currency in every language).
      currencyDisplay: display === "symbol" ? "narrowSymbol" : display,
      signDisplay: signed ? "exceptZero" : "auto",
      ...(compact
        ? { notation: "compact", maximumSignificantDigits: 3 }
        : { minimumFractionDigits: 0, maximumFractionDigits: 0 }),
    });
    numberFormats.set(key, format);
  }
  return format;
}
