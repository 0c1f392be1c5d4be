import { useEffect, useState } from "react";

/**
 * Runs `task` once the page has loaded and the main thread is idle: what the first view does
 * not need (the service worker's registration, the floating service button) waits for this, so
 * it is never among the scripts the entry route's budget counts (scripts/size.ts).
 */
export function afterPageLoad(task: () => void): void {
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? requestIdleCallback(task, { timeout: 3000 })
      : setTimeout(task);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}

/** Whether the page has loaded and been idle once (see `afterPageLoad`). */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => afterPageLoad(() => setLoaded(true)), []);
  return loaded;
}
