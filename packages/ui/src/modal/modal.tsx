import { type ReactNode, useId } from "react";
import { Button } from "../button/button";
import { Dialog } from "../dialog/dialog";
import { useUiText } from "../i18n/use-ui-text";

export interface ModalProps {
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
 * The spec's message box (§8): a 'friendly tip' title, the message and a single confirm button,
 * no cancel. Used for errors and notices that the user only acknowledges.
 */
export function Modal({ open, children, onConfirm, title, confirmLabel, className }: ModalProps) {
  const t = useUiText();
  const id = useId();
  const titleId = `${id}-title`;
  const messageId = `${id}-message`;
  return (
    <Dialog
      open={open}
      onDismiss={onConfirm}
      labelledBy={titleId}
      describedBy={messageId}
      role="alertdialog"
      className={className}
    >
      <h2 className="cy-dialog__title" id={titleId}>
        {title ?? t("modal.friendlyTip.title")}
      </h2>
      <div className="cy-dialog__message" id={messageId}>
        {children}
      </div>
      <div className="cy-dialog__actions">
        <Button size="lg" onClick={onConfirm} autoFocus>
          {confirmLabel ?? t("common.confirm")}
        </Button>
      </div>
    </Dialog>
  );
}
