import { useEffect, useRef, useState } from "react";

/** How far (px, after resistance) the page must be pulled before letting go refreshes. */
export const pullThreshold = 64;
/** Finger travel counts half: the page follows the finger with some resistance. */
const resistance = 0.5;
const maxPull = pullThreshold * 1.5;

export interface PullState {
  /** How far the page is pulled now (0 when no pull is under way). */
  distance: number;
  /** Letting go now would refresh. */
  armed: boolean;
}

const idle: PullState = { distance: 0, armed: false };

function pageScrollTop(): number {
  return document.scrollingElement?.scrollTop ?? window.scrollY;
}

/**
 * Pull to refresh on a touch screen: a one-finger pull down from the top of the page, released
 * past the threshold, calls `onRefresh`. Listens on the whole page while mounted, and turns off
 * the browser's own pull-to-refresh (which would reload the whole app) meanwhile.
 */
export function usePullToRefresh(onRefresh: () => void, { disabled = false } = {}): PullState {
  const [pull, setPull] = useState<PullState>(idle);
  const onRefreshRef = useRef(onRefresh);
  onRefreshRef.current = onRefresh;
  const disabledRef = useRef(disabled);
  disabledRef.current = disabled;

  useEffect(() => {
    const root = document.documentElement;
    const previousOverscroll = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = "contain";

    let start: { x: number; y: number } | null = null;
    let pulling = false;
    let distance = 0;
    const reset = () => {
      start = null;
      pulling = false;
      distance = 0;
      setPull(idle);
    };
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (event.touches.length !== 1 || !touch || disabledRef.current || pageScrollTop() > 0) {
        start = null;
        return;
      }
      start = { x: touch.clientX, y: touch.clientY };
      pulling = false;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      if (!pulling) {
        // A sideways swipe or a scroll up is not a pull.
        if (Math.abs(dy) < 8 && Math.abs(dx) < 8) return;
        if (dy <= 0 || Math.abs(dx) > dy || pageScrollTop() > 0) {
          start = null;
          return;
        }
        pulling = true;
      }
      distance = Math.max(0, Math.min(maxPull, dy * resistance));
      setPull({ distance, armed: distance >= pullThreshold });
    };
    const onEnd = () => {
      const refresh = pulling && distance >= pullThreshold && !disabledRef.current;
      reset();
      if (refresh) onRefreshRef.current();
    };
    window.addEventListener("touchstart", onStart, { passive: true });
    window.addEventListener("touchmove", onMove, { passive: true });
    window.addEventListener("touchend", onEnd);
    window.addEventListener("touchcancel", reset);
    return () => {
      root.style.overscrollBehaviorY = previousOverscroll;
      window.removeEventListener("touchstart", onStart);
      window.removeEventListener("touchmove", onMove);
      window.removeEventListener("touchend", onEnd);
      window.removeEventListener("touchcancel", reset);
    };
  }, []);

  return pull;
}
