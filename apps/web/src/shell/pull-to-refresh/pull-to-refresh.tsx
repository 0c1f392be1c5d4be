import type { ReactElement } from "react";
import { PullIndicator } from "./pull-indicator";
import { usePullToRefresh } from "./use-pull-to-refresh";

/**
 * Pull to refresh for a page, as one component: a list can load it after its first rows are on
 * screen (it is not needed to show them).
 */
export default function PullToRefresh({
  onRefresh,
  refreshing,
}: {
  onRefresh: () => void;
  refreshing: boolean;
}): ReactElement | null {
  const pull = usePullToRefresh(onRefresh, { disabled: refreshing });
  return <PullIndicator pull={pull} refreshing={refreshing} />;
}
