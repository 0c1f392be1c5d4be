// Storybook only: static data and helpers for the "Screens" stories, which compose whole app
// screens from the kit alone (no SDK, no requests). Texts come from the app's catalogs by id
// (the toolbar's locale, or the story's `globals.locale`); the data below is what a lender or a
// borrower would have typed, in the language of each market.
import { formatCalendarDate, type Locale } from "@chayong/i18n";
import { useLingui } from "@lingui/react";
import type { CSSProperties, ReactNode } from "react";
import type { ContractCardData } from "../contract-card/contract-card";
import type { TabBarItem } from "../tab-bar/tab-bar";

/** Translates a catalog id with the story's active locale. */
export function useScreenText(): {
  t: (id: string, values?: Record<string, unknown>) => string;
  locale: Locale;
} {
  const { i18n } = useLingui();
  return {
    t: (id, values) => i18n._(id, values),
    locale: i18n.locale === "zh-TW" ? "zh-TW" : "ko-KR",
  };
}

export interface MarketFixture {
  currency: "KRW" | "TWD";
  /** The unit after an amount in a money field. */
  unit: string;
  lender: string;
  merchant: string;
  borrower: string;
  borrowerPhone: string;
  maskedPhone: string;
  contracts: ContractCardData[];
  /** Verification: what the ID card's recognition filled in. */
  idNumber: string;
  address: string;
  /** A day in the story's world ("today"). */
  today: string;
}

export const markets: Record<Locale, MarketFixture> = {
  "ko-KR": {
    currency: "KRW",
    unit: "원",
    lender: "박지훈",
    merchant: "지훈상사",
    borrower: "김민수",
    borrowerPhone: "010-1234-5678",
    maskedPhone: "010-****-5678",
    idNumber: "900101-1******",
    address: "서울특별시 강남구 테헤란로 123, 4층",
    today: "2026-04-20",
    contracts: [
      {
        name: "김민수 개인 대출",
        counterpartyName: "김민수",
        borrowerPhone: "010-****-5678",
        loanAmount: 3_000_000,
        currency: "KRW",
        loanDate: "2026-03-02",
        repaymentDate: "2026-04-02",
        status: "type6",
        instalmentCount: 3,
        outstandingAmount: 2_041_183,
      },
      {
        name: "이서연 운영자금",
        counterpartyName: "이서연",
        borrowerPhone: "010-****-2211",
        loanAmount: 1_500_000,
        currency: "KRW",
        loanDate: "2026-04-18",
        repaymentDate: "2026-05-18",
        status: "type1",
      },
      {
        name: "최도윤 단기 대출",
        counterpartyName: "최도윤",
        borrowerPhone: "010-****-9087",
        loanAmount: 800_000,
        currency: "KRW",
        loanDate: "2026-01-10",
        repaymentDate: "2026-02-10",
        status: "type2",
        outstandingAmount: 0,
      },
    ],
  },
  "zh-TW": {
    currency: "TWD",
    unit: "元",
    lender: "林志明",
    merchant: "志明商行",
    borrower: "陳小明",
    borrowerPhone: "0912-345-678",
    maskedPhone: "0912-***-678",
    idNumber: "A12345****",
    address: "臺北市信義區松仁路 100 號 5 樓",
    today: "2026-04-20",
    contracts: [
      {
        name: "陳小明 個人週轉",
        counterpartyName: "陳小明",
        borrowerPhone: "0912-***-678",
        loanAmount: 90_000,
        currency: "TWD",
        loanDate: "2026-03-02",
        repaymentDate: "2026-04-02",
        status: "type6",
        instalmentCount: 3,
        outstandingAmount: 61_240,
      },
      {
        name: "王美玲 店面週轉金",
        counterpartyName: "王美玲",
        borrowerPhone: "0933-***-211",
        loanAmount: 45_000,
        currency: "TWD",
        loanDate: "2026-04-18",
        repaymentDate: "2026-05-18",
        status: "type1",
      },
      {
        name: "張家豪 短期借款",
        counterpartyName: "張家豪",
        borrowerPhone: "0988-***-087",
        loanAmount: 24_000,
        currency: "TWD",
        loanDate: "2026-01-10",
        repaymentDate: "2026-02-10",
        status: "type2",
        outstandingAmount: 0,
      },
    ],
  },
};

