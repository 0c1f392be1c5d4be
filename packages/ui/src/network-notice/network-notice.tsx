import type { ReactNode } from "react";
import { classNames } from "../class-names";
import { useUiText } from "../i18n/use-ui-text";

export type NetworkNoticeKind = "slow" | "offline";

export interface NetworkNoticeProps {
  /** Show it: the app turns it on when a request is still pending after 5 s (docs/errors.md#modals-and-notices). */
  visible: boolean;
  /**
   * `slow` (default): a request is taking long; a spinner says something is still happening.
   * `offline`: no connection; a static icon, below the page header so the title stays readable.
   */
  kind?: NetworkNoticeKind;
  /** Defaults to 'network is poor, please wait'. */
  message?: ReactNode;
  className?: string;
}

/**
 * The network notice: a banner at the top of the screen. Its live region is always in the page
 * so the message is announced when it appears; taps go through it to what lies beneath.
 */
export function NetworkNotice({ visible, kind = "slow", message, className }: NetworkNoticeProps) {
  const t = useUiText();
  return (
    <div
      className={classNames("cy-network-notice", `cy-network-notice--${kind}`, className)}
      role="status"
      aria-live="polite"
    >
      {visible ? (
        <div className="cy-network-notice__banner">
          {kind === "offline" ? (
            <svg
              className="cy-network-notice__icon"
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18" />
            </svg>
          ) : (
            <span className="cy-network-notice__spinner" aria-hidden="true" />
          )}
          <span>{message ?? t("transport.slowNetwork")}</span>
        </div>
      ) : null}
    </div>
  );
}
