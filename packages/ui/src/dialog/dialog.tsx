import { type ReactNode, useLayoutEffect, useRef } from "react";
import { classNames } from "../class-names";
import { useToastLayer } from "../toast/toast";

export interface DialogProps {
  open: boolean;
  /** Escape key (and, for sheets, a tap on the backdrop). */
  onDismiss: () => void;
  /** Id of the element that names the dialog (its title). */
  labelledBy: string;
  /** Id of the element that describes it (its message). */
  describedBy?: string;
  /** `center`: a modal box; `sheet`: slides up from the bottom edge. */
  variant?: "center" | "sheet";
  /** The dialog's role; `alertdialog` for messages that interrupt and need an answer. */
  role?: "dialog" | "alertdialog";
  className?: string;
  children: ReactNode;
}

/**
 * The kit's one dialog: a native <dialog> opened with showModal(), so the browser traps focus and
 * makes the page behind it inert; focus returns to what opened it on close. The page behind does
 * not scroll while it is open.
 */
export function Dialog({
  open,
  onDismiss,
  labelledBy,
  describedBy,
  variant = "center",
  role = "dialog",
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // What had focus when the dialog opened gets it back on close. Read while rendering: by the
  // layout effect a child's autoFocus may already have taken focus (React focuses it on mount).
  // The browser's own return on close() does not survive the dialog leaving the page in the same
  // commit (Preact removes it first).
  const opener = useRef<HTMLElement | null>(null);
  if (open && opener.current === null && typeof document !== "undefined") {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement ? active : null;
  }

  // Layout effect: the dialog is modal before the browser paints, so nothing behind it flashes
  // focusable and tests see it open as soon as it renders.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") {
        dialog.showModal();
      } else {
        dialog.setAttribute("open", "");
      }
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      if (dialog.open) dialog.close();
      // Unless the answer moved focus on purpose (a form focusing the field to fix).
      const focused = document.activeElement;
      const lost = focused === null || focused === document.body || dialog.contains(focused);
      const returnTo = opener.current;
      opener.current = null;
      if (lost && returnTo?.isConnected) returnTo.focus();
    };
  }, [open]);
  // After showModal(): the app's toasts are drawn inside the topmost open dialog.
  useToastLayer(ref, open);

  if (!open) return null;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the Escape key is handled by the dialog's cancel event
    <dialog
      ref={ref}
      className={classNames("cy-dialog", `cy-dialog--${variant}`, className)}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Keep React in charge of `open`: the parent decides what dismissing means.
        event.preventDefault();
        onDismiss();
      }}
      onClick={(event) => {
        if (variant === "sheet" && event.target === event.currentTarget) onDismiss();
      }}
    >
      <div className="cy-dialog__panel">{children}</div>
    </dialog>
  );
}
