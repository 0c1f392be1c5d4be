import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FloatingServiceButton } from "./floating-service-button";
import { clampPosition, dockedTabWidth } from "./position";

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

  it("follows a drag, rests against the nearer side edge and reports that once, 300 ms later", () => {
    const { button, at, onPositionChange } = renderButton();
    const moving = () => ({
      x: Number(/translate\((-?\d+)px/.exec(button.style.transform)?.[1]),
      y: Number(/, (-?\d+)px\)/.exec(button.style.transform)?.[1]),
    });
    fireEvent.pointerDown(button, { pointerId: 1, button: 0, clientX: 350, clientY: 800 });
    fireEvent.pointerMove(button, { pointerId: 1, clientX: 150, clientY: 300 });
    // Under the finger while dragged: anywhere on screen.
    expect(moving()).toEqual({ x: 126, y: 280 });
    fireEvent.pointerUp(button, { pointerId: 1, clientX: 150, clientY: 300 });
    fireEvent.click(button);
    // Dropped left of the middle: against the left edge, at the height it was dropped.
    expect(at()).toEqual({ x: 8, y: 280 });
    drag(button, [36, 300], [300, 200]);
    expect(at()).toEqual({ x: 326, y: 180 });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(onPositionChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onPositionChange).toHaveBeenCalledTimes(1);
    // As an anchor that survives a rotation: the right edge, 180 / 844 of the height.
    expect(onPositionChange).toHaveBeenCalledWith({ side: "right", fraction: 0.2133 });
    // The click that ends a drag does not open the sheet.
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("reports a pending position when it unmounts before the debounce ends", () => {
    const { button, unmount, onPositionChange } = renderButton({
      initialPosition: { x: 100, y: 100 },
    });
    drag(button, [36, 120], [136, 170]);
    unmount();
    expect(onPositionChange).toHaveBeenLastCalledWith({ side: "left", fraction: 0.1777 });
  });

  it("resting at the bottom, it stays at the bottom when the insets change (tab bar or not)", () => {
    const { at, rerender } = renderButton({ insets: { top: 8, right: 8, bottom: 64, left: 8 } });
    expect(at()).toEqual({ x: 326, y: 724 });
    const props = {
      locale: "ko-KR" as const,
      onLocaleChange: () => {},
      service,
      insets: { top: 8, right: 8, bottom: 8, left: 8 },
    };
    rerender(<FloatingServiceButton {...props} />);
    expect(at()).toEqual({ x: 326, y: 780 });
    rerender(
      <FloatingServiceButton {...props} insets={{ top: 8, right: 8, bottom: 64, left: 8 }} />,
    );
    expect(at()).toEqual({ x: 326, y: 724 });
  });

  it("resting higher up, it keeps its height when the insets change", () => {
    const { at, rerender } = renderButton({ initialPosition: { x: 0, y: 300 } });
    rerender(
      <FloatingServiceButton
        locale="ko-KR"
        onLocaleChange={() => {}}
        initialPosition={{ x: 0, y: 300 }}
        insets={{ top: 8, right: 8, bottom: 64, left: 8 }}
      />,
    );
    expect(at()).toEqual({ x: 8, y: 300 });
  });

  it("a stored position away from the edges comes to rest at the nearer one", () => {
    const { at } = renderButton({ initialPosition: { x: 250, y: 400 } });
    expect(at()).toEqual({ x: 326, y: 400 });
  });

  it("moves with the arrow keys: along its edge, and across to the other edge", () => {
    const { button, at, onPositionChange } = renderButton({ initialPosition: { x: 100, y: 100 } });
    fireEvent.keyDown(button, { key: "ArrowUp" });
    expect(at()).toEqual({ x: 8, y: 84 });
    fireEvent.keyDown(button, { key: "ArrowRight" });
    expect(at()).toEqual({ x: 326, y: 84 });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    // The pixels {100, 100} an older version stored, then the keys: one report, of the last place.
    expect(onPositionChange).toHaveBeenCalledTimes(1);
    expect(onPositionChange).toHaveBeenCalledWith({ side: "right", fraction: 0.0995 });
  });

  it("keeps its edge and its share of the height when the phone turns, and stays on screen", () => {
    const { button, at, onPositionChange } = renderButton();
    // Portrait 390 x 844: dropped on the right, two thirds of the way down.
    drag(button, [354, 808], [354, 592]);
    expect(at()).toEqual({ x: 326, y: 564 });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(onPositionChange).toHaveBeenLastCalledWith({ side: "right", fraction: 0.6682 });
    // Landscape 844 x 390: still on the right edge, still two thirds down, fully on screen.
    act(() => {
      window.innerWidth = 844;
      window.innerHeight = 390;
      window.dispatchEvent(new Event("resize"));
    });
    expect(at()).toEqual({ x: 780, y: 261 });
    expect(button.dataset.side).toBe("right");
    // A smaller phone (360 x 640): the same edge and share.
    act(() => {
      window.innerWidth = 360;
      window.innerHeight = 640;
      window.dispatchEvent(new Event("resize"));
    });
    expect(at()).toEqual({ x: 296, y: 428 });
    // Back in portrait: exactly where it was put; turning the phone stored nothing new.
    act(() => {
      window.innerWidth = 390;
      window.innerHeight = 844;
      window.dispatchEvent(new Event("resize"));
      vi.advanceTimersByTime(300);
    });
    expect(at()).toEqual({ x: 326, y: 564 });
    expect(onPositionChange).toHaveBeenCalledTimes(1);
  });

  it("resting on the left at the bottom, it stays there in landscape (never flips side)", () => {
    const { at } = renderButton({ initialPosition: { side: "left", fraction: 1 } });
    expect(at()).toEqual({ x: 8, y: 780 });
    act(() => {
      window.innerWidth = 844;
      window.innerHeight = 390;
      window.dispatchEvent(new Event("resize"));
    });
    expect(at()).toEqual({ x: 8, y: 326 });
  });

  it("reads pixels stored by an older version against the screen it opens on, and stores them as an anchor once", () => {
    // Stored on a 390 px wide phone: the right edge (x 326) at y 700. Opened on a 360 x 640
    // phone, the old pixels would land off-screen and on the wrong side rule; the anchor does not.
    window.innerWidth = 360;
    window.innerHeight = 640;
    const { at, onPositionChange } = renderButton({ initialPosition: { x: 326, y: 700 } });
    expect(at()).toEqual({ x: 296, y: 576 });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(onPositionChange).toHaveBeenCalledTimes(1);
    expect(onPositionChange).toHaveBeenCalledWith({ side: "right", fraction: 1 });
  });

  it("stores nothing on its own for the defaults or an anchor", () => {
    const { onPositionChange, unmount } = renderButton();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    unmount();
    renderButton({ initialPosition: { side: "left", fraction: 0.5 } });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onPositionChange).not.toHaveBeenCalled();
  });

  it("docks as a slim tab on its edge while someone types, and comes back after", () => {
    const { button, at } = renderButton();
    const input = document.createElement("input");
    document.body.append(input);
    act(() => {
      input.focus();
      vi.advanceTimersByTime(50);
    });
    expect(button.dataset.docked).toBe("true");
    expect(button.style.width).toBe(`${dockedTabWidth}px`);
    expect(button.style.transform).toBe(`translate(${390 - dockedTabWidth}px, 780px)`);
    // The stored position does not change: it is where the button returns to.
    expect(at()).toEqual({ x: 326, y: 780 });
    act(() => {
      input.blur();
      vi.advanceTimersByTime(50);
    });
    expect(button.dataset.docked).toBeUndefined();
    expect(button.style.width).toBe("56px");
    input.remove();
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
