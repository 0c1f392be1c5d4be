import type { Locale } from "@chayong/i18n";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { sampleQrImage } from "../story-fixtures/images";
import { FloatingServiceButton, type FloatingServiceButtonProps } from "./floating-service-button";

function WithLocale(props: Omit<FloatingServiceButtonProps, "locale" | "onLocaleChange">) {
  const [locale, setLocale] = useState<Locale>("ko-KR");
  return (
    <>
      <p>
        현재 언어: <strong>{locale}</strong>
      </p>
      <FloatingServiceButton {...props} locale={locale} onLocaleChange={setLocale} />
    </>
  );
}

const meta = {
  title: "Service/FloatingServiceButton",
  component: WithLocale,
  args: {
    onPositionChange: fn(),
    service: {
      qrImageUrl: sampleQrImage,
      accountId: "@chayong_help",
      link: "https://line.me/R/ti/p/@chayong_help",
      copyText: async () => true,
    },
  },
} satisfies Meta<typeof WithLocale>;

export default meta;
type Story = StoryObj<typeof meta>;

function pointer(target: Element, type: string, x: number, y: number) {
  target.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      pointerId: 7,
      pointerType: "touch",
      isPrimary: true,
      button: 0,
      clientX: x,
      clientY: y,
    }),
  );
}

export const DefaultCorner: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "고객센터 및 언어 설정" });
    const rect = button.getBoundingClientRect();
    // 1000 / 10000 clamps to the bottom-right corner, fully on screen.
    await expect(rect.right).toBeLessThanOrEqual(window.innerWidth);
    await expect(rect.bottom).toBeLessThanOrEqual(window.innerHeight);
    await expect(rect.right).toBeGreaterThan(window.innerWidth - 80);
    await expect(rect.width).toBeGreaterThanOrEqual(44);
  },
};

export const DragAndDebounce: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "고객센터 및 언어 설정" });
    const start = button.getBoundingClientRect();
    const x0 = start.left + start.width / 2;
    const y0 = start.top + start.height / 2;
    pointer(button, "pointerdown", x0, y0);
    pointer(button, "pointermove", x0 - 60, y0 - 100);
    pointer(button, "pointermove", x0 - 150, y0 - 300);
    pointer(button, "pointerup", x0 - 150, y0 - 300);
    // React commits pointer updates asynchronously: wait for the new place.
    await waitFor(() =>
      expect(Math.round(start.left - button.getBoundingClientRect().left)).toBe(150),
    );
    const moved = button.getBoundingClientRect();
    await expect(Math.round(start.top - moved.top)).toBe(300);
    await expect(args.onPositionChange).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onPositionChange).toHaveBeenCalledTimes(1), { timeout: 1000 });
    await expect(args.onPositionChange).toHaveBeenCalledWith({
      x: Math.round(moved.left),
      y: Math.round(moved.top),
    });
    // Dragging far off screen keeps it on screen.
    pointer(button, "pointerdown", moved.left + 10, moved.top + 10);
    pointer(button, "pointermove", -500, -500);
    pointer(button, "pointerup", -500, -500);
    await waitFor(() => expect(button.getBoundingClientRect().left).toBeLessThan(moved.left));
    const clamped = button.getBoundingClientRect();
    await expect(clamped.left).toBeGreaterThanOrEqual(0);
    await expect(clamped.top).toBeGreaterThanOrEqual(0);
  },
};

export const OpenSheetAndCopy: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "고객센터 및 언어 설정" }));
    const sheet = await canvas.findByRole("dialog", { name: "고객센터 및 언어 설정" });
    await userEvent.click(within(sheet).getByRole("button", { name: "복사 LINE 아이디" }));
    await expect(within(sheet).getByRole("status")).toHaveTextContent("복사되었습니다");
    await userEvent.click(within(sheet).getByText("繁體中文"));
    await expect(canvas.getByText("zh-TW")).toBeVisible();
  },
};

export const StoredPosition: Story = { args: { initialPosition: { x: 16, y: 120 } } };
