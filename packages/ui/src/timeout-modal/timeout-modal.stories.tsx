import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { TimeoutModal } from "./timeout-modal";

const meta = {
  title: "Feedback/TimeoutModal",
  parameters: componentDocs({
    summary:
      "The 'network request timed out' dialog (docs/errors.md#modals-and-notices) with one OK.",
    do: ["Keep what the person entered; OK returns to the screen to retry."],
    dont: [
      "Don't show it for slow requests still running: that is NetworkNotice.",
      "Don't show it after an error state already explains the failure.",
    ],
  }),
  component: TimeoutModal,
  args: { open: true, onConfirm: fn() },
} satisfies Meta<typeof TimeoutModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Korean: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement).getByRole("alertdialog", {
      name: "네트워크 요청 시간 초과",
    });
    // The dialog fades in: wait until it is fully shown.
    await waitFor(() =>
      expect(within(dialog).getByText("네트워크 환경을 확인한 후 다시 시도하세요.")).toBeVisible(),
    );
    await expect(
      within(dialog)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["확인"]);
  },
};
export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement).getByRole("alertdialog", { name: "網絡請求超時" });
    await waitFor(() => expect(within(dialog).getByText("請檢查網絡環境後重試")).toBeVisible());
    await expect(within(dialog).getByRole("button", { name: "確認" })).toBeVisible();
  },
};
