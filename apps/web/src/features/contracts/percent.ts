/** A rate in percent for reading: up to two decimals, in the reader's digits ("17.24"). */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(percent);
}
