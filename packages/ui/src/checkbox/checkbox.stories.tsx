import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { componentDocs } from "../story-fixtures/docs";
import { Checkbox, type CheckboxProps } from "./checkbox";

function Controlled(
  props: Omit<CheckboxProps, "checked" | "onCheckedChange"> & { initial?: boolean },
) {
  const { initial = false, ...rest } = props;
  const [checked, setChecked] = useState(initial);
  return <Checkbox {...rest} checked={checked} onCheckedChange={setChecked} />;
}

const meta = {
  title: "Basics/Checkbox",
  parameters: componentDocs({
    summary: "A single yes/no with its label (consents such as 'I have read the contract').",
    do: [
      "Keep the label a full sentence the person agrees to; put details in `description`.",
      "Show `error` when a required consent is missing after submit.",
    ],
    dont: [
      "Don't pre-tick consents.",
      "Don't use it for choosing one of several options: use SegmentedControl or Select.",
    ],
  }),
  component: Controlled,
  args: { label: "분할 상환" },
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {};
export const Checked: Story = { args: { initial: true } };
export const WithDescription: Story = {
  args: {
    label: "공동 채무 조회에 동의합니다",
    description:
      "다른 대출자가 집계된 채무 정보(건수, 금액)만 조회할 수 있으며 대출자 신원은 공개되지 않습니다.",
  },
};
export const ErrorState: Story = {
  args: { label: "약관에 동의합니다", error: "동의가 필요합니다" },
};
export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  args: { label: "我同意共債查詢，僅提供彙總資料，不會揭露出借人身分" },
};
