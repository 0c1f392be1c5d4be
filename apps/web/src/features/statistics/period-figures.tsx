import type { Currency, StatisticsFigures } from "@chayong/domain";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { FigureAmount } from "./figure-amount";
import type { PeriodKey } from "./split-key";

export interface PeriodFiguresProps {
  /** Absent while the first answer loads. */
  figures: StatisticsFigures | undefined;
  period: PeriodKey;
  currency: Currency;
}

/**
 * Every figure of one period, all time or today. Most read the same in both; the overdue ones
 * change meaning (overdue now / fell overdue today), so their labels say so.
 */
export function PeriodFigures({ figures, period, currency }: PeriodFiguresProps) {
  const { _, i18n } = useLingui();
  const count = (value: number) => _("stats.count", { count: value });
  const money = (amount: number, signed = false) => (
    <FigureAmount
      amount={amount}
      currency={currency}
      locale={i18n.locale}
      fit="wide"
      signed={signed}
    />
  );
  const today = period === "today";
  const rows: [label: string, value: (f: StatisticsFigures) => ReactNode][] = [
    [_("stats.signedCount"), (f) => count(f.signedCount)],
    [_("stats.contractedAmount"), (f) => money(f.contractedAmount)],
    [_("stats.disbursedAmount"), (f) => money(f.disbursedAmount)],
    [_("stats.repaidAmount"), (f) => money(f.repaidAmount)],
    [_("stats.repaidCount"), (f) => count(f.repaidCount)],
    [_(today ? "stats.overdueCount.today" : "stats.overdueCount"), (f) => count(f.overdueCount)],
    [_(today ? "stats.overdueAmount.today" : "stats.overdueAmount"), (f) => money(f.overdueAmount)],
    [_("stats.dueTodayCount"), (f) => count(f.dueTodayCount)],
    [_("stats.dueTodayAmount"), (f) => money(f.dueTodayAmount)],
    [_("stats.notYetDueCount"), (f) => count(f.notYetDueCount)],
    [_("stats.notYetDueAmount"), (f) => money(f.notYetDueAmount)],
    [_("stats.profit"), (f) => money(f.profit, true)],
  ];
  return (
    <dl className="definition-list stats__figures">
      {rows.map(([label, value]) => (
        <div key={label} className="stats__figure">
          <dt>{label}</dt>
          <dd>{figures ? value(figures) : <span className="stats-skeleton" />}</dd>
        </div>
      ))}
    </dl>
  );
}
