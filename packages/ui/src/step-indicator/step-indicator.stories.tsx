import type { Meta, StoryObj } from "@storybook/react-vite";
import { StepIndicator } from "./step-indicator";

const meta = {
  title: "Navigation/StepIndicator",
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
