import type { Currency, LenderStatistics, ProgressFigures } from "@chayong/domain";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { FigureAmount } from "./figure-amount";
import type { SplitKey } from "./split-key";

export interface ProgressTableProps {
  /** Absent while the first answer loads. */
  statistics: LenderStatistics | undefined;
  split: SplitKey;
  currency: Currency;
}

/**
 * Contracts still owing against closed ones: how many, lent and repaid. What is still owed is the
 * headline tile (closed contracts owe nothing), so it is not repeated here.
 */
export function ProgressTable({ statistics, split, currency }: ProgressTableProps) {
  const { _, i18n } = useLingui();
  const columns = [
    { title: _("stats.inProgress"), figures: statistics?.inProgress[split] },
    { title: _("stats.completed"), figures: statistics?.completed[split] },
  ];
  const money = (amount: number) => (
    <FigureAmount amount={amount} currency={currency} locale={i18n.locale} fit="cell" />
  );
  const rows: [label: string, value: (f: ProgressFigures) => ReactNode][] = [
    [_("stats.progress.count"), (f) => _("stats.count", { count: f.count })],
    [_("stats.contractedAmount"), (f) => money(f.contractedAmount)],
    [_("stats.repaidAmount"), (f) => money(f.repaidAmount)],
  ];
  return (
    <table className="stats-progress">
      <caption className="cy-visually-hidden">{_("stats.progress")}</caption>
      <thead>
        <tr>
          <td />
          {columns.map((column) => (
            <th key={column.title} scope="col">
              {column.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {columns.map((column) => (
              <td key={column.title}>
                {column.figures ? value(column.figures) : <span className="stats-skeleton" />}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
