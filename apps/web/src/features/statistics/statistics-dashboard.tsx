import "./statistics.css";
import type { Currency } from "@chayong/domain";
import { formatCalendarDate } from "@chayong/i18n/lazy";
import { Button, SegmentedControl } from "@chayong/ui";
import { useLingui } from "@lingui/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { screenMessage } from "../../session/screen-message";
import { PullIndicator } from "../../shell/pull-to-refresh/pull-indicator";
import { usePullToRefresh } from "../../shell/pull-to-refresh/use-pull-to-refresh";
import { SharedDebtResult } from "../customers/shared-debt-result";
import { HeadlineFigures } from "./headline-figures";
import { PeriodFigures } from "./period-figures";
import { ProgressTable } from "./progress-table";
import type { PeriodKey, SplitKey } from "./split-key";
import { useStatistics } from "./use-statistics";
import { WindowsChartSkeleton } from "./windows-chart-skeleton";

// The charts are the dashboard's only picture: their code loads after the figures are on screen.
const WindowsChart = lazy(() => import("./windows-chart"));

/**
 * The lender's dashboard on 'me' (docs/customers.md "Statistics"): headline figures, in progress
 * against completed, every figure all time or today, split total / single / instalment, and the
 * today / 3 / 7-day windows. Refreshed by pulling the page down or with the refresh button.
 */
export function StatisticsDashboard({ currency }: { currency: Currency }) {
  const { _, i18n } = useLingui();
  const { figures, windows, refresh, refreshing } = useStatistics();
  const [split, setSplit] = useState<SplitKey>("total");
  const [period, setPeriod] = useState<PeriodKey>("allTime");
  // The pull's own spinner shows only for a refresh the pull started: the button spins for its
  // own, and a second spinner over the profile above would hide its name.
  const [pulled, setPulled] = useState(false);
  const pull = usePullToRefresh(
    () => {
      setPulled(true);
      refresh();
    },
    { disabled: refreshing },
  );
  // Once that refresh is over (the query's refetch starts a moment after the pull's callback).
  useEffect(() => {
    if (!refreshing) setPulled(false);
  }, [refreshing]);
  const statistics = figures.data;
  const figuresError = figures.isError ? screenMessage(figures.error, _) : null;
  const windowsError = windows.isError ? screenMessage(windows.error, _) : null;
  // Before the first answer, a failure replaces the placeholders; after, it sits above the
  // figures it could not refresh.
  const showFigures = statistics !== undefined || figures.isPending;

  return (
    <section
      className="stats"
      aria-labelledby="stats-title"
      aria-busy={figures.isFetching || windows.isFetching}
    >
      <PullIndicator pull={pull} refreshing={refreshing && pulled} />
      <div className="stats__head">
        <div className="stats__heading">
          <h2 className="stats__title" id="stats-title">
            {_("stats.title")}
          </h2>
          {statistics ? (
            <p className="stats__as-of">
              {_("stats.asOf", { date: formatCalendarDate(statistics.asOf, i18n.locale) })}
            </p>
          ) : null}
          {/* A contract waiting for its signature has lent nothing yet: a lender with only those
              sees zeros, and is told why (docs/customers.md#statistics). */}
          <p className="stats__as-of">{_("stats.signedOnly")}</p>
        </div>
        <Button
          variant="secondary"
          className="stats__refresh"
          onClick={refresh}
          loading={refreshing}
          icon={<RefreshIcon />}
        >
          {_("stats.refresh")}
        </Button>
      </div>
      <p className="cy-visually-hidden" role="status">
        {refreshing ? _("stats.refreshing") : figures.isPending ? _("common.loading") : ""}
      </p>

      {figuresError !== null || (figures.isError && !statistics) ? (
        <div className="stats__error">
          <p className="page__error">{figuresError ?? _("common.loadFailed")}</p>
          <Button variant="secondary" onClick={refresh}>
            {_("common.retry")}
          </Button>
        </div>
      ) : null}

      {showFigures ? (
        <>
          <SegmentedControl<SplitKey>
            label={_("contract.type")}
            hideLabel
            value={split}
            options={[
              { value: "total", label: _("stats.split.total") },
              { value: "single", label: _("stats.split.single") },
              { value: "instalment", label: _("stats.split.instalment") },
            ]}
            onValueChange={setSplit}
          />
          <HeadlineFigures statistics={statistics} split={split} currency={currency} />

          <section className="stats__section" aria-labelledby="stats-progress">
            <h3 className="stats__section-title" id="stats-progress">
              {_("stats.progress")}
            </h3>
            <ProgressTable statistics={statistics} split={split} currency={currency} />
          </section>

          <section className="stats__section" aria-labelledby="stats-details">
            <h3 className="stats__section-title" id="stats-details">
              {_("stats.details")}
            </h3>
            <SegmentedControl<PeriodKey>
              label={_("stats.period")}
              hideLabel
              value={period}
              options={[
                { value: "allTime", label: _("stats.history") },
                { value: "today", label: _("stats.today") },
              ]}
              onValueChange={setPeriod}
            />
            <PeriodFigures
              figures={statistics?.[period][split]}
              period={period}
              currency={currency}
            />
          </section>
        </>
      ) : null}

      <section className="stats__section" aria-labelledby="stats-windows">
        <h3 className="stats__section-title" id="stats-windows">
          {_("stats.windows")}{" "}
          <span className="stats__section-note">{_("stats.windows.allContracts")}</span>
        </h3>
        {windows.data ? (
          <Suspense fallback={<WindowsChartSkeleton />}>
            <WindowsChart windows={windows.data.windows} currency={currency} />
          </Suspense>
        ) : windows.isPending ? (
          <WindowsChartSkeleton />
        ) : null}
        {windowsError !== null || (windows.isError && !windows.data) ? (
          <div className="stats__error">
            <p className="page__error">{windowsError ?? _("common.loadFailed")}</p>
            <Button variant="secondary" onClick={() => void windows.refetch()}>
              {_("common.retry")}
            </Button>
          </div>
        ) : null}
      </section>

      {windows.data || windows.isPending ? (
        <section className="stats__section" aria-labelledby="stats-shared-debt">
          <h3 className="stats__section-title" id="stats-shared-debt">
            {_("stats.sharedDebt")}
          </h3>
          <SharedDebtResult
            info={windows.data?.sharedDebt ?? null}
            currency={currency}
            scope="book"
          />
        </section>
      ) : null}
    </section>
  );
}

function RefreshIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M20 11a8 8 0 1 0-2.3 5.7" />
      <path d="M20 4v7h-7" />
    </svg>
  );
}
