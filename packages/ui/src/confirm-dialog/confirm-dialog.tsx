import type { ReactNode } from "react";
import { Button } from "../button/button";
import { AlertDialog } from "../dialog/alert-dialog";
import { useUiText } from "../i18n/use-ui-text";

export interface ConfirmDialogProps {
  /** Shows the dialog (opened with showModal: focus trap, inert page behind). */
  open: boolean;
  /** The question, e.g. 'confirm delete contract' or 'confirm logout'. */
  title: ReactNode;
  /** More detail under the question. */
  message?: ReactNode;
  /** Called by the confirm button. */
  onConfirm: () => void;
  /** Called by the cancel button and by Escape. */
  onCancel: () => void;
  /** Defaults to the translated 'confirm'. */
  confirmLabel?: ReactNode;
  /** Defaults to the translated 'cancel'. */
  cancelLabel?: ReactNode;
  /** Red confirm button for actions that destroy or end something. */
  destructive?: boolean;
  /** The confirmed action is running: the confirm button shows a spinner. */
  confirming?: boolean;
  className?: string;
}

/**
 * A yes/no question before an action that cannot be undone. Focus starts on cancel, so a stray
 * Enter never deletes a contract.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  destructive = false,
  confirming = false,
  className,
}: ConfirmDialogProps) {
  const t = useUiText();
  return (
    <AlertDialog
      open={open}
      onDismiss={onCancel}
      title={title}
      // An empty message is left out, so the question alone describes the dialog.
      message={message || undefined}
      actions={
        <>
          <Button variant="secondary" size="lg" onClick={onCancel} autoFocus disabled={confirming}>
            {cancelLabel ?? t("common.cancel")}
          </Button>
          <Button
            variant={destructive ? "danger" : "primary"}
            size="lg"
            onClick={onConfirm}
            loading={confirming}
          >
            {confirmLabel ?? t("common.confirm")}
          </Button>
        </>
      }
      className={className}
    />
  );
}
