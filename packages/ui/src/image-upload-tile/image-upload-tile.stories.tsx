import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import { sampleIdCardImage } from "../story-fixtures/images";
import { ImageUploadTile } from "./image-upload-tile";

const meta = {
  title: "Verification/ImageUploadTile",
  parameters: componentDocs({
    summary:
      "One ID-card photo slot (front, back, holding): pick from camera or album, preview, progress, error with retry.",
    do: [
      "Report real progress in `state` and offer `onRetry` on errors.",
      "Show the three slots together in a two-column grid.",
    ],
    dont: [
      "Don't clear the chosen photo on an upload error; let the person retry.",
      "Don't accept anything but images.",
    ],
  }),
  component: ImageUploadTile,
  args: { kind: "front", state: { status: "empty" }, onSelect: fn(), onRetry: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 200 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ImageUploadTile>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EmptyFront: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText(/신분증 앞면/, { selector: "input" });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "front.jpg", {
      type: "image/jpeg",
    });
    await userEvent.upload(input, file);
    await expect(args.onSelect).toHaveBeenCalledWith(file);
  },
};
export const EmptyBack: Story = { args: { kind: "back" } };
export const EmptyHolding: Story = { args: { kind: "holding" } };
export const Uploading: Story = {
  args: { state: { status: "uploading", progress: 45 }, previewUrl: sampleIdCardImage },
};
export const Done: Story = { args: { state: { status: "done" }, previewUrl: sampleIdCardImage } };
export const ErrorWithRetry: Story = {
  args: { kind: "back", state: { status: "error" } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole("button", { name: "다시 시도" }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
export const TooLarge: Story = {
  args: { state: { status: "error", message: "이미지가 너무 큽니다. 다시 업로드해 주세요." } },
};
export const ThreeSlots: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: "none" }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => (
    <div
      style={{
        display: "grid",
        gridTemplateColumns: "1fr 1fr",
        gap: 12,
        width: "calc(100vw - 32px)",
      }}
    >
      <ImageUploadTile
        {...args}
        kind="front"
        state={{ status: "done" }}
        previewUrl={sampleIdCardImage}
      />
      <ImageUploadTile {...args} kind="back" state={{ status: "uploading", progress: 70 }} />
      <ImageUploadTile {...args} kind="holding" state={{ status: "empty" }} />
    </div>
  ),
};
export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  args: { kind: "holding", state: { status: "error" } },
};
