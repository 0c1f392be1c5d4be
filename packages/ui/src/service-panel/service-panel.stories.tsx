import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { sampleQrImage } from "../story-fixtures/images";
import { ServicePanel } from "./service-panel";

const meta = {
  title: "Service/ServicePanel",
  parameters: componentDocs({
    summary:
      "The customer-service contact: QR image, account id and link, each copied with the 'copied' toast; loading and error states.",
    do: [
      "Show `loading` while the contact loads and `error` with what to do when it fails.",
      "Keep the copied toast above every layer.",
    ],
    dont: [
      "Don't show a red error for 'no contact configured': show a neutral note.",
      "Don't copy a QR's URL while calling it the image.",
    ],
  }),
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
export const NotSetUp: Story = {
  args: {
    qrImageUrl: undefined,
    accountId: undefined,
    link: undefined,
    empty: "아직 등록된 고객센터 연락처가 없습니다.",
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("아직 등록된 고객센터 연락처가 없습니다.")).toBeVisible();
    await expect(canvas.queryByRole("alert")).toBeNull();
  },
};
