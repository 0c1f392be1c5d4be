import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { ApiAnswer } from "../../data/api-endpoints";
import { apiQuery } from "../../data/api-query";

export interface StatisticsQueries {
  /** `contract.statistics`: all-time and today figures, in progress and completed. */
  figures: UseQueryResult<ApiAnswer<"contract.statistics">>;
  /** `contract.statisticsWindows`: the today / 3 / 7-day windows. */
  windows: UseQueryResult<ApiAnswer<"contract.statisticsWindows">>;
  /** Asks both again; what is shown stays until the new answers arrive. */
  refresh: () => void;
  /** A refresh is under way while earlier figures are on screen. */
  refreshing: boolean;
}

/** The lender's dashboard figures, both answers read side by side (docs/customers.md). */
export function useStatistics(): StatisticsQueries {
  const figures = useQuery(apiQuery("contract.statistics"));
  const windows = useQuery(apiQuery("contract.statisticsWindows"));
  const refresh = () => {
    void figures.refetch();
    void windows.refetch();
  };
  return { figures, windows, refresh, refreshing: figures.isRefetching || windows.isRefetching };
}
