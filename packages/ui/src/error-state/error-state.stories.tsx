import type { Meta, StoryObj } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { ErrorState } from "./error-state";

const meta = {
  title: "Basics/ErrorState",
  parameters: componentDocs({
    summary:
      "What a list or page shows when loading failed (time-out, no connection, server error): what went wrong, what to do, and a retry.",
    do: [
      "Say what happened and what the person can do; offer `onRetry` and show `retrying` while it runs.",
      "Keep what was already on screen when only a refresh failed.",
    ],
    dont: [
      "Don't show the empty state for a failed load: 'no contracts' is not the same as 'could not load'.",
      "Don't show raw error codes or English server text.",
    ],
  }),
  component: ErrorState,
  args: {
    title: "네트워크 요청 시간이 초과되었습니다",
    description: "네트워크 환경을 확인한 후 다시 시도하세요.",
    retryLabel: "다시 시도",
    onRetry: fn(),
  },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TimedOut: Story = {};
export const Retrying: Story = { args: { retrying: true } };
export const WithoutRetry: Story = { args: { onRetry: undefined, description: undefined } };
export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  args: {
    title: "網絡請求超時",
    description: "請檢查網絡環境後重試",
    retryLabel: "重試",
  },
};
