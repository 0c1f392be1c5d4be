import type { Meta, StoryObj } from "@storybook/react-vite";
import { NetworkNotice } from "./network-notice";

const meta = {
  title: "Feedback/NetworkNotice",
  component: NetworkNotice,
  args: { visible: true },
} satisfies Meta<typeof NetworkNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visible: Story = {};
export const Hidden: Story = { args: { visible: false } };
export const Chinese: Story = { globals: { locale: "zh-TW" } };
