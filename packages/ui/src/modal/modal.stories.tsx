import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { Modal } from "./modal";

const meta = {
  title: "Feedback/Modal",
  parameters: componentDocs({
    summary:
      "The 'friendly tip' message with one confirm button (spec): information the person must acknowledge. Escape confirms.",
    do: [
      "Keep the message short and say what happens next.",
      "Use it for notices that interrupt, such as a blocked action.",
    ],
    dont: [
      "Don't use it for a choice: that is ConfirmDialog.",
      "Don't use it for success messages: use a Toast.",
    ],
  }),
  component: Modal,
  args: { open: true, onConfirm: fn(), children: "데이터 오류입니다. 다시 로그인해 주세요." },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FriendlyTip: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const dialog = canvas.getByRole("alertdialog", { name: "알림" });
    await waitFor(() => expect(dialog).toBeVisible());
    // One button, no cancel; focus starts on it.
    const buttons = within(dialog).getAllByRole("button");
    await expect(buttons).toHaveLength(1);
    await expect(buttons[0]).toHaveFocus();
    // Escape makes the browser fire "cancel" on the dialog; scripted keys are untrusted and do
    // not, so the play function fires the event itself.
    dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(buttons[0] as HTMLElement);
    await expect(args.onConfirm).toHaveBeenCalledTimes(2);
  },
};
export const HttpError: Story = {
  args: {
    children: "서버가 응답하지 않습니다 (HTTP 502). 잠시 후 다시 시도해 주세요.",
  },
};
export const LongKorean: Story = {
  args: {
    children:
      "대출 계약의 실효 연이율이 법정 최고 이율을 초과합니다. 실효 연이율 23.5%, 한국 법정 최고 이율 20%입니다. 금액, 수수료 또는 상환 일정을 조정한 후 다시 시도해 주세요.",
  },
};
export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  args: { children: "資料錯誤，請重新登入。若問題持續發生，請聯繫客服中心並提供您的手機號碼。" },
};
export const Closed: Story = { args: { open: false } };
