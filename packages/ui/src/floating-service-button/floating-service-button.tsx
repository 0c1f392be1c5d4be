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
import {
  type ClampArea,
  clampPosition,
  defaultServiceButtonPosition,
  type ServiceButtonPosition,
} from "./position";

/** The spec's save debounce for the button's position (§9). */
export const positionSaveDebounceMs = 300;

/** Movement (CSS px) under which a press is a tap, not a drag. */
const dragThreshold = 6;
/** Arrow keys move the button by this much: the keyboard way to drag it. */
const keyboardStep = 16;

export interface FloatingServiceButtonProps {
  /** Stored position (serviceX / serviceY); defaults to 1000 / 10000 = the bottom-right corner. */
  initialPosition?: ServiceButtonPosition;
  /** The new position after a drag, debounced 300 ms; the app stores it as serviceX / serviceY. */
  onPositionChange?: (position: ServiceButtonPosition) => void;
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

/**
 * The always-available floating button (spec §1, §2): drag it anywhere with a finger or a mouse
 * (pointer events), or move it with the arrow keys; it stays on screen, reports its resting
 * position debounced by 300 ms, and a tap opens a sheet with the language picker and the
 * customer-service panel.
 */
export function FloatingServiceButton({
  initialPosition = defaultServiceButtonPosition,
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
  const [position, setPosition] = useState<ServiceButtonPosition>(() =>
    typeof window === "undefined"
      ? initialPosition
      : clampPosition(initialPosition, size, viewportArea(insets)),
  );
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
  const pending = useRef<ServiceButtonPosition | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onPositionChangeRef = useRef(onPositionChange);
  onPositionChangeRef.current = onPositionChange;
  const report = useCallback((next: ServiceButtonPosition) => {
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

  // Keep it on screen when the viewport changes (rotation, keyboard, window resize).
  const insetsKey = JSON.stringify(insets);
  useLayoutEffect(() => {
    const parsedInsets = JSON.parse(insetsKey) as ClampArea["insets"];
    const reclamp = () =>
      setPosition((current) => clampPosition(current, size, viewportArea(parsedInsets)));
    reclamp();
    window.addEventListener("resize", reclamp);
    return () => window.removeEventListener("resize", reclamp);
  }, [size, insetsKey]);

  const moveTo = (next: ServiceButtonPosition) => {
    const clamped = clampPosition(next, size, viewportArea(insets));
    setPosition(clamped);
    return clamped;
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
      report(
        moveTo({
          x: current.from.x + event.clientX - current.startX,
          y: current.from.y + event.clientY - current.startY,
        }),
      );
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-keyboardStep, 0],
      ArrowRight: [keyboardStep, 0],
      ArrowUp: [0, -keyboardStep],
      ArrowDown: [0, keyboardStep],
    };
    const step = delta[event.key];
    if (!step) return;
    event.preventDefault();
    report(moveTo({ x: position.x + step[0], y: position.y + step[1] }));
  };

  return (
    <>
      <button
        type="button"
        className={classNames("cy-service-button", className)}
        style={{
          width: size,
          height: size,
          transform: `translate(${position.x}px, ${position.y}px)`,
        }}
        aria-label={label ?? t("service.open")}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-x={position.x}
        data-y={position.y}
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
