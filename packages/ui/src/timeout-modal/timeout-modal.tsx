import type { ReactNode } from "react";
import { useUiText } from "../i18n/use-ui-text";
import { Modal } from "../modal/modal";

export interface TimeoutModalProps {
  /** Shows the dialog after a request timed out. */
  open: boolean;
  /** Called by OK and by Escape (acknowledging is the only answer). */
  onConfirm: () => void;
  /** Defaults to 'network request timed out' (네트워크 요청 시간 초과 / 網絡請求超時). */
  title?: ReactNode;
  /** Defaults to 'check your network and retry'. */
  message?: ReactNode;
  /** Defaults to 'OK' (확인 / 確認). */
  confirmLabel?: ReactNode;
}

/** The time-out modal of docs/errors.md#modals-and-notices: title, text and one OK button, no cancel. */
export function TimeoutModal({ open, onConfirm, title, message, confirmLabel }: TimeoutModalProps) {
  const t = useUiText();
  return (
    <Modal
      open={open}
      onConfirm={onConfirm}
      title={title ?? t("transport.timeout.title")}
      confirmLabel={confirmLabel}
      className="cy-timeout-modal"
    >
      {message ?? t("transport.timeout.text")}
    </Modal>
  );
}
