import type { Currency, StatisticsWindow } from "@chayong/domain";
import { useLingui } from "@lingui/react";
import { formatFigure } from "./figure-amount";
import { type WindowBar, WindowBarChart } from "./window-bar-chart";

export interface WindowsChartProps {
  windows: readonly StatisticsWindow[];
  currency: Currency;
}

type Measure = "disbursedAmount" | "repaidAmount" | "dueAmount";

/**
 * The today / 3 / 7-day windows as three small bar charts on one scale: disbursed and repaid look
 * back (up to today), due looks forward (from today) — docs/customers.md "Statistics". Loaded
 * lazily by the dashboard: it is the only part of it that is a picture.
 */
export default function WindowsChart({ windows, currency }: WindowsChartProps) {
  const { _, i18n } = useLingui();
  const list = new Intl.ListFormat(i18n.locale, { type: "conjunction" });
  const ordered = [...windows].sort((a, b) => a.days - b.days);
  const windowLabel = (days: number, forward: boolean) =>
    days === 1
      ? _("stats.window.today")
      : _(forward ? "stats.window.forward" : "stats.window.lookback", { days });
  const charts: { measure: Measure; tone: "disbursed" | "repaid" | "due"; title: string }[] = [
    { measure: "disbursedAmount", tone: "disbursed", title: _("stats.window.disbursed") },
    { measure: "repaidAmount", tone: "repaid", title: _("stats.window.repaid") },
    { measure: "dueAmount", tone: "due", title: _("stats.window.due") },
  ];
  const scaleMax = Math.max(
    0,
    ...ordered.flatMap((window) => charts.map(({ measure }) => window[measure])),
  );
  return (
    <div className="windows-chart">
      {charts.map(({ measure, tone, title }) => {
        const forward = measure === "dueAmount";
        const period = _(forward ? "stats.window.fromToday" : "stats.window.untilToday");
        const bars: (WindowBar & { full: string })[] = ordered.map((window) => {
          const { full, shown } = formatFigure(window[measure], currency, i18n.locale, "cell");
          return {
            label: windowLabel(window.days, forward),
            amount: window[measure],
            value: shown,
            full,
          };
        });
        const description = _("stats.window.chart", {
          title,
          period,
          values: list.format(
            // A window's name, then its amount: "최근 3일 ₩1,000,000", "近 3 天 NT$45,000".
            bars.map((bar) => `${bar.label} ${bar.full}`),
          ),
        });
        return (
          <WindowBarChart
            key={measure}
            title={title}
            period={period}
            bars={bars}
            scaleMax={scaleMax}
            tone={tone}
            description={description}
          />
        );
      })}
    </div>
  );
}
