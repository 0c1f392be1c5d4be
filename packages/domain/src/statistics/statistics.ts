import * as v from "valibot";
import type { Contract } from "../contract";
import { addDays, type CalendarDate, todayIn } from "../dates";
import { defaultTimeZoneOf } from "../jurisdiction";
import {
  type BalanceTerms,
  type InstalmentBalance,
  type LedgerEntry,
  replayLedger,
} from "../ledger";
import { type Money, moneySchema } from "../money";
import {
  type OfflineLoanRecord,
  type SharedDebtInfo,
  sharedDebtInfoSchema,
  summarizeOfflineLoans,
  summarizeOnlineDebt,
} from "../shared-debt";
import { type ContractStatus, type ContractType, deriveStatus } from "../status";

/**
 * The lender's dashboard figures (docs/customers.md#what-each-figure-means), each defined once, here.
 * Only signed, non-cancelled contracts are in the book; unsigned ones have lent nothing yet.
 */
export interface StatisticsFigures {
  /** Contracts signed (all time) / signed today (signing instant in the business time zone). */
  signedCount: number;
  /** Contracts closed, settled (type5) or completed (type3) / closed today (last money entry today). */
  repaidCount: number;
  /** Contracts overdue now (type4) / that fell overdue today (an instalment 1 day overdue). */
  overdueCount: number;
  /** Contracts with an outstanding instalment due after today (a point in time: same in both). */
  notYetDueCount: number;
  /** Contracts with an outstanding instalment due today (a point in time: same in both). */
  dueTodayCount: number;
  /** Loan amounts of contracts signed (all time) / signed today. */
  contractedAmount: Money;
  /** Disbursed amounts of signed contracts (all time) / whose loan date is today. */
  disbursedAmount: Money;
  /** Ledger repayments applied (all time) / dated today; reversed ones never count. */
  repaidAmount: Money;
  /** Outstanding (with interest) of overdue instalments / of instalments that fell overdue today. */
  overdueAmount: Money;
  /** Outstanding of instalments due after today (a point in time: same in both). */
  notYetDueAmount: Money;
  /** Outstanding of instalments due today (a point in time: same in both). */
  dueTodayAmount: Money;
  /** repaidAmount - disbursedAmount (negative while money is out). */
  profit: number;
}

export interface ProgressFigures {
  count: number;
  contractedAmount: Money;
  repaidAmount: Money;
  outstandingAmount: Money;
}

/** A figure set for all contracts, single-payment ones and instalment ones. */
export interface Split<T> {
  total: T;
  single: T;
  instalment: T;
}

/** `/api/v1/contract/statistics` (docs/customers.md#what-each-figure-means). */
export interface LenderStatistics {
  asOf: CalendarDate;
  allTime: Split<StatisticsFigures>;
  today: Split<StatisticsFigures>;
  /** Signed contracts still owing (type4, type6). */
  inProgress: Split<ProgressFigures>;
  /** Signed contracts closed (type3, type5). */
  completed: Split<ProgressFigures>;
}

/** The statistics windows (docs/constants.md#contracts-and-money): today, 3 days, 7 days. */
export const statisticsWindowDays = [1, 3, 7] as const;

/**
 * One window: disbursed and repaid look back over the last `days` days including today;
 * due looks forward over the next `days` days including today.
 */
export interface StatisticsWindow {
  days: (typeof statisticsWindowDays)[number];
  lookbackFrom: CalendarDate;
  forwardTo: CalendarDate;
  /** Disbursed amounts of signed contracts whose loan date is in the look-back. */
  disbursedAmount: Money;
  /** Repayments applied with a date in the look-back. */
  repaidAmount: Money;
  /** Outstanding of instalments due in the look-forward. */
  dueAmount: Money;
}

/** `/api/v2/contract/statistics` (docs/customers.md#what-each-figure-means): windows and the shared-debt summary of the book. */
export interface LenderStatisticsWindows {
  asOf: CalendarDate;
  windows: StatisticsWindow[];
  sharedDebt: SharedDebtInfo;
}

export interface StatisticsOptions {
  /** The lender's business time zone; by default the contract's jurisdiction's. */
  timeZone?: string;
}

/** One contract as the statistics see it on `today`. */
interface BookEntry {
  type: ContractType;
  status: ContractStatus;
  signedOn: CalendarDate;
  loanDate: CalendarDate;
  loanAmount: Money;
  disbursedAmount: Money;
  instalments: InstalmentBalance[];
  repayments: { date: CalendarDate; applied: Money }[];
  lastMoneyDate: CalendarDate | null;
  repaid: Money;
  outstanding: Money;
}

/** The terms of a contract answer: its schedule as first agreed (renewals are in the ledger). */
export function balanceTermsOf(
  contract: Pick<Contract, "schedule" | "overdueRatePercent" | "loanDate">,
): BalanceTerms {
  return {
    loanDate: contract.loanDate,
    overdueRatePercent: contract.overdueRatePercent,
    schedule: contract.schedule.map((instalment) => ({
      index: instalment.index,
      dueDate: instalment.originalDueDate,
      amount: instalment.amount,
    })),
  };
}

