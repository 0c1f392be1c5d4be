import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { instalmentsFixture } from "../story-fixtures/money";
import { InstalmentBalances } from "./instalment-balances";

const meta = {
  title: "Money/InstalmentBalances",
  parameters: componentDocs({
    summary:
      "Each instalment's money after signing: due date (and renewal), amount, repaid, waived, overdue interest apart from principal, outstanding, and paid in full / closed after a waiver / N days overdue.",
    do: [
      "Pass the server's figures as they are; the component formats them.",
      "Use the lender's `locale` for the amounts.",
    ],
    dont: [
      "Don't recompute balances in the UI.",
      "Don't hide the overdue interest inside the principal.",
    ],
  }),
  component: InstalmentBalances,
  args: { instalments: instalmentsFixture, currency: "KRW" },
} satisfies Meta<typeof InstalmentBalances>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed with a waiver, overdue with interest apart from principal, and renewed. */
export const Mixed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("감면 후 종결")).toBeVisible();
    await expect(canvas.getByText("9일 연체")).toBeVisible();
    await expect(canvas.getByText("상환액 ₩240,000 + 연체 이자 ₩1,183")).toBeVisible();
    await expect(canvas.getByText("기한 연장됨 · 원래 상환일 2026. 06. 02.")).toBeVisible();
  },
};
/** Repaid in full, nothing waived: 완납 (a waived remainder reads 감면 후 종결 instead). */
export const PaidInFull: Story = {
  args: {
    instalments: instalmentsFixture.slice(0, 1).map((instalment) => ({
      ...instalment,
      repaid: instalment.amount,
      waived: 0,
    })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("완납")).toBeVisible();
    await expect(canvas.queryByText("감면 후 종결")).toBeNull();
  },
};
export const NothingPaidYet: Story = {
  args: {
    instalments: instalmentsFixture.map((instalment) => ({
      ...instalment,
      dueDate: instalment.originalDueDate,
      renewed: false,
      repaid: 0,
      waived: 0,
      outstanding: instalment.amount,
      principalOutstanding: instalment.amount,
      interestOutstanding: 0,
      overdueInterest: 0,
      daysOverdue: 0,
    })),
  },
};
export const SinglePaymentOverdue: Story = {
  args: {
    instalments: [
      {
        ...instalmentsFixture[1],
        index: 1,
        amount: 12_345_678_900,
        outstanding: 12_400_000_000,
        principalOutstanding: 12_345_678_900,
        interestOutstanding: 54_321_100,
        overdueInterest: 54_321_100,
        daysOverdue: 365,
      } as (typeof instalmentsFixture)[number],
    ],
  },
};
export const TaiwanChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { currency: "TWD", locale: "zh-TW" },
};
