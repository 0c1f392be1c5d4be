import type { Meta, StoryObj } from "@storybook/react-vite";
import { componentDocs } from "../story-fixtures/docs";
import { MoneyText } from "./money-text";

const meta = {
  title: "Basics/MoneyText",
  parameters: componentDocs({
    summary: "An amount formatted for reading: currency sign, separators, optional sign for gains.",
    do: [
      "Use it for every amount shown, so every screen formats alike.",
      'Use `signed` for profit and repayments, and `display="code"` where $ could be read as US dollars.',
    ],
    dont: [
      "Don't format amounts by hand in screens.",
      "Don't colour amounts by sign alone; say what they are in the label.",
    ],
  }),
  component: MoneyText,
  args: { amount: 3000000, currency: "KRW" },
} satisfies Meta<typeof MoneyText>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Won: Story = {};
export const TaiwanDollars: Story = { args: { amount: 45000, currency: "TWD" } };
export const Signed: Story = { args: { amount: 120000, signed: true } };
export const Negative: Story = { args: { amount: -250000 } };
export const CurrencyCode: Story = { args: { amount: 1000, currency: "TWD", display: "code" } };
export const Zero: Story = { args: { amount: 0 } };
