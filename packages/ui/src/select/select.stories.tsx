import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { componentDocs } from "../story-fixtures/docs";
import { Select, type SelectProps } from "./select";

const relations = [
  { value: "parents", label: "부모" },
  { value: "spouse", label: "배우자" },
  { value: "siblings", label: "형제자매" },
  { value: "colleague", label: "동료" },
  { value: "friend", label: "친구/동창" },
];

function Controlled(props: Omit<SelectProps, "value" | "onValueChange"> & { initial?: string }) {
  const { initial = "", ...rest } = props;
  const [value, setValue] = useState(initial);
  return <Select {...rest} value={value} onValueChange={setValue} />;
}

const meta = {
  title: "Basics/Select",
  parameters: componentDocs({
    summary: "One choice from a list, with the phone's native picker, label, hint and error.",
    do: [
      "Use a `placeholder` ('please select') when no default is right.",
      "Keep options sorted in the way people look for them.",
    ],
    dont: [
      "Don't use it for two or three options that fit on screen: use SegmentedControl.",
      "Don't use it for free input.",
    ],
  }),
  component: Controlled,
  args: { label: "관계", options: relations, placeholder: "선택해 주세요" },
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Chosen: Story = { args: { initial: "spouse" } };
export const ErrorState: Story = {
  args: { error: "연락처 1의 관계를 선택하세요", required: true },
};
export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  args: {
    label: "關係",
    placeholder: "請選擇",
    options: [
      { value: "parents", label: "父母" },
      { value: "spouse", label: "配偶" },
      { value: "siblings", label: "兄弟姊妹" },
      { value: "colleague", label: "同事" },
      { value: "friend", label: "朋友/同學" },
    ],
  },
};
