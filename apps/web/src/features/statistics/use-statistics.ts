import type { LenderStatistics, LenderStatisticsWindows } from "@chayong/domain";
import { useApi } from "../../app/services";
import { type Loaded, useLoad } from "../../data/use-load";

export interface StatisticsLoads {
  /** `contract.statistics`: all-time and today figures, in progress and completed. */
  figures: Loaded<LenderStatistics> & { reload: () => void };
  /** `contract.statisticsWindows`: the today / 3 / 7-day windows. */
  windows: Loaded<LenderStatisticsWindows> & { reload: () => void };
  /** Asks both again; what is shown stays until the new answers arrive. */
  refresh: () => void;
  /** A refresh is under way while earlier figures are on screen. */
  refreshing: boolean;
}

/** The lender's dashboard figures, both answers loaded side by side (docs/customers.md). */
export function useStatistics(): StatisticsLoads {
  const api = useApi();
  const figures = useLoad((signal) => api.contract.statistics(undefined, { signal }), [api]);
  const windows = useLoad((signal) => api.contract.statisticsWindows(undefined, { signal }), [api]);
  const refreshing =
    (figures.status === "loading" && figures.data !== undefined) ||
    (windows.status === "loading" && windows.data !== undefined);
  const refresh = () => {
    figures.reload();
    windows.reload();
  };
  return { figures, windows, refresh, refreshing };
}
