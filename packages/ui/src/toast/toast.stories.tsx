import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button/button";
import { componentDocs } from "../story-fixtures/docs";
import { Toast, ToastProvider, useToast } from "./toast";

function Trigger({ message }: { message: string }) {
  const toast = useToast();
  return <Button onClick={() => toast.show(message)}>복사</Button>;
}

const meta = {
  title: "Feedback/Toast",
  parameters: componentDocs({
    summary:
      "A short confirmation (1500 ms) after a success such as 'copied' or 'saved', above every layer.",
    do: ["Use `useToast().show` from inside ToastProvider.", "Keep it to a few words."],
    dont: [
      "Don't use it for errors that need an action: show them where they happened.",
      "Don't repeat in a toast what a banner already says.",
    ],
  }),
  component: Toast,
  args: { message: "已復製" },
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};
export const ErrorTone: Story = {
  args: { tone: "error", message: "이미지가 너무 큽니다. 다시 업로드해 주세요." },
};
export const Info: Story = {
  args: { tone: "info", message: "제출 중입니다. 잠시 기다려 주세요." },
};
export const LongChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { message: "合約已簽署成功，恭喜您！您可以在首頁查看合約內容與還款計畫。" },
};
export const WithProvider: Story = {
  render: (args) => (
    <ToastProvider>
      <Trigger message={String(args.message)} />
    </ToastProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "복사" }));
    await expect(canvas.getByRole("status")).toHaveTextContent("已復製");
    // Gone after the spec's 1500 ms.
    await waitFor(() => expect(canvas.getByRole("status")).toHaveTextContent(""), {
      timeout: 2500,
    });
  },
};
