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
 * The figures of one period, all time or today, that the headline tiles do not show already:
 * the tiles hold what is a point in time (overdue now, due today, not yet due), today's
 * repayments and the net of all time, so each figure is on the dashboard once. Today's list adds
 * what only a day has: contracts that fell overdue today and the day's net.
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
  type Row = [label: string, value: (f: StatisticsFigures) => ReactNode];
  const rows: Row[] =
    period === "today"
      ? [
          [_("stats.signedCount"), (f) => count(f.signedCount)],
          [_("stats.contractedAmount"), (f) => money(f.contractedAmount)],
          [_("stats.disbursedAmount"), (f) => money(f.disbursedAmount)],
          [_("stats.repaidCount"), (f) => count(f.repaidCount)],
          [_("stats.overdueCount.today"), (f) => count(f.overdueCount)],
          [_("stats.overdueAmount.today"), (f) => money(f.overdueAmount)],
          [_("stats.profit"), (f) => money(f.profit, true)],
        ]
      : [
          [_("stats.signedCount"), (f) => count(f.signedCount)],
          [_("stats.contractedAmount"), (f) => money(f.contractedAmount)],
          [_("stats.disbursedAmount"), (f) => money(f.disbursedAmount)],
          [_("stats.repaidAmount"), (f) => money(f.repaidAmount)],
          [_("stats.repaidCount"), (f) => count(f.repaidCount)],
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
