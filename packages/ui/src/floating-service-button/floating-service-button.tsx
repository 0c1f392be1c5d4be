import type { Locale } from "@chayong/i18n/lazy";
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Button } from "../button/button";
import { classNames } from "../class-names";
import { Dialog } from "../dialog/dialog";
import { useUiText } from "../i18n/use-ui-text";
import { LanguagePicker } from "../language-picker/language-picker";
import { ServicePanel, type ServicePanelProps } from "../service-panel/service-panel";
import { usePlacement } from "./keep-clear";
import {
  anchorOf,
  type ClampArea,
  clampPosition,
  defaultServiceButtonAnchor,
  defaultServiceButtonPosition,
  dockedTabWidth,
  isServiceButtonAnchor,
  positionOfAnchor,
  type ServiceButtonAnchor,
  type ServiceButtonPosition,
} from "./position";

/** The spec's save debounce for the button's position (docs/constants.md#time-outs-and-waits). */
export const positionSaveDebounceMs = 300;

/** Movement (CSS px) under which a press is a tap, not a drag. */
const dragThreshold = 6;
/** Arrow keys move the button by this much: the keyboard way to drag it. */
const keyboardStep = 16;

export interface FloatingServiceButtonProps {
  /**
   * Stored position (serviceX / serviceY, see `storedServiceButtonPosition`): an anchor (side edge
   * and fraction of the height), or the pixels older versions stored, which are turned into an
   * anchor against the current screen and reported once. Defaults to the bottom-right corner.
   */
  initialPosition?: ServiceButtonAnchor | ServiceButtonPosition;
  /**
   * The new resting place after a drag (or a migrated pixel one), debounced 300 ms, as an anchor
   * that survives a rotation or another screen size; the app stores it as serviceX / serviceY.
   */
  onPositionChange?: (anchor: ServiceButtonAnchor) => void;
  /** Current language and its change, for the LanguagePicker in the sheet. */
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
  /** The customer-service contact and its states, for the ServicePanel in the sheet. */
  service?: Omit<ServicePanelProps, "className">;
  /** Button diameter in CSS px (>= 44). */
  size?: number;
  /** Edges the button keeps clear of, in CSS px (e.g. the tab bar's height at the bottom). */
  insets?: ClampArea["insets"];
  /** Accessible name; defaults to the translated 'customer service and language'. */
  label?: string;
  /** Replaces the built-in icon. */
  icon?: ReactNode;
  /** Controls the sheet from outside (optional). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

function viewportArea(insets: ClampArea["insets"]): ClampArea {
  return { width: window.innerWidth, height: window.innerHeight, insets };
}

const isDefaultPixels = (position: ServiceButtonPosition) =>
  position.x === defaultServiceButtonPosition.x && position.y === defaultServiceButtonPosition.y;

/**
 * The always-available floating button (docs/service-button.md): drag it anywhere with a finger or a mouse
 * (pointer events), or move it with the arrow keys; it stays on screen, comes to rest against the
 * nearer side edge, reports its resting place debounced by 300 ms as an anchor (side edge and
 * fraction of the height) that holds when the screen turns or changes size, and a tap opens a sheet
 * with the language picker and the customer-service panel. It never covers what a person taps
 * or types into: where it would, and while someone types, it docks as a slim tab on its edge
 * (docs/service-button.md).
 */
export function FloatingServiceButton({
  initialPosition = defaultServiceButtonAnchor,
  onPositionChange,
  locale,
  onLocaleChange,
  service,
  size = 56,
  insets = { top: 8, right: 8, bottom: 8, left: 8 },
  label,
  icon,
  open: openProp,
  onOpenChange,
  className,
}: FloatingServiceButtonProps) {
  const t = useUiText();
  const titleId = useId();
  // Pixels stored by an older version are read against the screen the app opens on.
  const [anchor, setAnchor] = useState<ServiceButtonAnchor>(() =>
    isServiceButtonAnchor(initialPosition)
      ? initialPosition
      : typeof window === "undefined" || isDefaultPixels(initialPosition)
        ? defaultServiceButtonAnchor
        : anchorOf(initialPosition, size, viewportArea(insets)),
  );
  // The viewport the anchor is resolved in, followed on resize (rotation, keyboard, window).
  const [viewport, setViewport] = useState(() =>
    typeof window === "undefined"
      ? { width: 0, height: 0 }
      : { width: window.innerWidth, height: window.innerHeight },
  );
  // Where the finger holds it while dragged; null at rest.
  const [held, setHeld] = useState<ServiceButtonPosition | null>(null);
  const dragging = held !== null;
  const area: ClampArea = { ...viewport, insets };
  const position = held ?? positionOfAnchor(anchor, size, area);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const placement = usePlacement(dragging ? null : position, size, insets, buttonRef);
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };

