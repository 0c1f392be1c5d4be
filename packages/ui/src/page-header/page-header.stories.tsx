import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Button } from "../button/button";
import { componentDocs } from "../story-fixtures/docs";
import { PageHeader } from "./page-header";

const meta = {
  title: "Navigation/PageHeader",
  parameters: componentDocs({
    summary:
      "The title bar at the top of each page, with back and up to a couple of actions; sticky by default.",
    do: [
      "Use the page's name from the catalog as `title`; the app decides where back goes.",
      "Keep actions short (an icon and a word).",
    ],
    dont: [
      "Don't put long sentences in the title; they wrap on 360 px phones.",
      "Don't hide the only way forward in the header; primary actions go at the bottom.",
    ],
  }),
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
