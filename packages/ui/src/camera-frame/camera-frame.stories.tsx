import type { Meta, StoryObj } from "@storybook/react-vite";
import { sampleCameraView } from "../story-fixtures/images";
import { CameraFrame } from "./camera-frame";

const meta = {
  title: "Verification/CameraFrame",
  component: CameraFrame,
  args: { children: <img src={sampleCameraView} alt="" /> },
} satisfies Meta<typeof CameraFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PlaceFace: Story = {};
export const NoCameraYet: Story = {
  args: { children: undefined, message: "3-5초 정도 기다려 주세요" },
};
export const Aligned: Story = { args: { state: "aligned", message: "잠시만 기다려 주세요" } };
export const Failed: Story = {
  args: { state: "error", message: "얼굴 인증에 실패했습니다. 잠시 후 다시 시도해 주세요." },
};
export const Chinese: Story = { globals: { locale: "zh-TW" }, args: { message: "請稍候 3-5 秒" } };