/** The loan every signing and creation screen shows: 3 monthly instalments. */
export function loanTerms(market: MarketFixture) {
  const won = market.currency === "KRW";
  return {
    loanAmount: won ? 3_000_000 : 90_000,
    disbursedAmount: won ? 2_850_000 : 85_500,
    instalmentAmount: won ? 1_040_000 : 31_200,
    instalments: [
      { number: 1, dueDate: "2026-05-20" },
      { number: 2, dueDate: "2026-06-20" },
      { number: 3, dueDate: "2026-07-20" },
    ],
    totalRepayable: won ? 3_120_000 : 93_600,
    effectiveAnnualRatePercent: won ? "18.9" : "16.8",
    overdueRatePercent: won ? "20" : "16",
  };
}

/** Formats an integer amount as the app does (currency sign, thousands separators). */
export function formatMoney(amount: number, market: MarketFixture, locale: Locale): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: market.currency,
    maximumFractionDigits: 0,
  }).format(amount);
}

/** A calendar date `YYYY-MM-DD` as the app writes it (@chayong/i18n's formatter). */
export function formatDate(date: string, locale: Locale): string {
  return formatCalendarDate(date, locale);
}

export function OrderIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M9 8h6M9 12h6M9 16h4" strokeLinecap="round" />
    </svg>
  );
}

export function MeIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
    </svg>
  );
}

export function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M12 5v14M5 12h14" strokeLinecap="round" />
    </svg>
  );
}

/** The lender's bottom navigation, as the app passes it. */
export function useLenderTabs(): TabBarItem<"order" | "me">[] {
  const { t } = useScreenText();
  return [
    { key: "order", label: t("tab.orderList"), icon: <OrderIcon /> },
    { key: "me", label: t("tab.me"), icon: <MeIcon /> },
  ];
}

const screenStyle: CSSProperties = {
  // The preview pads every story by 16 px; a screen is edge to edge like the phone's page.
  margin: "calc(-1 * var(--cy-space-4))",
  minHeight: "100vh",
  background: "var(--cy-color-surface-muted)",
};

/** A phone page: edge to edge, with room at the bottom for a fixed tab bar or action bar. */
export function Screen({
  children,
  bottomSpace = false,
}: {
  children: ReactNode;
  bottomSpace?: boolean;
}) {
  return (
    <div
      style={{
        ...screenStyle,
        paddingBlockEnd: bottomSpace
          ? "calc(var(--cy-tab-bar-height) + var(--cy-safe-bottom) + var(--cy-space-4))"
          : undefined,
      }}
    >
      {children}
    </div>
  );
}

export const pageBody: CSSProperties = {
  padding: "var(--cy-space-4)",
  display: "grid",
  gap: "var(--cy-space-4)",
};

export const panel: CSSProperties = {
  background: "var(--cy-color-surface)",
  borderRadius: "var(--cy-radius-lg)",
  boxShadow: "var(--cy-shadow-card)",
  padding: "var(--cy-space-4)",
  display: "grid",
  gap: "var(--cy-space-3)",
};

export const sectionTitle: CSSProperties = {
  fontSize: "var(--cy-font-size-lg)",
  margin: 0,
};

export const note: CSSProperties = {
  margin: 0,
  color: "var(--cy-color-ink-subtle)",
  fontSize: "var(--cy-font-size-sm)",
};

/** A term list row: label left, value right. */
export function Terms({ rows }: { rows: ReadonlyArray<[ReactNode, ReactNode]> }) {
  return (
    <dl style={{ margin: 0, display: "grid", gap: "var(--cy-space-2)" }}>
      {rows.map(([label, value], index) => (
        <div
          // The rows are a fixed list that never reorders.
          // biome-ignore lint/suspicious/noArrayIndexKey: static rows
          key={index}
          style={{ display: "flex", justifyContent: "space-between", gap: "var(--cy-space-3)" }}
        >
          <dt style={{ color: "var(--cy-color-ink-muted)" }}>{label}</dt>
          <dd style={{ margin: 0, fontWeight: 600, textAlign: "end" }}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
