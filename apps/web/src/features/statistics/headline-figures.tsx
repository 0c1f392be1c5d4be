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
 * The figures a lender reads first, each shown only here (figures as defined in @chayong/domain
 * statistics): what is still out and how it falls due (overdue, due today, not yet due), what came
 * in today, and the net of the book so far (손익 / 損益: repaid − disbursed). The net is shown
 * with its sign in plain ink, not in red: on a young book (loans out, little repaid yet) it is
 * negative without anything being wrong, and a hint says it turns positive as loans are repaid.
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
  const count = (value: number) => _("stats.count", { count: value });
  return (
    <div className="stats__tiles">
      <StatCard
        className="stats__tile--hero"
        label={_("stats.outstanding")}
        loading={loading}
        value={inProgress ? money(inProgress.outstandingAmount, "wide") : null}
      />
      <StatCard
        label={_("stats.overdueAmount")}
        loading={loading}
        tone={allTime && allTime.overdueAmount > 0 ? "danger" : "neutral"}
        value={allTime ? money(allTime.overdueAmount, "tile") : null}
        caption={allTime ? count(allTime.overdueCount) : null}
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
        caption={allTime ? count(allTime.dueTodayCount) : null}
      />
      <StatCard
        label={_("stats.notYetDueAmount")}
        loading={loading}
        value={allTime ? money(allTime.notYetDueAmount, "tile") : null}
        caption={allTime ? count(allTime.notYetDueCount) : null}
      />
      <StatCard
        className="stats__tile--wide stats__tile--net"
        label={_("stats.profitAllTime")}
        loading={loading}
        value={allTime ? money(allTime.profit, "wide", true) : null}
        caption={_("stats.profit.hint")}
      />
    </div>
  );
}