/** The book: signed, non-cancelled contracts, re-derived from their ledger as of `today`. */
function book(
  contracts: readonly Contract[],
  ledger: readonly LedgerEntry[],
  today: CalendarDate,
  options: StatisticsOptions,
): BookEntry[] {
  const entriesByContract = new Map<string, LedgerEntry[]>();
  for (const entry of ledger) {
    const list = entriesByContract.get(entry.contractId) ?? [];
    list.push(entry);
    entriesByContract.set(entry.contractId, list);
  }
  const entries: BookEntry[] = [];
  for (const contract of contracts) {
    if (contract.cancelled || contract.signedAt === null) continue;
    const replay = replayLedger(
      balanceTermsOf(contract),
      entriesByContract.get(contract.id) ?? [],
      today,
    );
    const status = deriveStatus({
      opened: true,
      signed: true,
      cancelled: false,
      balances: replay.balances,
      today,
    }) as ContractStatus;
    const moneyDates = replay.applied
      .filter((item) => item.applied > 0)
      .map((item) => item.entry.date)
      .sort();
    const timeZone = options.timeZone ?? defaultTimeZoneOf(contract.jurisdiction);
    entries.push({
      type: contract.type,
      status,
      signedOn: todayIn(timeZone, new Date(contract.signedAt)),
      loanDate: contract.loanDate,
      loanAmount: contract.loanAmount,
      disbursedAmount: contract.disbursedAmount,
      instalments: replay.balances.instalments,
      repayments: replay.applied
        .filter((item) => item.entry.kind === "repayment")
        .map((item) => ({ date: item.entry.date, applied: item.applied })),
      lastMoneyDate: moneyDates.at(-1) ?? null,
      repaid: replay.balances.repaid,
      outstanding: replay.balances.outstanding,
    });
  }
  return entries;
}

const isClosed = (status: ContractStatus) => status === "type3" || status === "type5";
const sum = <T>(items: readonly T[], pick: (item: T) => number) =>
  items.reduce((total, item) => total + pick(item), 0);

function allTimeFigures(entries: readonly BookEntry[], today: CalendarDate): StatisticsFigures {
  const instalments = entries.flatMap((entry) => entry.instalments);
  const owing = (b: InstalmentBalance) => b.outstanding > 0;
  const disbursedAmount = sum(entries, (e) => e.disbursedAmount);
  const repaidAmount = sum(entries, (e) => e.repaid);
  return {
    signedCount: entries.length,
    repaidCount: entries.filter((e) => isClosed(e.status)).length,
    overdueCount: entries.filter((e) => e.status === "type4").length,
    notYetDueCount: entries.filter((e) => e.instalments.some((b) => owing(b) && b.dueDate > today))
      .length,
    dueTodayCount: entries.filter((e) => e.instalments.some((b) => owing(b) && b.dueDate === today))
      .length,
    contractedAmount: sum(entries, (e) => e.loanAmount),
    disbursedAmount,
    repaidAmount,
    overdueAmount: sum(instalments, (b) => (b.daysOverdue > 0 ? b.outstanding : 0)),
    notYetDueAmount: sum(instalments, (b) => (b.dueDate > today ? b.outstanding : 0)),
    dueTodayAmount: sum(instalments, (b) => (b.dueDate === today ? b.outstanding : 0)),
    profit: repaidAmount - disbursedAmount,
  };
}

function todayFigures(entries: readonly BookEntry[], today: CalendarDate): StatisticsFigures {
  const pointInTime = allTimeFigures(entries, today);
  const signedToday = entries.filter((e) => e.signedOn === today);
  const fellOverdue = (b: InstalmentBalance) => b.daysOverdue === 1;
  const disbursedAmount = sum(
    entries.filter((e) => e.loanDate === today),
    (e) => e.disbursedAmount,
  );
  const repaidAmount = sum(
    entries.flatMap((e) => e.repayments),
    (r) => (r.date === today ? r.applied : 0),
  );
  return {
    ...pointInTime,
    signedCount: signedToday.length,
    repaidCount: entries.filter((e) => isClosed(e.status) && e.lastMoneyDate === today).length,
    overdueCount: entries.filter((e) => e.instalments.some(fellOverdue)).length,
    contractedAmount: sum(signedToday, (e) => e.loanAmount),
    disbursedAmount,
    repaidAmount,
    overdueAmount: sum(
      entries.flatMap((e) => e.instalments),
      (b) => (fellOverdue(b) ? b.outstanding : 0),
    ),
    profit: repaidAmount - disbursedAmount,
  };
}

