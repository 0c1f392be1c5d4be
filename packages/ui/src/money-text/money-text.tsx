import { type Currency, formatMoney as formatDomainMoney } from "@chayong/domain";
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
  /** The short form for tight places (₩12.3억, NT$1.23億): three significant digits. */
  compact?: boolean;
  className?: string;
}

/** Formats an integer amount for reading (the domain's rule, kept under the kit's name). */
export const formatMoney = formatDomainMoney;

/** An amount of money as text, with tabular digits so columns line up. */
export function MoneyText({
  amount,
  currency,
  locale,
  signed,
  display,
  compact,
  className,
}: MoneyTextProps) {
  return (
    <span
      className={classNames("cy-money-text", amount < 0 && "cy-money-text--negative", className)}
    >
      {formatMoney(amount, currency, { locale, signed, display, compact })}
    </span>
  );
}
