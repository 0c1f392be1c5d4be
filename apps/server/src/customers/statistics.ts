import {
  addDays,
  type CalendarDate,
  type LenderStatistics,
  type LenderStatisticsWindows,
  type ProgressFigures,
  type SharedDebtSummary,
  type Split,
  type StatisticsFigures,
  statisticsWindowDays,
  summarizeOfflineLoans,
} from "@chayong/domain";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/database";
import { offlineLoans } from "../db/schema";
import {
  type BookSums,
  bookSumsOf,
  lockBook,
  type OverdueFigures,
  overdueFiguresOf,
} from "./book-days";

/** One contract type's figures from the read model's sums and today's overdue interest. */
interface TypeFigures {
  allTime: StatisticsFigures;
  today: StatisticsFigures;
  inProgress: ProgressFigures;
  completed: ProgressFigures;
  windows: LenderStatisticsWindows["windows"];
  online: SharedDebtSummary;
}

/**
 * The dashboard figures of one contract type as @chayong/domain's statistics define them
 * (`computeStatistics`, `computeStatisticsWindows`: the reference the tests hold this to),
 * from the statistics read model (./book-days.ts).
 */
function figuresOf(sums: BookSums, overdue: OverdueFigures, today: CalendarDate): TypeFigures {
  const windows = statisticsWindowDays.map((days) => {
    const window = sums.windows.find((candidate) => candidate.days === days);
    if (window === undefined) throw new Error(`no ${days}-day window`);
    return {
      days,
      lookbackFrom: addDays(today, -(days - 1)),
      forwardTo: addDays(today, days - 1),
      disbursedAmount: window.disbursedAmount,
      repaidAmount: window.repaidAmount,
      dueAmount: window.dueAmount,
    };
  });
  const [todayWindow] = windows;
  if (todayWindow === undefined) throw new Error("no today window");
  const pointInTime = {
    notYetDueCount: sums.notYetDueCount,
    dueTodayCount: sums.dueTodayCount,
    notYetDueAmount: sums.notYetDueAmount,
    dueTodayAmount: sums.dueTodayAmount,
  };
  const inProgress: ProgressFigures = {
    count: sums.signedCount - sums.closedCount,
    contractedAmount: sums.contractedAmount - sums.closedContractedAmount,
    repaidAmount: sums.repaidAmount - sums.closedRepaidAmount,
    // Owed on instalments due today or later is fixed between entries; overdue ones accrue.
    outstandingAmount: overdue.overdueAmount + sums.dueTodayAmount + sums.notYetDueAmount,
  };
  return {
    allTime: {
      signedCount: sums.signedCount,
      repaidCount: sums.closedCount,
      overdueCount: sums.overdueCount,
      contractedAmount: sums.contractedAmount,
      disbursedAmount: sums.disbursedAmount,
      repaidAmount: sums.repaidAmount,
      overdueAmount: overdue.overdueAmount,
      profit: sums.repaidAmount - sums.disbursedAmount,
      ...pointInTime,
    },
    today: {
      signedCount: sums.signedToday,
      repaidCount: sums.closedToday,
      overdueCount: sums.fellOverdueCount,
      contractedAmount: sums.contractedToday,
      disbursedAmount: todayWindow.disbursedAmount,
      repaidAmount: todayWindow.repaidAmount,
      overdueAmount: overdue.fellOverdueAmount,
      profit: todayWindow.repaidAmount - todayWindow.disbursedAmount,
      ...pointInTime,
    },
    inProgress,
    completed: {
      count: sums.closedCount,
      contractedAmount: sums.closedContractedAmount,
      repaidAmount: sums.closedRepaidAmount,
      outstandingAmount: 0,
    },
    windows,
    online: {
      signedCount: sums.signedCount,
      settledCount: sums.closedCount,
      inTransitAmount: inProgress.outstandingAmount,
      settledAmount: sums.closedRepaidAmount,
      overdueCount: sums.overdueCount,
    },
  };
}

/** Field-wise sum of two figure records (every dashboard figure adds up across types). */
function sumOf<T extends object>(a: T, b: T): T {
  return Object.fromEntries(
    Object.entries(a).map(([name, value]) => [
      name,
      typeof value === "number" ? value + ((b as Record<string, number>)[name] ?? 0) : value,
    ]),
  ) as T;
}

function split<T extends object>(single: T, instalment: T): Split<T> {
  return { total: sumOf(single, instalment), single, instalment };
}

/** The lender's book as of `today`: both contract types, from the read model. */
async function bookFiguresOf(db: Db, lenderId: string, today: CalendarDate) {
  const { sums, overdue } = await db.transaction(async (tx) => {
    await lockBook(tx, lenderId, "read");
    return {
      sums: await bookSumsOf(tx, lenderId, today, statisticsWindowDays),
      overdue: await overdueFiguresOf(tx, lenderId, today),
    };
  });
  return {
    single: figuresOf(sums.single, overdue.single, today),
    instalment: figuresOf(sums.instalment, overdue.instalment, today),
  };
}

export async function lenderStatisticsOf(
  db: Db,
  lenderId: string,
  today: CalendarDate,
): Promise<LenderStatistics> {
  const { single, instalment } = await bookFiguresOf(db, lenderId, today);
  return {
    asOf: today,
    allTime: split(single.allTime, instalment.allTime),
    today: split(single.today, instalment.today),
    inProgress: split(single.inProgress, instalment.inProgress),
    completed: split(single.completed, instalment.completed),
  };
}

export async function lenderStatisticsWindowsOf(
  db: Db,
  lenderId: string,
  today: CalendarDate,
): Promise<LenderStatisticsWindows> {
  const [{ single, instalment }, reports] = await Promise.all([
    bookFiguresOf(db, lenderId, today),
    db
      .select()
      .from(offlineLoans)
      .where(and(eq(offlineLoans.lenderId, lenderId), isNull(offlineLoans.withdrawnAt))),
  ]);
  return {
    asOf: today,
    windows: single.windows.map((window, i) => {
      const other = instalment.windows[i] ?? window;
      return {
        ...window,
        disbursedAmount: window.disbursedAmount + other.disbursedAmount,
        repaidAmount: window.repaidAmount + other.repaidAmount,
        dueAmount: window.dueAmount + other.dueAmount,
      };
    }),
    sharedDebt: {
      online: sumOf(single.online, instalment.online),
      // The loans this lender reported for lending outside the app (docs/customers.md).
      offline: summarizeOfflineLoans(reports),
    },
  };
}
