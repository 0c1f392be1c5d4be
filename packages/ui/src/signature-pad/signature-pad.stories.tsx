import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { componentDocs } from "../story-fixtures/docs";
import type { SignatureResult } from "./signature-pad";
import { SignaturePad } from "./signature-pad";

const meta = {
  title: "Signing/SignaturePad",
  parameters: componentDocs({
    summary:
      "The signature canvas: draw with finger or pen, undo, clear, save; refuses empty or tiny drawings and exports a PNG with the strokes.",
    do: [
      "Give it the whole screen (landscape works too) and keep other floating UI away.",
      "Show `saving` while the signature uploads.",
    ],
    dont: [
      "Don't accept a tap or a dot as a signature.",
      "Don't show 'no signature detected' twice (banner and toast).",
    ],
  }),
  component: SignaturePad,
  args: { onSave: fn(), onBack: fn(), onReject: fn(), onChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ height: "calc(100vh - 32px)" }} data-testid="pad-frame">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SignaturePad>;

export default meta;
type Story = StoryObj<typeof meta>;

function draw(canvas: HTMLElement, points: Array<[number, number]>, pointerId = 1) {
  const rect = canvas.getBoundingClientRect();
  const send = (type: string, [x, y]: [number, number]) =>
    canvas.dispatchEvent(
      new PointerEvent(type, {
        bubbles: true,
        cancelable: true,
        pointerId,
        pointerType: "pen",
        isPrimary: true,
        button: 0,
        pressure: 0.6,
        clientX: rect.left + x * rect.width,
        clientY: rect.top + y * rect.height,
      }),
    );
  const [first, ...rest] = points;
  if (!first) return;
  send("pointerdown", first);
  for (const point of rest) send("pointermove", point);
  send("pointerup", rest.at(-1) ?? first);
}

/** Share of the canvas's device pixels that hold ink. */
function inkShare(canvas: HTMLCanvasElement): number {
  const context = canvas.getContext("2d");
  if (!context) return 0;
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let inked = 0;
  for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) inked += 1;
  return inked / (canvas.width * canvas.height);
}

const signature: Array<[number, number]> = [
  [0.15, 0.6],
  [0.25, 0.35],
  [0.35, 0.65],
  [0.45, 0.3],
  [0.55, 0.62],
  [0.7, 0.4],
  [0.85, 0.55],
];

export const Empty: Story = {};

export const EmptyRejected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "저장" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("서명이 감지되지 않았습니다");
    await expect(args.onReject).toHaveBeenCalledWith("empty");
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const TooSmallRejected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    draw(canvas.getByRole("img"), [
      [0.5, 0.5],
      [0.51, 0.51],
    ]);
    await userEvent.click(canvas.getByRole("button", { name: "저장" }));
    await expect(args.onReject).toHaveBeenCalledWith("too-small");
    await expect(canvas.getByRole("alert")).toHaveTextContent("서명을 완료해 주세요");
  },
};

export const DrawUndoClear: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pad = canvas.getByRole("img") as HTMLCanvasElement;
    // Backing store = CSS size x devicePixelRatio: sharp on high-DPI screens.
    await expect(pad.width).toBe(
      Math.round(pad.getBoundingClientRect().width * window.devicePixelRatio),
    );
    draw(pad, signature);
    draw(pad, [
      [0.2, 0.8],
      [0.8, 0.8],
    ]);
    await waitFor(() => expect(pad.dataset.strokes).toBe("2"));
    await waitFor(() => expect(inkShare(pad)).toBeGreaterThan(0.002));
    const twoStrokes = inkShare(pad);
    await userEvent.click(canvas.getByRole("button", { name: "되돌리기" }));
    await expect(pad.dataset.strokes).toBe("1");
    await waitFor(() => expect(inkShare(pad)).toBeLessThan(twoStrokes));
    await userEvent.click(canvas.getByRole("button", { name: "지우기" }));
    await expect(pad.dataset.strokes).toBe("0");
    await waitFor(() => expect(inkShare(pad)).toBe(0));
    await userEvent.click(canvas.getByRole("button", { name: "되돌리기" }));
    await expect(pad.dataset.strokes).toBe("1");
  },
};

export const KeepsDrawingThroughResize: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const pad = canvas.getByRole("img") as HTMLCanvasElement;
    draw(pad, signature);
    await waitFor(() => expect(inkShare(pad)).toBeGreaterThan(0.002));
    // Rotate-like change: the frame becomes wide and short.
    const frame = canvas.getByTestId("pad-frame");
    frame.style.height = "260px";
    await waitFor(() =>
      expect(pad.height).toBe(
        Math.round(pad.getBoundingClientRect().height * window.devicePixelRatio),
      ),
    );
    await waitFor(() => expect(inkShare(pad)).toBeGreaterThan(0.001));
    await expect(pad.dataset.strokes).toBe("1");
  },
};

export const SavePng: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    draw(canvas.getByRole("img"), signature);
    await userEvent.click(canvas.getByRole("button", { name: "저장" }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledTimes(1));
    const result = (args.onSave as ReturnType<typeof fn>).mock.calls[0]?.[0] as SignatureResult;
    await expect(result.dataUrl.startsWith("data:image/png;base64,")).toBe(true);
    await expect(result.blob.type).toBe("image/png");
    await expect(result.blob.size).toBeGreaterThan(500);
    await expect(result.data.strokes).toHaveLength(1);
    const image = await createImageBitmap(result.blob);
    await expect(image.width).toBe(
      Math.round(result.data.width * Math.max(2, window.devicePixelRatio)),
    );
  },
};

export const Saving: Story = { args: { saving: true } };

export const Chinese: Story = {
  globals: { locale: "zh-TW" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "儲存" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("未偵測到簽名");
  },
};

/** The borrower's pad: wider than tall on a portrait phone, as large as fits when turned. */
export const Landscape: Story = {
  args: { shape: "landscape" },
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole("img");
    const box = area.getBoundingClientRect();
    await expect(box.width).toBeGreaterThan(box.height);
  },
};
