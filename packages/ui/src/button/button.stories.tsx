import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { Button } from "./button";

const meta = {
  title: "Basics/Button",
  parameters: componentDocs({
    summary:
      'Every tappable action. `variant` sets its weight, `size="lg"` + `block` make the main action at the bottom of a form, `loading` keeps it focused while the work runs.',
    do: [
      "One `primary` button per screen: the step the person came to do.",
      "Use `danger` for actions that delete or end something, and confirm them with ConfirmDialog.",
      "Use `loading` while a request runs, so a second tap cannot submit twice.",
      "Write labels as verbs from the catalog (계약 만들기 / 建立合約).",
    ],
    dont: [
      "Don't disable a submit button to hide validation: let the press show the field errors.",
      "Don't put two primary buttons side by side; the second one is `secondary` or `ghost`.",
      "Don't use an icon-only Button without an `aria-label`.",
    ],
  }),
  component: Button,
  args: { children: "계약 생성", onClick: fn() },
  argTypes: {
    variant: { control: "inline-radio", options: ["primary", "secondary", "ghost", "danger"] },
    size: { control: "inline-radio", options: ["md", "lg"] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "계약 생성" }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
export const Secondary: Story = { args: { variant: "secondary", children: "다시 서명" } };
export const Ghost: Story = { args: { variant: "ghost", children: "취소" } };
export const Danger: Story = { args: { variant: "danger", children: "계약 삭제" } };
export const LargeBlock: Story = { args: { size: "lg", block: true, children: "서명 확인" } };
export const Loading: Story = {
  args: { loading: true, block: true, size: "lg", children: "제출 중입니다. 잠시 기다려 주세요" },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button"));
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};
export const Disabled: Story = { args: { disabled: true, children: "인증 코드 전송" } };
export const LongKorean: Story = {
  args: {
    block: true,
    children: "인증이 거의 완료되었습니다. 계속 인증을 진행하시겠습니까? 포기하고 로그아웃",
  },
};
export const LongChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { block: true, children: "驗證即將完成，是否放棄驗證並登出？請確認您的網絡環境後重試" },
};
