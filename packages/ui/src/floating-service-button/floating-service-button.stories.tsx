import type { Locale } from "@chayong/i18n";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button/button";
import { componentDocs } from "../story-fixtures/docs";
import { sampleQrImage } from "../story-fixtures/images";
import { TextField } from "../text-field/text-field";
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
  parameters: componentDocs({
    summary:
      "The draggable customer-service button (docs/service-button.md): opens a sheet with the service contact and the language picker; its resting place is kept under serviceX / serviceY as the side edge and a fraction of the height, so it survives a rotation or another screen size (pixels stored by older versions are migrated).",
    do: [
      "Pass `insets` so it keeps clear of the tab bar and bottom action bars.",
      "Store `onPositionChange` (debounced 300 ms; an anchor `{ side, fraction }`) so it comes back where the person left it, on any screen.",
    ],
    dont: [
      "Don't let it cover an action; move it aside on forms and the signature pad.",
      "Don't show it on top of open dialogs.",
    ],
  }),
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
    // While dragged it follows the finger (no transition).
    await waitFor(() =>
      expect(Math.round(start.left - button.getBoundingClientRect().left)).toBe(150),
    );
    pointer(button, "pointerup", x0 - 150, y0 - 300);
    // Not stored while dragged nor the moment it is let go: after the debounce. (Checked here, not
    // after it comes to rest: on a loaded machine the rest can take longer than the debounce.)
    await expect(args.onPositionChange).not.toHaveBeenCalled();
    // Let go, it comes to rest against the nearer side edge, at the height it was dropped.
    const edges = [8, window.innerWidth - 8 - start.width];
    await waitFor(() => expect(edges).toContain(Math.round(button.getBoundingClientRect().left)));
    const moved = button.getBoundingClientRect();
    await expect(Math.round(start.top - moved.top)).toBe(300);
    await waitFor(() => expect(args.onPositionChange).toHaveBeenCalledTimes(1), { timeout: 1000 });
    // Reported as the edge and the share of the height, not as pixels.
    await expect(args.onPositionChange).toHaveBeenCalledWith({
      side: Math.round(moved.left) === 8 ? "left" : "right",
      fraction: Math.round((Math.round(moved.top) / window.innerHeight) * 10_000) / 10_000,
    });
    // Dragging far off screen keeps it on screen, in the top-left corner (docked against the
    // edge there when text lies under it: it keeps every line of text clear).
    pointer(button, "pointerdown", moved.left + 10, moved.top + 10);
    pointer(button, "pointermove", -500, -500);
    pointer(button, "pointerup", -500, -500);
    await waitFor(() => {
      const clamped = button.getBoundingClientRect();
      expect(Math.round(clamped.left)).toBeGreaterThanOrEqual(0);
      expect(Math.round(clamped.left)).toBeLessThanOrEqual(8);
      expect(clamped.top).toBeGreaterThanOrEqual(0);
      expect(clamped.bottom).toBeLessThanOrEqual(window.innerHeight);
    });
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

/** Stored as an anchor: the left edge, a quarter of the way down, whatever the screen's size. */
export const StoredPosition: Story = {
  args: { initialPosition: { side: "left", fraction: 0.25 } },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { name: "고객센터 및 언어 설정" });
    await expect(Math.round(button.getBoundingClientRect().left)).toBe(8);
    await expect(
      Math.abs(button.getBoundingClientRect().top - window.innerHeight / 4),
    ).toBeLessThan(2);
  },
};

/**
 * Pixels an older version stored (here from a wider phone, below this screen's bottom): read
 * against this screen, on screen at the right edge, and stored once as an anchor.
 */
export const StoredPixelsMigrated: Story = {
  args: { initialPosition: { x: 2000, y: 5000 } },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole("button", { name: "고객센터 및 언어 설정" });
    const rect = button.getBoundingClientRect();
    await expect(rect.right).toBeLessThanOrEqual(window.innerWidth - 8 + 0.5);
    await expect(rect.bottom).toBeLessThanOrEqual(window.innerHeight - 8 + 0.5);
    await waitFor(() => expect(args.onPositionChange).toHaveBeenCalledTimes(1), { timeout: 1000 });
    await expect(args.onPositionChange).toHaveBeenCalledWith({ side: "right", fraction: 1 });
  },
};

function boxesOverlap(a: DOMRect, b: DOMRect) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Resting over a sticky bottom bar's button: it docks as a tab on its edge, covering nothing. */
export const DockedBesideAnAction: Story = {
  render: (args) => (
    <>
      <div style={{ position: "fixed", left: 16, right: 16, bottom: 16 }}>
        <Button block>서명 완료</Button>
      </div>
      <WithLocale {...args} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const service = canvas.getByRole("button", { name: "고객센터 및 언어 설정" });
    await waitFor(() => expect(service.dataset.docked).toBe("true"));
    const confirm = canvas.getByRole("button", { name: "서명 완료" });
    await waitFor(() =>
      expect(boxesOverlap(service.getBoundingClientRect(), confirm.getBoundingClientRect())).toBe(
        false,
      ),
    );
    // Still a tap away.
    await userEvent.click(service);
    await expect(await canvas.findByRole("dialog")).toBeInTheDocument();
    await expect(service).toHaveAttribute("aria-expanded", "true");
  },
};

/** While someone types, it steps aside so the form and the keyboard have the screen. */
export const DockedWhileTyping: Story = {
  render: (args) => (
    <>
      <TextField label="대출 금액" />
      <WithLocale {...args} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const service = canvas.getByRole("button", { name: "고객센터 및 언어 설정" });
    await expect(service.dataset.docked).toBeUndefined();
    await userEvent.click(canvas.getByLabelText("대출 금액"));
    await waitFor(() => expect(service.dataset.docked).toBe("true"));
  },
};
