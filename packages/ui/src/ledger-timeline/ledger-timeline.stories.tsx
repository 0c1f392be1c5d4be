import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { ledgerFixture } from "../story-fixtures/money";
import { LedgerTimeline } from "./ledger-timeline";

const meta = {
  title: "Money/LedgerTimeline",
  parameters: componentDocs({
    summary:
      "The contract's money history (repayments, waivers, renewals, reversals), newest first, with who, when and why; 'reverse' only where it applies.",
    do: [
      "Pass `timeZone` (the lender's) so times read as the lender's day.",
      "Pass `onReverse` only for people allowed to reverse entries.",
    ],
    dont: [
      "Don't delete entries: a mistake is reversed, and both stay visible.",
      "Don't sort it yourself; it shows newest first.",
    ],
  }),
  component: LedgerTimeline,
  args: { entries: ledgerFixture, currency: "KRW", timeZone: "Asia/Seoul" },
} satisfies Meta<typeof LedgerTimeline>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The lender's view: every entry not yet reversed can be reversed. */
export const Lender: Story = {
  args: { onReverse: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("취소됨")).toBeVisible();
    await expect(canvas.getByText("취소한 기록: 상환 ₩150,000")).toBeVisible();
    // Repayments, the waiver and the renewal can be reversed; the reversal and the reversed one not.
    const reverse = canvas.getAllByRole("button", { name: "이 기록 취소" });
    await expect(reverse).toHaveLength(4);
    await userEvent.click(reverse[0] as HTMLElement);
    await expect(args.onReverse).toHaveBeenCalledWith(expect.objectContaining({ id: "e6" }));
  },
};
/** The borrower's view: the same timeline, read-only. */
export const Borrower: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryAllByRole("button")).toHaveLength(0);
  },
};
export const OneRepayment: Story = { args: { entries: ledgerFixture.slice(0, 1) } };
export const TaiwanChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { currency: "TWD", locale: "zh-TW", timeZone: "Asia/Taipei", onReverse: fn() },
};
