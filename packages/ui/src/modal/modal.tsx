import type { ReactNode } from "react";
import { Button } from "../button/button";
import { AlertDialog } from "../dialog/alert-dialog";
import { useUiText } from "../i18n/use-ui-text";

export interface ModalProps {
  /** Shows the dialog (opened with showModal: focus trap, inert page behind). */
  open: boolean;
  /** The message; a string or any content. */
  children: ReactNode;
  /** Called by the confirm button and by Escape (acknowledging is the only answer). */
  onConfirm: () => void;
  /** Defaults to the translated 'friendly tip'. */
  title?: ReactNode;
  /** Defaults to the translated 'confirm'. */
  confirmLabel?: ReactNode;
  className?: string;
}

/**
 * The spec's message box (docs/errors.md#modals-and-notices): a 'friendly tip' title, the message and a single confirm button,
 * no cancel. Used for errors and notices that the user only acknowledges.
 */
export function Modal({ open, children, onConfirm, title, confirmLabel, className }: ModalProps) {
  const t = useUiText();
  return (
    <AlertDialog
      open={open}
      onDismiss={onConfirm}
      title={title ?? t("modal.friendlyTip.title")}
      // null, not undefined: a modal always has its message element, even while it is empty.
      message={children ?? null}
      actions={
        <Button size="lg" onClick={onConfirm} autoFocus>
          {confirmLabel ?? t("common.confirm")}
        </Button>
      }
      className={className}
    />
  );
}