  const drag = useRef<{
    pointerId: number;
    startX: number;
    startY: number;
    from: ServiceButtonPosition;
    moved: boolean;
  } | null>(null);
  const suppressClick = useRef(false);

  // Debounced report: only the resting position is stored; a pending one is flushed on unmount.
  const pending = useRef<ServiceButtonAnchor | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onPositionChangeRef = useRef(onPositionChange);
  onPositionChangeRef.current = onPositionChange;
  const report = useCallback((next: ServiceButtonAnchor) => {
    pending.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      pending.current = null;
      onPositionChangeRef.current?.(next);
    }, positionSaveDebounceMs);
  }, []);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current) onPositionChangeRef.current?.(pending.current);
    },
    [],
  );

  // A stored pixel position, once read as an anchor, is stored as one (a one-time migration).
  const migrated = useRef(false);
  useEffect(() => {
    if (migrated.current) return;
    migrated.current = true;
    if (!isServiceButtonAnchor(initialPosition) && !isDefaultPixels(initialPosition))
      report(anchor);
  }, [initialPosition, anchor, report]);

  // The anchor holds across viewport changes (rotation, keyboard, window size): the button stays
  // on its edge at the same share of the height, and at the bottom when it rests there, so it
  // sits just above the tab bar on the tab pages and in the room under the content elsewhere.
  useLayoutEffect(() => {
    const follow = () =>
      setViewport((current) =>
        current.width === window.innerWidth && current.height === window.innerHeight
          ? current
          : { width: window.innerWidth, height: window.innerHeight },
      );
    follow();
    window.addEventListener("resize", follow);
    window.addEventListener("orientationchange", follow);
    return () => {
      window.removeEventListener("resize", follow);
      window.removeEventListener("orientationchange", follow);
    };
  }, []);

  const moveTo = (next: ServiceButtonPosition) => {
    setHeld(clampPosition(next, size, viewportArea(insets)));
  };
  const restAt = (next: ServiceButtonPosition) => {
    const rest = anchorOf(next, size, viewportArea(insets));
    setHeld(null);
    setAnchor(rest);
    report(rest);
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      from: position,
      moved: false,
    };
    try {
      // Keeps the moves coming when the finger outruns the button.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Not supported (older in-app browsers): moves over the button still drag it.
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.moved && Math.hypot(dx, dy) < dragThreshold) return;
    current.moved = true;
    moveTo({ x: current.from.x + dx, y: current.from.y + dy });
  };
  const endDrag = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (current.moved) {
      suppressClick.current = true;
      restAt({
        x: current.from.x + event.clientX - current.startX,
        y: current.from.y + event.clientY - current.startY,
      });
    }
  };

  // The keyboard way to drag it: up and down along its edge, left and right to the other edge.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const { width } = area;
    const target: Record<string, ServiceButtonPosition> = {
      ArrowLeft: { x: 0, y: position.y },
      ArrowRight: { x: width, y: position.y },
      ArrowUp: { x: position.x, y: position.y - keyboardStep },
      ArrowDown: { x: position.x, y: position.y + keyboardStep },
    };
    const next = target[event.key];
    if (!next) return;
    event.preventDefault();
    restAt(next);
  };

  const side = held ? (held.x + size / 2 < area.width / 2 ? "left" : "right") : anchor.side;
  const shown = placement.docked
    ? {
        x: side === "left" ? 0 : area.width - dockedTabWidth,
        y: placement.y,
        width: dockedTabWidth,
      }
    : { x: position.x, y: position.y, width: size };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={classNames(
          "cy-service-button",
          dragging && "cy-service-button--dragging",
          placement.docked && `cy-service-button--docked cy-service-button--docked-${side}`,
          className,
        )}
        style={{
          width: shown.width,
          height: size,
          transform: `translate(${shown.x}px, ${shown.y}px)`,
        }}
        aria-label={label ?? t("service.open")}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-x={position.x}
        data-y={position.y}
        data-side={anchor.side}
        data-fraction={anchor.fraction}
        data-docked={placement.docked || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
        onClick={() => {
          // The click that ends a drag must not open the sheet.
          if (suppressClick.current) {
            suppressClick.current = false;
            return;
          }
          setOpen(true);
        }}
      >
        {icon ?? <span className="cy-service-button__icon" aria-hidden="true" />}
      </button>
      <Dialog open={open} onDismiss={() => setOpen(false)} labelledBy={titleId} variant="sheet">
        <div className="cy-service-sheet__header">
          <h2 className="cy-service-sheet__title" id={titleId}>
            {label ?? t("service.open")}
          </h2>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            {t("common.close")}
          </Button>
        </div>
        <LanguagePicker value={locale} onChange={onLocaleChange} />
        {service ? <ServicePanel {...service} /> : null}
      </Dialog>
    </>
  );
}
