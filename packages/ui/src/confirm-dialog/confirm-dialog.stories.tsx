import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { ConfirmDialog } from "./confirm-dialog";

const meta = {
  title: "Feedback/ConfirmDialog",
  parameters: componentDocs({
    summary:
      "A question with confirm and cancel, for actions that cannot be undone (delete, log out). Escape and the cancel button cancel; focus starts on cancel.",
    do: [
      "Ask the question in the title ('Delete this contract?') and name the consequence in `message`.",
      "Use `destructive` for deleting or ending something, and `confirming` while it runs.",
    ],
    dont: [
      "Don't use it for information with a single answer: that is Modal.",
      "Don't chain dialogs; one decision at a time.",
    ],
  }),
  component: ConfirmDialog,
  args: {
    open: true,
    title: "계약을 삭제하시겠습니까?",
    onConfirm: fn(),
    onCancel: fn(),
    destructive: true,
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const DeleteContract: Story = {
  args: { message: "삭제한 계약은 목록에 표시되지 않으며 차입자가 서명할 수 없습니다." },
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole("alertdialog", {
      name: "계약을 삭제하시겠습니까?",
    });
    const cancel = within(dialog).getByRole("button", { name: "취소" });
    // Focus starts on cancel, so a stray Enter never deletes.
    await expect(cancel).toHaveFocus();
    await userEvent.click(cancel);
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole("button", { name: "확인" }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    // Escape makes the browser fire "cancel" on the dialog (scripted keys are untrusted).
    dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    await expect(args.onCancel).toHaveBeenCalledTimes(2);
  },
};
export const Logout: Story = { args: { title: "로그아웃하시겠습니까?", destructive: false } };
export const GiveUpVerification: Story = {
  args: {
    title: "인증이 거의 완료되었습니다. 로그아웃하시겠습니까?",
    confirmLabel: "포기하고 로그아웃",
    cancelLabel: "인증 계속하기",
    destructive: false,
  },
};
export const Confirming: Story = { args: { confirming: true } };
export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  args: {
    title: "確定要刪除此合約嗎？",
    message: "刪除後合約將不再顯示於列表中，借款人也無法再簽署。",
  },
};
