import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "../button/button";
import { PageHeader } from "./page-header";

const meta = {
  title: "Navigation/PageHeader",
  component: PageHeader,
  args: { title: "계약 생성", onBack: fn() },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithBack: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "뒤로" }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};
export const NoBack: Story = { args: { title: "주문 내역", onBack: undefined } };
export const WithAction: Story = {
  args: { title: "템플릿 목록", actions: <Button variant="ghost">추가</Button> },
};
export const LongChinese: Story = {
  globals: { locale: "zh-TW" },
  args: { title: "合約簽署詳情與借款人身分驗證資料檢視" },
};
