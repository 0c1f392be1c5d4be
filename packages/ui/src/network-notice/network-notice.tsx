import type { ReactNode } from "react";
import { classNames } from "../class-names";
import { useUiText } from "../i18n/use-ui-text";

export interface NetworkNoticeProps {
  /** Show it: the app turns it on when a request is still pending after 5 s (spec §8). */
  visible: boolean;
  /** Defaults to 'network is poor, please wait'. */
  message?: ReactNode;
  className?: string;
}

/**
 * The slow-network notice: a banner at the top of the screen with a spinner. Its live region is
 * always in the page so the message is announced when it appears.
 */
export function NetworkNotice({ visible, message, className }: NetworkNoticeProps) {
  const t = useUiText();
  return (
    <div className={classNames("cy-network-notice", className)} role="status" aria-live="polite">
      {visible ? (
        <div className="cy-network-notice__banner">
          <span className="cy-network-notice__spinner" aria-hidden="true" />
          <span>{message ?? t("transport.slowNetwork")}</span>
        </div>
      ) : null}
    </div>
  );
}
