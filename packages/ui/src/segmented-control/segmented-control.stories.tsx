import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { SegmentedControl, type SegmentedControlProps } from "./segmented-control";

function Controlled(
  props: Omit<SegmentedControlProps, "value" | "onValueChange"> & { initial: string },
) {
  const { initial, ...rest } = props;
  const [value, setValue] = useState(initial);
  return <SegmentedControl {...rest} value={value} onValueChange={setValue} />;
}

const meta = {
  title: "Basics/SegmentedControl",
  parameters: componentDocs({
    summary: "A short choice of two to four options shown all at once (a filter, a contract type).",
    do: [
      "Give it a `label` even when hidden (`hideLabel`), so screen readers name the group.",
      "Keep option labels to one or two words.",
    ],
    dont: [
      "Don't use it for more than four options: use Select.",
      "Don't use it for actions; each option is a state.",
    ],
  }),
  component: Controlled,
  args: {
    label: "계약 유형",
    initial: "all",
    options: [
      { value: "all", label: "전체" },
      { value: "single", label: "일시 상환" },
      { value: "instalment", label: "분할 상환" },
    ],
  },
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ContractType: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText("분할 상환"));
    await expect(canvas.getByRole("radio", { name: "분할 상환" })).toBeChecked();
  },
};
export const HiddenLabel: Story = { args: { hideLabel: true } };
export const WithDisabled: Story = {
  args: {
    label: "상환 간격",
    initial: "monthly",
    options: [
      { value: "weekly", label: "매주" },
      { value: "fortnightly", label: "2주마다" },
      { value: "monthly", label: "매월" },
      { value: "daily", label: "매일", disabled: true },
    ],
  },
};
export const LongChinese: Story = {
  globals: { locale: "zh-TW" },
  args: {
    label: "合約類型",
    initial: "all",
    options: [
      { value: "all", label: "全部" },
      { value: "single", label: "單期一次性還款" },
      { value: "instalment", label: "分期還款（每月）" },
    ],
  },
};
