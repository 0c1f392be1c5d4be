import type { Currency, LenderStatistics } from "@chayong/domain";
import { StatCard } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { FigureAmount } from "./figure-amount";
import type { SplitKey } from "./split-key";

export interface HeadlineFiguresProps {
  /** Absent while the first answer loads: the tiles show placeholders. */
  statistics: LenderStatistics | undefined;
  split: SplitKey;
  currency: Currency;
}

/**
 * The figures a lender reads first: what is still out, what is overdue, what came in and what
 * falls due today, and the profit so far (figures as defined in @chayong/domain statistics).
 */
export function HeadlineFigures({ statistics, split, currency }: HeadlineFiguresProps) {
  const { _, i18n } = useLingui();
  const loading = statistics === undefined;
  const allTime = statistics?.allTime[split];
  const today = statistics?.today[split];
  const inProgress = statistics?.inProgress[split];
  const money = (amount: number, fit: "tile" | "wide", signed = false) => (
    <FigureAmount
      amount={amount}
      currency={currency}
      locale={i18n.locale}
      fit={fit}
      signed={signed}
    />
  );
  return (
    <div className="stats__tiles">
      <StatCard
        className="stats__tile--hero"
        label={_("stats.outstanding")}
        loading={loading}
        value={inProgress ? money(inProgress.outstandingAmount, "wide") : null}
        caption={inProgress ? _("stats.inProgressCount", { count: inProgress.count }) : null}
      />
      <StatCard
        label={_("stats.overdueAmount")}
        loading={loading}
        tone={allTime && allTime.overdueAmount > 0 ? "danger" : "neutral"}
        value={allTime ? money(allTime.overdueAmount, "tile") : null}
        caption={allTime ? _("stats.count", { count: allTime.overdueCount }) : null}
      />
      <StatCard
        label={_("stats.repaidToday")}
        loading={loading}
        tone={today && today.repaidAmount > 0 ? "success" : "neutral"}
        value={today ? money(today.repaidAmount, "tile") : null}
      />
      <StatCard
        label={_("stats.dueTodayAmount")}
        loading={loading}
        value={allTime ? money(allTime.dueTodayAmount, "tile") : null}
        caption={allTime ? _("stats.count", { count: allTime.dueTodayCount }) : null}
      />
      <StatCard
        label={_("stats.profitAllTime")}
        loading={loading}
        value={allTime ? money(allTime.profit, "tile", true) : null}
        caption={_("stats.profit.formula")}
      />
    </div>
  );
}
