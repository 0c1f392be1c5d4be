import { act, cleanup, fireEvent, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pullThreshold, usePullToRefresh } from "./use-pull-to-refresh";

afterEach(cleanup);

const finger = (y: number, x = 100) => ({ touches: [{ clientX: x, clientY: y }] });

function pull(from: number, to: number, x = 100) {
  act(() => {
    fireEvent.touchStart(window, finger(from));
    fireEvent.touchMove(window, finger((from + to) / 2, x));
    fireEvent.touchMove(window, finger(to, x));
  });
}

function release() {
  act(() => {
    fireEvent.touchEnd(window, { touches: [] });
  });
}

describe("pull to refresh", () => {
  it("follows the finger with resistance and refreshes once let go past the threshold", () => {
    const refresh = vi.fn();
    const { result } = renderHook(() => usePullToRefresh(refresh));
    pull(100, 100 + pullThreshold);
    expect(result.current).toEqual({ distance: pullThreshold / 2, armed: false });
    pull(100, 100 + pullThreshold * 2 + 10);
    expect(result.current.armed).toBe(true);
    release();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(result.current).toEqual({ distance: 0, armed: false });
  });

  it("does nothing when let go too early, when swiping sideways or up, or while disabled", () => {
    const refresh = vi.fn();
    const { result, rerender } = renderHook(
      ({ disabled }) => usePullToRefresh(refresh, { disabled }),
      {
        initialProps: { disabled: false },
      },
    );
    pull(100, 140);
    release();
    pull(100, 400, 600);
    release();
    pull(400, 100);
    release();
    rerender({ disabled: true });
    pull(100, 400);
    release();
    expect(refresh).not.toHaveBeenCalled();
    expect(result.current.distance).toBe(0);
  });

  it("only starts at the top of the page", () => {
    const refresh = vi.fn();
    renderHook(() => usePullToRefresh(refresh));
    const scroller = document.scrollingElement as Element;
    scroller.scrollTop = 200;
    pull(100, 400);
    release();
    scroller.scrollTop = 0;
    expect(refresh).not.toHaveBeenCalled();
  });

  it("keeps the browser's own pull-to-refresh off while mounted", () => {
    const { unmount } = renderHook(() => usePullToRefresh(() => {}));
    expect(document.documentElement.style.overscrollBehaviorY).toBe("contain");
    unmount();
    expect(document.documentElement.style.overscrollBehaviorY).toBe("");
  });
});
