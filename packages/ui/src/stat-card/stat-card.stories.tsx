import type { Meta, StoryObj } from "@storybook/react-vite";
import { MoneyText } from "../money-text/money-text";
import { componentDocs } from "../story-fixtures/docs";
import { StatCard } from "./stat-card";

const meta = {
  title: "Basics/StatCard",
  parameters: componentDocs({
    summary:
      "One figure of the dashboard: label, value (a number or MoneyText), caption, tone; a skeleton while loading.",
    do: [
      "Use `loading` for skeletons instead of a 'loading' line.",
      "Use `tone` only for overdue (danger) and repaid (success) figures.",
    ],
    dont: [
      "Don't show zero while the figure is still loading.",
      "Don't put sentences in the value.",
    ],
  }),
  component: StatCard,
  args: { label: "오늘 지급액", value: <MoneyText amount={12500000} currency="KRW" /> },
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Amount: Story = {};
export const Count: Story = {
  args: { label: "서명된 계약", value: "128", caption: "일시 96 · 분할 32" },
};
export const Overdue: Story = {
  args: {
    label: "연체 금액",
    tone: "danger",
    value: <MoneyText amount={3400000} currency="KRW" />,
  },
};
export const Repaid: Story = {
  args: {
    label: "상환 금액",
    tone: "success",
    value: <MoneyText amount={8800000} currency="KRW" />,
    caption: "최근 7일",
  },
};
export const Loading: Story = { args: { loading: true } };
export const Grid: Story = {
  render: () => (
    <div style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 12 }}>
      <StatCard label="서명" value="12" />
      <StatCard label="상환 완료" value="8" tone="success" />
      <StatCard label="연체" value="2" tone="danger" />
      <StatCard label="오늘 만기" value="1" />
    </div>
  ),
};
export const LongChinese: Story = {
  globals: { locale: "zh-TW" },
  args: {
    label: "今日到期應還金額（單期與分期合計）",
    value: <MoneyText amount={1234567} currency="TWD" />,
    caption: "單期 1,000,000 · 分期 234,567",
  },
};
