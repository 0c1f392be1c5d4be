import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { TabBar, type TabBarProps } from "./tab-bar";

function OrderIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M9 8h6M9 12h6M9 16h4" strokeLinecap="round" />
    </svg>
  );
}
function MeIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
    </svg>
  );
}

function Controlled(props: Omit<TabBarProps, "selectedKey" | "onSelect"> & { initial: string }) {
  const { initial, ...rest } = props;
  const [selected, setSelected] = useState(initial);
  return <TabBar {...rest} selectedKey={selected} onSelect={setSelected} />;
}

const meta = {
  title: "Navigation/TabBar",
  parameters: componentDocs({
    summary:
      "The bottom navigation: order list and me (docs/screens.md#tab-bar), selected in #100F16, unselected icon #A4B8D2 with a darker label.",
    do: [
      'Pass translated labels; with `placement="fixed"` pad the page by --cy-tab-bar-height.',
      "Keep to two to four tabs.",
    ],
    dont: ["Don't put actions in the tab bar.", "Don't hide it on top-level pages."],
  }),
  component: Controlled,
  args: {
    label: "메인 메뉴",
    initial: "order",
    items: [
      { key: "order", label: "주문 내역", icon: <OrderIcon /> },
      { key: "me", label: "내 정보", icon: <MeIcon /> },
    ],
  },
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OrderList: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "내 정보" }));
    await expect(canvas.getByRole("button", { name: "내 정보" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(canvas.getByRole("button", { name: "주문 내역" })).not.toHaveAttribute(
      "aria-current",
    );
  },
};
export const Me: Story = { args: { initial: "me" } };
export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  args: {
    label: "主選單",
    items: [
      { key: "order", label: "訂單紀錄", icon: <OrderIcon /> },
      { key: "me", label: "我的資訊", icon: <MeIcon /> },
    ],
  },
};
export const AsLinks: Story = {
  args: {
    items: [
      { key: "order", label: "주문 내역", icon: <OrderIcon />, href: "#/pages/order/index" },
      { key: "me", label: "내 정보", icon: <MeIcon />, href: "#/pages/me/index" },
    ],
  },
};
