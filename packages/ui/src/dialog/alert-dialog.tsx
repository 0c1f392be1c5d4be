import { type ReactNode, useId } from "react";
import { Dialog } from "./dialog";

export interface AlertDialogProps {
  open: boolean;
  /** Escape: the dialog's answer to being dismissed (confirm for Modal, cancel for ConfirmDialog). */
  onDismiss: () => void;
  title: ReactNode;
  /** Text under the title, describing the dialog; `undefined` leaves the element out. */
  message?: ReactNode;
  /** The answer buttons, in a row. */
  actions: ReactNode;
  className?: string;
}

/**
 * A message that interrupts and needs an answer: title, message and answer buttons in an
 * `alertdialog` named by its title and described by its message. Shared by Modal and ConfirmDialog.
 */
export function AlertDialog({
  open,
  onDismiss,
  title,
  message,
  actions,
  className,
}: AlertDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const messageId = message === undefined ? undefined : `${id}-message`;
  return (
    <Dialog
      open={open}
      onDismiss={onDismiss}
      labelledBy={titleId}
      describedBy={messageId}
      role="alertdialog"
      className={className}
    >
      <h2 className="cy-dialog__title" id={titleId}>
        {title}
      </h2>
      {messageId ? (
        <div className="cy-dialog__message" id={messageId}>
          {message}
        </div>
      ) : null}
      <div className="cy-dialog__actions">{actions}</div>
    </Dialog>
  );
}
