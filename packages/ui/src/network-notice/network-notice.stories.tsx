import type { Meta, StoryObj } from "@storybook/react-vite";
import { componentDocs } from "../story-fixtures/docs";
import { NetworkNotice } from "./network-notice";

const meta = {
  title: "Feedback/NetworkNotice",
  parameters: componentDocs({
    summary:
      "The 'network is poor, please wait' notice (docs/errors.md#modals-and-notices), shown while a request is still pending after a few seconds.",
    do: [
      "Turn it on from the app's request layer, not per screen.",
      "Keep the current screen usable behind it.",
    ],
    dont: [
      "Don't use it for failures: a failed request shows an error state or the timeout modal.",
      "Don't stack several notices.",
    ],
  }),
  component: NetworkNotice,
  args: { visible: true },
} satisfies Meta<typeof NetworkNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visible: Story = {};
export const Hidden: Story = { args: { visible: false } };
export const Chinese: Story = { globals: { locale: "zh-TW" } };

/** No connection (the app shows it when the phone is offline or a request cannot get out). */
export const Offline: Story = {
  args: {
    kind: "offline",
    message: "인터넷에 연결되어 있지 않습니다",
  },
};
export const OfflineChinese: Story = {
  args: { kind: "offline", message: "目前沒有網路連線" },
  globals: { locale: "zh-TW" },
};
