import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { MoneyField, type MoneyFieldProps } from "./money-field";

function Controlled(
  props: Omit<MoneyFieldProps, "value" | "onValueChange"> & { initial?: number | null },
) {
  const { initial = null, ...rest } = props;
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <MoneyField {...rest} value={value} onValueChange={setValue} />
      <p data-testid="money-value">{value === null ? "—" : String(value)}</p>
    </>
  );
}

const meta = {
  title: "Basics/MoneyField",
  parameters: componentDocs({
    summary:
      "An amount in whole won or NT dollars, with thousands separators as you type and the unit after it; the value is an integer or null, never a float.",
    do: [
      "Pass the currency's `unit` and the `locale` of the separators.",
      "Set `max` to the largest amount the rules allow.",
    ],
    dont: [
      "Don't store the formatted text; store `value`.",
      "Don't allow decimals for KRW or TWD.",
    ],
  }),
  component: Controlled,
  args: { label: "대출 금액", unit: "원", placeholder: "0" },
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithAmount: Story = { args: { initial: 3000000 } };
export const Typing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText("대출 금액");
    await userEvent.type(input, "1500000");
    await expect(input).toHaveValue("1,500,000");
    await expect(canvas.getByTestId("money-value")).toHaveTextContent("1500000");
  },
};
export const ErrorState: Story = { args: { required: true, error: "대출 금액을 입력하세요" } };
export const TaiwanDollars: Story = {
  globals: { locale: "zh-TW" },
  args: { label: "借款金額", unit: "元", locale: "zh-TW", initial: 50000, max: 10_000_000 },
};
