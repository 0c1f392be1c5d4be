import { translate } from "@chayong/i18n";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { type CSSProperties, useState } from "react";
import { expect, within } from "storybook/test";
import { MoneyText } from "../money-text/money-text";
import { PageHeader } from "../page-header/page-header";
import { SegmentedControl } from "../segmented-control/segmented-control";
import { StatCard } from "../stat-card/stat-card";
import { TabBar } from "../tab-bar/tab-bar";
import {
  formatDate,
  markets,
  note,
  pageBody,
  Screen,
  sectionTitle,
  useLenderTabs,
  useScreenText,
} from "./screen-fixtures";

type Window = "today" | "threeDays" | "sevenDays";

const grid: CSSProperties = {
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: "var(--cy-space-3)",
};

/** Figures of one window, in the currency's smallest unit (won, NT dollar). */
const figures: Record<"KRW" | "TWD", Record<Window, [number, number, number, number]>> = {
  KRW: {
    today: [2_850_000, 1_040_000, 0, 1_040_000],
    threeDays: [5_700_000, 3_120_000, 241_183, 2_080_000],
    sevenDays: [12_500_000, 8_800_000, 3_400_000, 4_160_000],
  },
  TWD: {
    today: [85_500, 31_200, 0, 31_200],
    threeDays: [171_000, 93_600, 7_240, 62_400],
    sevenDays: [375_000, 264_000, 102_000, 124_800],
  },
};

/** The lender's statistics: today's money, a window to compare, and counts since the start. */
function DashboardScreen({ loading = false }: { loading?: boolean }) {
  const { t, locale } = useScreenText();
  const market = markets[locale];
  const tabs = useLenderTabs();
  const [period, setPeriod] = useState<Window>("sevenDays");
  const [disbursed, repaid, overdue, due] = figures[market.currency][period];
  const money = (amount: number) => (
    <MoneyText amount={amount} currency={market.currency} locale={locale} />
  );
  return (
    <Screen bottomSpace>
      <PageHeader title={t("stats.title")} />
      <div style={pageBody}>
        <p style={note}>{t("stats.asOf", { date: formatDate(market.today, locale) })}</p>
        <section aria-labelledby="stats-window-title" style={{ display: "grid", gap: 12 }}>
          <h2 id="stats-window-title" style={sectionTitle}>
            {t("stats.windows")}
          </h2>
          <SegmentedControl
            label={t("stats.period")}
            hideLabel
            options={[
              { value: "today", label: t("stats.window.today") },
              { value: "threeDays", label: t("stats.window.threeDays") },
              { value: "sevenDays", label: t("stats.window.sevenDays") },
            ]}
            value={period}
            onValueChange={setPeriod}
          />
          <div style={grid}>
            <StatCard
              label={t("stats.disbursedAmount")}
              value={money(disbursed)}
              loading={loading}
            />
            <StatCard
              label={t("stats.repaidAmount")}
              value={money(repaid)}
              tone="success"
              loading={loading}
            />
            <StatCard
              label={t("stats.overdueAmount")}
              value={money(overdue)}
              tone="danger"
              loading={loading}
            />
            <StatCard label={t("stats.dueTodayAmount")} value={money(due)} loading={loading} />
          </div>
        </section>
        <section aria-labelledby="stats-history-title" style={{ display: "grid", gap: 12 }}>
          <h2 id="stats-history-title" style={sectionTitle}>
            {t("stats.history")}
          </h2>
          <div style={grid}>
            <StatCard
              label={t("stats.signedCount")}
              value={t("stats.count", { count: 128 })}
              caption={`${t("stats.split.single")} 96 · ${t("stats.split.instalment")} 32`}
              loading={loading}
            />
            <StatCard
              label={t("stats.repaidCount")}
              value={t("stats.count", { count: 104 })}
              tone="success"
              loading={loading}
            />
            <StatCard
              label={t("stats.overdueCount")}
              value={t("stats.count", { count: 6 })}
              tone="danger"
              loading={loading}
            />
            <StatCard
              label={t("stats.outstanding")}
              value={money(market.currency === "KRW" ? 18_400_000 : 552_000)}
              caption={t("stats.inProgressCount", { count: 18 })}
              loading={loading}
            />
          </div>
        </section>
      </div>
      <TabBar items={tabs} selectedKey="me" placement="fixed" label={t("home.title")} />
    </Screen>
  );
}

const meta = {
  title: "Screens/Dashboard",
  component: DashboardScreen,
  parameters: {
    docs: {
      description: {
        component:
          "The lender's statistics: a window of days to compare money lent, repaid, overdue and due, and the counts since the start. Composed from PageHeader, SegmentedControl, StatCard, MoneyText and TabBar; `loading` shows every figure's skeleton.",
      },
    },
  },
} satisfies Meta<typeof DashboardScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Korean: Story = {
  globals: { locale: "ko-KR" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole("heading", { level: 1, name: translate("stats.title", "ko-KR") }),
    ).toBeVisible();
  },
};
export const TraditionalChinese: Story = { globals: { locale: "zh-TW" } };
export const LoadingKorean: Story = { globals: { locale: "ko-KR" }, args: { loading: true } };
export const LoadingTraditionalChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { loading: true },
};
