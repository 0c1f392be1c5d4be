import { type RefObject, useLayoutEffect, useRef, useState } from "react";
import {
  type Box,
  type ClampArea,
  dockedBox,
  overlapsAny,
  type Placement,
  placeButton,
  type ServiceButtonPosition,
} from "./position";

/**
 * What the floating button must never cover (docs/service-button.md): anything a person taps or
 * types into, the signature canvas, status badges, and the figures people read: a table's cells
 * and row headings, a definition list's values, a stat card's figure. Components mark anything
 * else with `data-keep-clear`.
 */
export const keepClearSelector = [
  "a[href]",
  "button",
  "input:not([type='hidden'])",
  "select",
  "textarea",
  "summary",
  "label",
  "canvas",
  "[role='button']",
  "[role='link']",
  "[role='tab']",
  "[role='radio']",
  "[role='checkbox']",
  "[role='switch']",
  "[tabindex]:not([tabindex='-1'])",
  "[contenteditable='true']",
  ".cy-status-badge",
  "td",
  "th[scope='row']",
  "th:last-child",
  "dd",
  ".cy-stat-card__value",
  "[data-keep-clear]",
].join(", ");

const textInputTypes = new Set([
  "text",
  "search",
  "tel",
  "url",
  "email",
  "password",
  "number",
  "date",
  "datetime-local",
  "month",
  "time",
  "week",
]);

/** True while the focused element takes typing: the on-screen keyboard is (or may be) up. */
export function isEditing(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return textInputTypes.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

function isShown(element: Element): boolean {
  const check = (element as HTMLElement).checkVisibility;
  if (typeof check === "function") {
    return check.call(element, { checkOpacity: true, checkVisibilityCSS: true });
  }
  return true;
}

/**
 * The lines of text under `box`: every word a person reads (a label, a heading, a figure) keeps
 * clear too, not only what they tap. One box per line of each text, so a paragraph's short last
 * line leaves the space after it free.
 */
export function textLineBoxes(root: Node, box: Box, ignore: Element | null): Box[] {
  const found: Box[] = [];
  const document = root.ownerDocument ?? (root as Document);
  if (typeof document.createTreeWalker !== "function") return found;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent === null || !node.textContent?.trim()) continue;
    if (ignore?.contains(parent) || parent.closest("dialog[open], script, style")) continue;
    // Pruned by the element's box first: most text is nowhere near the button.
    const outer = parent.getBoundingClientRect();
    const near = { left: outer.left, top: outer.top, right: outer.right, bottom: outer.bottom };
    if (outer.width === 0 || outer.height === 0 || !overlapsAny(box, [near])) continue;
    range.selectNodeContents(node);
    for (const line of range.getClientRects()) {
      if (line.width === 0 || line.height === 0) continue;
      const candidate = { left: line.left, top: line.top, right: line.right, bottom: line.bottom };
      if (overlapsAny(box, [candidate]) && isShown(parent)) found.push(candidate);
    }
  }
  return found;
}

/**
 * The boxes of the visible things `box` must keep clear of, leaving out the floating button
 * itself and anything inside an open dialog (a modal dialog is drawn above the button anyway):
 * what a person taps or reads (`keepClearSelector`) and every line of text.
 */
export function keepClearBoxes(root: ParentNode, box: Box, ignore: Element | null): Box[] {
  const found: Box[] = textLineBoxes(root as Node, box, ignore);
  for (const element of root.querySelectorAll(keepClearSelector)) {
    if (ignore?.contains(element) || element.closest("dialog[open]")) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    const candidate = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
    if (!overlapsAny(box, [candidate]) || !isShown(element)) continue;
    found.push(candidate);
  }
  return found;
}

/**
 * How the button resting at `position` is shown (see `placeButton`), re-checked at most once a
 * frame when the page scrolls, resizes, changes or moves focus. `position` null (being dragged)
 * shows it full size under the finger.
 */
export function usePlacement(
  position: ServiceButtonPosition | null,
  size: number,
  insets: ClampArea["insets"],
  button: RefObject<Element | null>,
): Placement {
  const full = { docked: false, y: position?.y ?? 0 };
  const [placement, setPlacement] = useState<Placement>(full);
  const latest = useRef({ position, size, insets });
  latest.current = { position, size, insets };
  const key = position ? `${position.x},${position.y},${size},${JSON.stringify(insets)}` : "";

  useLayoutEffect(() => {
    // Nothing to watch while the button follows a finger.
    if (typeof document === "undefined" || key === "") return undefined;
    let frame = 0;
    const check = () => {
      frame = 0;
      const { position: resting, size: width, insets: edges } = latest.current;
      if (!resting) return;
      const area = { width: window.innerWidth, height: window.innerHeight, insets: edges };
      const dock = dockedBox(resting, width, area);
      // Everything under the button, and along its edge where a docked tab may go.
      const region = {
        left: Math.min(resting.x, dock.left),
        right: Math.max(resting.x + width, dock.right),
        top: 0,
        bottom: area.height,
      };
      const next = placeButton(
        resting,
        width,
        area,
        keepClearBoxes(document, region, button.current),
        isEditing(document.activeElement),
      );
      setPlacement((current) =>
        current.docked === next.docked && current.y === next.y ? current : next,
      );
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(check);
    };
    check();
    const options = { capture: true, passive: true } as const;
    window.addEventListener("scroll", schedule, options);
    window.addEventListener("resize", schedule, options);
    document.addEventListener("focusin", schedule, options);
    document.addEventListener("focusout", schedule, options);
    document.addEventListener("transitionend", schedule, options);
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["class", "hidden", "open"],
    });
    const resizes = typeof ResizeObserver === "function" ? new ResizeObserver(schedule) : null;
    resizes?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule, options);
      window.removeEventListener("resize", schedule, options);
      document.removeEventListener("focusin", schedule, options);
      document.removeEventListener("focusout", schedule, options);
      document.removeEventListener("transitionend", schedule, options);
      mutations.disconnect();
      resizes?.disconnect();
    };
  }, [key, button]);

  return position ? placement : full;
}
