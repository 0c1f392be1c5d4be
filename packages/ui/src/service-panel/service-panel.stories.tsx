import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { sampleQrImage } from "../story-fixtures/images";
import { ServicePanel } from "./service-panel";

const meta = {
  title: "Service/ServicePanel",
  component: ServicePanel,
  args: {
    qrImageUrl: sampleQrImage,
    accountId: "@chayong_help",
    link: "https://line.me/R/ti/p/@chayong_help",
    onCopied: fn(),
    copyText: fn(async () => true),
  },
} satisfies Meta<typeof ServicePanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Contact: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "복사 LINE 아이디" }));
    await expect(args.copyText).toHaveBeenCalledWith("@chayong_help");
    await expect(args.onCopied).toHaveBeenCalledWith("account", "@chayong_help");
    await expect(canvas.getByRole("status")).toHaveTextContent("복사되었습니다");
  },
};
export const CopiedInChinese: Story = {
  globals: { locale: "zh-TW" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "複製 客服連結" }));
    await expect(canvas.getByRole("status")).toHaveTextContent("已復製");
  },
};
export const Loading: Story = { args: { loading: true } };
export const ErrorState: Story = { args: { error: "고객센터 정보를 불러오지 못했습니다." } };
export const AccountOnly: Story = { args: { qrImageUrl: undefined, link: undefined } };
