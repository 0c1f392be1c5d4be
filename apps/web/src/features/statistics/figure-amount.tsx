import type { Currency } from "@chayong/domain";
import { formatMoney } from "@chayong/ui";

/**
 * How many characters of a formatted amount fit where it is shown, on a 360 px wide phone:
 * `tile` a half-width stat tile, `cell` a table cell or a chart's value, `wide` a full-width
 * line. Longer amounts are shortened ('₩12.3억', 'NT$1.23億'); the exact amount stays readable by
 * screen readers and on hover.
 */
export const fitCharacters = { tile: 11, cell: 14, wide: 18 } as const;

export type FigureFit = keyof typeof fitCharacters;

/** An amount in the reader's digits, shortened to the compact form when it would not fit. */
export function formatFigure(
  amount: number,
  currency: Currency,
  locale: string,
  fit: FigureFit,
  signed = false,
): { full: string; shown: string } {
  const full = formatMoney(amount, currency, { locale, signed });
  if (full.length <= fitCharacters[fit]) return { full, shown: full };
  const shown = formatMoney(amount, currency, { locale, signed, compact: true });
  return { full, shown };
}

export interface FigureAmountProps {
  amount: number;
  currency: Currency;
  locale: string;
  fit: FigureFit;
  /** A leading + on positive amounts (the net, 손익): negative ones keep their minus sign. */
  signed?: boolean;
}

/**
 * A money figure of the dashboard (docs/customers.md "Statistics"), never wider than its slot.
 * A negative amount (only the net can be one) keeps its minus sign in the page's ink, not red:
 * money lent out and not yet repaid is no alarm.
 */
export function FigureAmount({ amount, currency, locale, fit, signed }: FigureAmountProps) {
  const { full, shown } = formatFigure(amount, currency, locale, fit, signed);
  const className = "figure-amount";
  if (shown === full) return <span className={className}>{full}</span>;
  return (
    <span className={className} title={full}>
      <span aria-hidden="true">{shown}</span>
      <span className="cy-visually-hidden">{full}</span>
    </span>
  );
}
