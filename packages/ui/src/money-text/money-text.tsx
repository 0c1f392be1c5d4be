import type { Currency } from "@chayong/domain";
import { classNames } from "../class-names";

/** The domain's `Currency` (KRW, TWD) under the kit's older name, kept for existing importers. */
export type MoneyCurrency = Currency;

export interface MoneyTextProps {
  /** Integer amount in the currency's smallest unit (won, NT dollar); negative for a loss. */
  amount: number;
  currency: Currency;
  /** Locale of the digits and the currency sign; defaults to the currency's home locale. */
  locale?: string;
  /** Shows a leading + for positive amounts (profit, repayments). */
  signed?: boolean;
  /** `symbol` (₩1,000) or `code` (KRW 1,000). */
  display?: "symbol" | "code";
  className?: string;
}

const homeLocale: Record<Currency, string> = { KRW: "ko-KR", TWD: "zh-TW" };

/** Formats an integer amount for reading; fractional input is a programming error. */
export function formatMoney(
  amount: number,
  currency: Currency,
  {
    locale,
    signed = false,
    display = "symbol",
  }: Pick<MoneyTextProps, "locale" | "signed" | "display"> = {},
): string {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`MoneyText amount must be a safe integer, got ${amount}`);
  }
  return new Intl.NumberFormat(locale ?? homeLocale[currency], {
    style: "currency",
    currency,
    currencyDisplay: display,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
    signDisplay: signed ? "exceptZero" : "auto",
  }).format(amount);
}

/** An amount of money as text, with tabular digits so columns line up. */
export function MoneyText({
  amount,
  currency,
  locale,
  signed,
  display,
  className,
}: MoneyTextProps) {
  return (
    <span
      className={classNames("cy-money-text", amount < 0 && "cy-money-text--negative", className)}
    >
      {formatMoney(amount, currency, { locale, signed, display })}
    </span>
  );
}
