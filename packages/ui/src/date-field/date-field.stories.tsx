import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { componentDocs } from "../story-fixtures/docs";
import { DateField, type DateFieldProps } from "./date-field";

function Controlled(props: Omit<DateFieldProps, "value" | "onValueChange"> & { initial?: string }) {
  const { initial = "", ...rest } = props;
  const [value, setValue] = useState(initial);
  return <DateField {...rest} value={value} onValueChange={setValue} />;
}

const meta = {
  title: "Basics/DateField",
  parameters: componentDocs({
    summary:
      "A calendar date (`YYYY-MM-DD`) with the phone's native date picker, label, hint and error.",
    do: [
      "Give `min` / `max` when the rules bound the date (not before the loan date, not in the future).",
      "Say in the error what date is allowed.",
    ],
    dont: [
      "Don't use free text for dates.",
      "Don't rely on the picker's limits alone: validate and explain.",
    ],
  }),
  component: Controlled,
  args: { label: "상환일" },
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithDate: Story = { args: { initial: "2025-04-30", min: "2025-03-01" } };
export const ErrorState: Story = {
  args: { error: "올바른 상환일을 선택하세요", initial: "2020-01-01" },
};
export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  args: { label: "還款日期", hint: "請選擇還款日期" },
};
