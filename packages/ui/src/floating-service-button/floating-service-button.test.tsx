import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FloatingServiceButton } from "./floating-service-button";
import { clampPosition } from "./position";

const service = {
  qrImageUrl: "https://example.test/qr.png",
  accountId: "@chayong",
  link: "https://example.test/chat",
};

function renderButton(props: Partial<Parameters<typeof FloatingServiceButton>[0]> = {}) {
  const onPositionChange = vi.fn();
  const onLocaleChange = vi.fn();
  const copyText = vi.fn(async () => true);
  const utils = render(
    <FloatingServiceButton
      locale="ko-KR"
      onLocaleChange={onLocaleChange}
      onPositionChange={onPositionChange}
      service={{ ...service, copyText }}
      {...props}
    />,
  );
  const button = screen.getByRole("button", { name: "고객센터 및 언어 설정" });
  const at = () => ({ x: Number(button.dataset.x), y: Number(button.dataset.y) });
  return { ...utils, button, at, onPositionChange, onLocaleChange, copyText };
}

function drag(button: HTMLElement, from: [number, number], to: [number, number]) {
  fireEvent.pointerDown(button, { pointerId: 1, button: 0, clientX: from[0], clientY: from[1] });
  fireEvent.pointerMove(button, {
    pointerId: 1,
    clientX: (from[0] + to[0]) / 2,
    clientY: (from[1] + to[1]) / 2,
  });
  fireEvent.pointerMove(button, { pointerId: 1, clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(button, { pointerId: 1, clientX: to[0], clientY: to[1] });
  fireEvent.click(button);
}

describe("clampPosition", () => {
  it("keeps the button inside the area and sends the stored defaults to the bottom-right", () => {
    const area = { width: 390, height: 844, insets: { top: 8, right: 8, bottom: 8, left: 8 } };
    expect(clampPosition({ x: 1000, y: 10000 }, 56, area)).toEqual({ x: 326, y: 780 });
    expect(clampPosition({ x: -50, y: -50 }, 56, area)).toEqual({ x: 8, y: 8 });
    expect(clampPosition({ x: Number.NaN, y: 100 }, 56, area)).toEqual({ x: 326, y: 100 });
  });
});

describe("FloatingServiceButton", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.innerWidth = 390;
    window.innerHeight = 844;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts in the bottom-right corner for the default 1000 / 10000", () => {
    const { at } = renderButton();
    expect(at()).toEqual({ x: 326, y: 780 });
  });

  it("follows a drag, stays on screen and reports the resting position once, 300 ms later", () => {
    const { button, at, onPositionChange } = renderButton();
    drag(button, [350, 800], [150, 300]);
    expect(at()).toEqual({ x: 126, y: 280 });
    drag(button, [150, 300], [-400, 200]);
    expect(at()).toEqual({ x: 8, y: 180 });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(onPositionChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onPositionChange).toHaveBeenCalledTimes(1);
    expect(onPositionChange).toHaveBeenCalledWith({ x: 8, y: 180 });
    // The click that ends a drag does not open the sheet.
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("reports a pending position when it unmounts before the debounce ends", () => {
    const { button, unmount, onPositionChange } = renderButton({
      initialPosition: { x: 100, y: 100 },
    });
    drag(button, [120, 120], [220, 170]);
    unmount();
    expect(onPositionChange).toHaveBeenCalledWith({ x: 200, y: 150 });
  });

  it("moves with the arrow keys", () => {
    const { button, at, onPositionChange } = renderButton({ initialPosition: { x: 100, y: 100 } });
    fireEvent.keyDown(button, { key: "ArrowLeft" });
    fireEvent.keyDown(button, { key: "ArrowUp" });
    expect(at()).toEqual({ x: 84, y: 84 });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(onPositionChange).toHaveBeenCalledWith({ x: 84, y: 84 });
  });

  it("a tap opens the sheet with the language picker and the service panel; copy shows the toast", async () => {
    const { button, onLocaleChange, copyText } = renderButton();
    fireEvent.pointerDown(button, { pointerId: 2, button: 0, clientX: 340, clientY: 800 });
    fireEvent.pointerUp(button, { pointerId: 2, clientX: 341, clientY: 801 });
    fireEvent.click(button);
    const sheet = screen.getByRole("dialog", { name: "고객센터 및 언어 설정" });
    expect(sheet).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "繁體中文" }));
    expect(onLocaleChange).toHaveBeenCalledWith("zh-TW");

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "복사 LINE 아이디" }));
    });
    expect(copyText).toHaveBeenCalledWith("@chayong");
    const toast = screen
      .getAllByRole("status")
      .find((region) => region.textContent === "복사되었습니다");
    expect(toast).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "복사 상담 링크" }));
    });
    expect(copyText).toHaveBeenLastCalledWith("https://example.test/chat");
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(
      screen.getAllByRole("status").some((region) => region.textContent === "복사되었습니다"),
    ).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "닫기" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
