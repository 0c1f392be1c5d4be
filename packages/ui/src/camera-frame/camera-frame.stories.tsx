import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { sampleCameraView } from "../story-fixtures/images";
import { CameraFrame } from "./camera-frame";

const meta = {
  title: "Verification/CameraFrame",
  parameters: componentDocs({
    summary:
      "The face-check viewfinder: the live camera inside a face-shaped guide, with the prompt and a second line for waits and errors.",
    do: [
      "Put the front camera's <video> (or the captured photo) as its child.",
      'Use `state="aligned"` when a face is centred and `error` with a `message` that says what to do next.',
    ],
    dont: [
      "Don't cover the guide with other UI; the prompt and message are part of it.",
      "Don't leave an error without a next step (retake, or a fallback).",
    ],
  }),
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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("얼굴 인증에 실패했습니다");
    // The failure says what happened; 'place your face in the centre' would contradict it.
    await expect(canvas.queryByText("얼굴을 화면 가운데에 맞춰 주세요")).toBeNull();
  },
};
export const Chinese: Story = { globals: { locale: "zh-TW" }, args: { message: "請稍候 3-5 秒" } };
