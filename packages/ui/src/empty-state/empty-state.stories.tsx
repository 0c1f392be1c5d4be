import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "../button/button";
import { componentDocs } from "../story-fixtures/docs";
import { EmptyState } from "./empty-state";

const meta = {
  title: "Basics/EmptyState",
  parameters: componentDocs({
    summary: "What a list or page shows when there is truly nothing yet, with a next step.",
    do: [
      "Say what is missing in the title and offer the next step in `action` (e.g. create a contract).",
      "Use it only when the data loaded and is empty.",
    ],
    dont: [
      "Don't show it for a failed load: that is an error state with retry.",
      "Don't show it while loading: use skeletons.",
    ],
  }),
  component: EmptyState,
  args: { title: "관련 계약 정보가 없습니다" },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoContracts: Story = {};
export const WithAction: Story = {
  args: { title: "템플릿 정보가 없습니다", action: <Button>템플릿 만들기</Button> },
};
export const SharedDebtNotFound: Story = {
  args: {
    title: "공동 채무 정보를 찾을 수 없습니다",
    description: "조회 대상이 동의하지 않았거나 등록된 기록이 없습니다.",
  },
};
export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  args: {
    title: "暫無相關合約資訊",
    description: "您目前沒有任何合約。建立合約後，它們會顯示在這裡。",
  },
};
