import { useLingui } from "@lingui/react";
import "./pull-indicator.css";
import type { PullState } from "./use-pull-to-refresh";

/**
 * What a pull to refresh shows at the top of the page: the hint while pulling ('pull' / 'let go'),
 * then a spinner while the refresh runs. Decorative: the page announces the refresh itself.
 */
export function PullIndicator({ pull, refreshing }: { pull: PullState; refreshing: boolean }) {
  const { _ } = useLingui();
  if (pull.distance === 0 && !refreshing) return null;
  const offset = pull.distance > 0 ? pull.distance : 16;
  return (
    <div
      className={refreshing ? "pull-indicator pull-indicator--refreshing" : "pull-indicator"}
      style={{ transform: `translate(-50%, ${offset}px)` }}
      aria-hidden="true"
    >
      {refreshing ? (
        <span className="pull-indicator__spinner" />
      ) : (
        <svg
          aria-hidden="true"
          className={
            pull.armed
              ? "pull-indicator__arrow pull-indicator__arrow--armed"
              : "pull-indicator__arrow"
          }
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 5v14M6 13l6 6 6-6" />
        </svg>
      )}
      <span>
        {refreshing
          ? _("common.refreshing")
          : pull.armed
            ? _("common.releaseToRefresh")
            : _("common.pullToRefresh")}
      </span>
    </div>
  );
}
