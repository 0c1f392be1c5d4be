import type {
  LenderStatistics,
  LenderStatisticsWindows,
  ProgressFigures,
  Split,
  StatisticsFigures,
} from "@chayong/domain";

const noFigures: StatisticsFigures = {
  signedCount: 0,
  repaidCount: 0,
  overdueCount: 0,
  notYetDueCount: 0,
  dueTodayCount: 0,
  contractedAmount: 0,
  disbursedAmount: 0,
  repaidAmount: 0,
  overdueAmount: 0,
  notYetDueAmount: 0,
  dueTodayAmount: 0,
  profit: 0,
};

const noProgress: ProgressFigures = {
  count: 0,
  contractedAmount: 0,
  repaidAmount: 0,
  outstandingAmount: 0,
};

/** A split whose total is the sum of its single and instalment parts. */
function splitOf<T extends object>(single: T, instalment: T): Split<T> {
  const total = Object.fromEntries(
    Object.keys(single).map((key) => [
      key,
      (single[key as keyof T] as number) + (instalment[key as keyof T] as number),
    ]),
  ) as T;
  return { total, single, instalment };
}

/**
 * A lender's book as `contract.statistics` answers it: one single-payment contract (2,000,000,
 * 1,500,000 repaid, 300,000 of it today) and two instalment contracts (one of them overdue).
 */
export function fakeStatistics(asOf = "2026-05-10"): LenderStatistics {
  const single = {
    ...noFigures,
    signedCount: 1,
    contractedAmount: 2_000_000,
    disbursedAmount: 2_000_000,
    repaidAmount: 1_500_000,
    notYetDueCount: 1,
    notYetDueAmount: 520_000,
    profit: -500_000,
  };
  const instalment = {
    ...noFigures,
    signedCount: 2,
    repaidCount: 1,
    overdueCount: 1,
    dueTodayCount: 1,
    contractedAmount: 3_000_000,
    disbursedAmount: 3_000_000,
    repaidAmount: 1_700_000,
    overdueAmount: 340_000,
    dueTodayAmount: 340_000,
    notYetDueAmount: 680_000,
    profit: -1_300_000,
  };
  const singleToday = {
    ...single,
    signedCount: 0,
    contractedAmount: 0,
    disbursedAmount: 0,
    repaidAmount: 300_000,
    profit: 300_000,
  };
  const instalmentToday = {
    ...instalment,
    signedCount: 0,
    repaidCount: 0,
    overdueCount: 0,
    contractedAmount: 0,
    disbursedAmount: 0,
    repaidAmount: 0,
    overdueAmount: 0,
    profit: 0,
  };
  return {
    asOf,
    allTime: splitOf(single, instalment),
    today: splitOf(singleToday, instalmentToday),
    inProgress: splitOf(
      {
        count: 1,
        contractedAmount: 2_000_000,
        repaidAmount: 1_500_000,
        outstandingAmount: 520_000,
      },
      {
        count: 1,
        contractedAmount: 2_000_000,
        repaidAmount: 700_000,
        outstandingAmount: 1_360_000,
      },
    ),
    completed: splitOf(noProgress, {
      count: 1,
      contractedAmount: 1_000_000,
      repaidAmount: 1_000_000,
      outstandingAmount: 0,
    }),
  };
}

/** The windows of the same book as `contract.statisticsWindows` answers them. */
export function fakeStatisticsWindows(asOf = "2026-05-10"): LenderStatisticsWindows {
  const summary = {
    signedCount: 0,
    settledCount: 0,
    inTransitAmount: 0,
    settledAmount: 0,
    overdueCount: 0,
  };
  return {
    asOf,
    windows: [
      {
        days: 1,
        lookbackFrom: "2026-05-10",
        forwardTo: "2026-05-10",
        disbursedAmount: 0,
        repaidAmount: 300_000,
        dueAmount: 340_000,
      },
      {
        days: 3,
        lookbackFrom: "2026-05-08",
        forwardTo: "2026-05-12",
        disbursedAmount: 1_000_000,
        repaidAmount: 640_000,
        dueAmount: 340_000,
      },
      {
        days: 7,
        lookbackFrom: "2026-05-04",
        forwardTo: "2026-05-16",
        disbursedAmount: 3_000_000,
        repaidAmount: 980_000,
        dueAmount: 860_000,
      },
    ],
    sharedDebt: {
      online: {
        ...summary,
        signedCount: 3,
        settledCount: 1,
        inTransitAmount: 1_880_000,
        settledAmount: 1_000_000,
        overdueCount: 1,
      },
      offline: summary,
    },
  };
}
