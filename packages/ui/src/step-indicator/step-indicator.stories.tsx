import type { Meta, StoryObj } from "@storybook/react-vite";
import { componentDocs } from "../story-fixtures/docs";
import { StepIndicator } from "./step-indicator";

const meta = {
  title: "Navigation/StepIndicator",
  parameters: componentDocs({
    summary: "Where the person is in the verification flow (1 face check, 2 ID card).",
    do: ["Put it under the page header of each step.", "Give it a `label` that names the flow."],
    dont: [
      "Don't use it for more than four steps.",
      "Don't make steps look tappable; it is not navigation.",
    ],
  }),
  component: StepIndicator,
  args: { current: 0, label: "본인 인증 단계" },
} satisfies Meta<typeof StepIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FaceCheck: Story = {};
export const IdCard: Story = { args: { current: 1 } };
export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  args: { current: 1, label: "身分驗證步驟" },
};
export const CustomSteps: Story = {
  args: { current: 2, steps: ["얼굴 인증", "신분증 인증", "개인 정보", "긴급 연락처"] },
};