function progressFigures(entries: readonly BookEntry[]): ProgressFigures {
  return {
    count: entries.length,
    contractedAmount: sum(entries, (e) => e.loanAmount),
    repaidAmount: sum(entries, (e) => e.repaid),
    outstandingAmount: sum(entries, (e) => e.outstanding),
  };
}

function split<T>(entries: readonly BookEntry[], figures: (subset: BookEntry[]) => T): Split<T> {
  return {
    total: figures([...entries]),
    single: figures(entries.filter((e) => e.type === "single")),
    instalment: figures(entries.filter((e) => e.type === "instalment")),
  };
}

/**
 * The all-time / today dashboard of a lender's contracts as of `today`. `ledger` holds the
 * entries of these contracts (others are ignored); balances are re-derived from it, so the
 * figures never depend on when the contract answers were built.
 */
export function computeStatistics(
  contracts: readonly Contract[],
  ledger: readonly LedgerEntry[],
  today: CalendarDate,
  options: StatisticsOptions = {},
): LenderStatistics {
  const entries = book(contracts, ledger, today, options);
  return {
    asOf: today,
    allTime: split(entries, (subset) => allTimeFigures(subset, today)),
    today: split(entries, (subset) => todayFigures(subset, today)),
    inProgress: split(entries, (subset) =>
      progressFigures(subset.filter((e) => !isClosed(e.status))),
    ),
    completed: split(entries, (subset) =>
      progressFigures(subset.filter((e) => isClosed(e.status))),
    ),
  };
}

/** The today / 3 / 7-day windows and the shared-debt summary of the lender's own book. */
export function computeStatisticsWindows(
  contracts: readonly Contract[],
  ledger: readonly LedgerEntry[],
  today: CalendarDate,
  options: StatisticsOptions & {
    offlineRecords?: readonly Pick<OfflineLoanRecord, "amount" | "outstandingAmount" | "state">[];
  } = {},
): LenderStatisticsWindows {
  const entries = book(contracts, ledger, today, options);
  const windows = statisticsWindowDays.map((days): StatisticsWindow => {
    const lookbackFrom = addDays(today, -(days - 1));
    const forwardTo = addDays(today, days - 1);
    const inLookback = (date: CalendarDate) => date >= lookbackFrom && date <= today;
    return {
      days,
      lookbackFrom,
      forwardTo,
      disbursedAmount: sum(
        entries.filter((e) => inLookback(e.loanDate)),
        (e) => e.disbursedAmount,
      ),
      repaidAmount: sum(
        entries.flatMap((e) => e.repayments),
        (r) => (inLookback(r.date) ? r.applied : 0),
      ),
      dueAmount: sum(
        entries.flatMap((e) => e.instalments),
        (b) => (b.dueDate >= today && b.dueDate <= forwardTo ? b.outstanding : 0),
      ),
    };
  });
  return {
    asOf: today,
    windows,
    sharedDebt: {
      online: summarizeOnlineDebt(
        entries.map((e) => ({
          status: e.status,
          cancelled: false,
          signedAt: e.signedOn,
          repaidAmount: e.repaid,
          outstandingAmount: e.outstanding,
        })),
      ),
      offline: summarizeOfflineLoans(options.offlineRecords ?? []),
    },
  };
}

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const figuresSchema = v.object({
  signedCount: count,
  repaidCount: count,
  overdueCount: count,
  notYetDueCount: count,
  dueTodayCount: count,
  contractedAmount: moneySchema,
  disbursedAmount: moneySchema,
  repaidAmount: moneySchema,
  overdueAmount: moneySchema,
  notYetDueAmount: moneySchema,
  dueTodayAmount: moneySchema,
  profit: v.pipe(v.number(), v.safeInteger()),
}) satisfies v.GenericSchema<unknown, StatisticsFigures>;
const progressSchema = v.object({
  count,
  contractedAmount: moneySchema,
  repaidAmount: moneySchema,
  outstandingAmount: moneySchema,
}) satisfies v.GenericSchema<unknown, ProgressFigures>;
const splitOf = <T extends v.GenericSchema>(schema: T) =>
  v.object({ total: schema, single: schema, instalment: schema });

export const lenderStatisticsSchema = v.object({
  asOf: v.string(),
  allTime: splitOf(figuresSchema),
  today: splitOf(figuresSchema),
  inProgress: splitOf(progressSchema),
  completed: splitOf(progressSchema),
}) satisfies v.GenericSchema<unknown, LenderStatistics>;

export const lenderStatisticsWindowsSchema = v.object({
  asOf: v.string(),
  windows: v.array(
    v.object({
      days: v.picklist(statisticsWindowDays),
      lookbackFrom: v.string(),
      forwardTo: v.string(),
      disbursedAmount: moneySchema,
      repaidAmount: moneySchema,
      dueAmount: moneySchema,
    }),
  ),
  sharedDebt: sharedDebtInfoSchema,
}) satisfies v.GenericSchema<unknown, LenderStatisticsWindows>;
