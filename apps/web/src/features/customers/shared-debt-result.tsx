import type { Currency, SharedDebtInfo, SharedDebtSummary } from "@chayong/domain";
import { MoneyText, StatCard } from "@chayong/ui";
import { useLingui } from "@lingui/react";

/** Whose loans the figures count: a looked-up person's, or the lender's own book (dashboard). */
export type SharedDebtScope = "lookup" | "book";

/**
 * The shared-debt figures as two cards, online and offline, with the five figures each (defined
 * in @chayong/domain, shared-debt); `info` null shows both cards loading.
 */
export function SharedDebtResult({
  info,
  currency,
  scope = "lookup",
}: {
  info: SharedDebtInfo | null;
  currency: Currency;
  scope?: SharedDebtScope;
}) {
  return (
    <div className="shared-debt-result">
      <SummaryCard half="online" scope={scope} summary={info?.online ?? null} currency={currency} />
      <SummaryCard
        half="offline"
        scope={scope}
        summary={info?.offline ?? null}
        currency={currency}
      />
    </div>
  );
}

const descriptionIds = {
  lookup: { online: "sharedDebt.online.description", offline: "sharedDebt.offline.description" },
  book: {
    online: "stats.sharedDebt.online.description",
    offline: "stats.sharedDebt.offline.description",
  },
} as const;

function SummaryCard({
  half,
  scope,
  summary,
  currency,
}: {
  half: "online" | "offline";
  scope: SharedDebtScope;
  summary: SharedDebtSummary | null;
  currency: Currency;
}) {
  const { _, i18n } = useLingui();
  const loading = summary === null;
  const titleId = `shared-debt-${scope}-${half}`;
  const count = (value: number | undefined) => _("sharedDebt.count", { count: value ?? 0 });
  const money = (amount: number | undefined) => (
    <MoneyText amount={amount ?? 0} currency={currency} locale={i18n.locale} />
  );
  return (
    <section
      className="shared-debt-card"
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
    >
      <header className="shared-debt-card__head">
        <h3 className="shared-debt-card__title" id={titleId}>
          {_(half === "online" ? "sharedDebt.online" : "sharedDebt.offline")}
        </h3>
        <p className="page__note">{_(descriptionIds[scope][half])}</p>
      </header>
      <div className="shared-debt-card__figures">
        <StatCard
          className="shared-debt-card__count"
          label={_("sharedDebt.signedCount")}
          value={count(summary?.signedCount)}
          loading={loading}
        />
        <StatCard
          className="shared-debt-card__count"
          label={_("sharedDebt.settledCount")}
          value={count(summary?.settledCount)}
          loading={loading}
        />
        <StatCard
          className="shared-debt-card__count"
          label={_("sharedDebt.overdueCount")}
          value={count(summary?.overdueCount)}
          tone={summary && summary.overdueCount > 0 ? "danger" : "neutral"}
          loading={loading}
        />
        <StatCard
          className="shared-debt-card__amount"
          label={_("sharedDebt.inTransitAmount")}
          value={money(summary?.inTransitAmount)}
          loading={loading}
        />
        <StatCard
          className="shared-debt-card__amount"
          label={_("sharedDebt.settledAmount")}
          value={money(summary?.settledAmount)}
          loading={loading}
        />
      </div>
    </section>
  );
}
