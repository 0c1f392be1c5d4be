import { type CalendarDate, fromDayNumber, toDayNumber } from "../dates";
import type { Money } from "../money";
import type { ScheduledInstalment } from "../schedule";
import { effectiveEntries, type LedgerEntry } from "./entry";

export interface BalanceTerms {
  schedule: readonly ScheduledInstalment[];
  overdueRatePercent: number;
  loanDate: CalendarDate;
}

/**
 * Where one instalment stands after the ledger entries that concern it: everything needed to
 * know its balance on any later day without reading the ledger again. The server keeps one row
 * of these per instalment (its read model, docs/money.md), rewritten with every ledger append.
 */
export interface InstalmentState {
  index: number;
  /** The schedule's due date before renewals. */
  originalDueDate: CalendarDate;
  /** The due date after renewals. */
  dueDate: CalendarDate;
  /** The scheduled principal. */
  amount: Money;
  /** Applied repayments (principal first, then overdue interest). */
  repaid: Money;
  /** Applied waivers (principal first, then overdue interest). */
  waived: Money;
  principalOutstanding: Money;
  /** Overdue interest paid or waived so far. */
  interestSettled: Money;
  /**
   * Overdue interest accrued through `accruedThrough`, exactly: the sum of
   * principal x basis points x days, not yet divided by 100 x 100 x 365.
   */
  accruedInterestUnits: bigint;
  /** The last day whose interest `accruedInterestUnits` counts (the loan date before any entry). */
  accruedThrough: CalendarDate;
  /** Money in the ledger that could not be applied because nothing was owed (0 when sound). */
  overpaid: Money;
  renewed: boolean;
  /** The sequence number of the last ledger entry about this instalment (0 when none). */
  lastEntrySeq: number;
}

export interface InstalmentBalance {
  index: number;
  /** The due date after renewals. */
  dueDate: CalendarDate;
  /** The scheduled principal. */
  amount: Money;
  /** Applied repayments (principal first, then overdue interest). */
  repaid: Money;
  /** Applied waivers (principal first, then overdue interest). */
  waived: Money;
  /** What is still owed: principal + accrued overdue interest - repaid - waived; never negative. */
  outstanding: Money;
  /** Days past the due date with money outstanding; 0 when not overdue. */
  daysOverdue: number;
  /** Overdue interest accrued so far (paid or not); part of what is due. */
  overdueInterest: Money;
  principalOutstanding: Money;
  interestOutstanding: Money;
  /** Money in the ledger that could not be applied because nothing was owed (0 when sound). */
  overpaid: Money;
  /** The schedule's due date before renewals. */
  originalDueDate: CalendarDate;
  renewed: boolean;
}

export interface ContractBalances {
  instalments: InstalmentBalance[];
  /** Principal + accrued overdue interest of every instalment; = repaid + waived + outstanding. */
  due: Money;
  repaid: Money;
  waived: Money;
  outstanding: Money;
  /** Outstanding (principal and interest) of instalments past their due date. */
  overdueAmount: Money;
  /** Overdue interest accrued so far over all instalments. */
  overdueInterest: Money;
  /** The earliest due date with money outstanding (may be past, when overdue); null when none. */
  nextDueDate: CalendarDate | null;
  overpaid: Money;
  /** Whether any renewal is in effect. */
  renewed: boolean;
}

/** How much of one ledger entry took effect. */
export interface AppliedEntry {
  entry: LedgerEntry;
  applied: Money;
  excess: Money;
}

export interface LedgerReplay {
  balances: ContractBalances;
  /** Each instalment after the entries in effect: what the server's read model holds. */
  states: InstalmentState[];
  applied: AppliedEntry[];
}

/** Percent (2 decimals) x 100 = basis points; x 100 x 365 days turns a day of interest into money. */
export const interestDenominator = 100n * 100n * 365n;

export function basisPointsOf(overdueRatePercent: number): bigint {
  return BigInt(Math.round(overdueRatePercent * 100));
}

/** Each instalment as agreed, before any ledger entry. */
export function initialInstalmentStates(terms: BalanceTerms): InstalmentState[] {
  return terms.schedule.map((scheduled) => ({
    index: scheduled.index,
    originalDueDate: scheduled.dueDate,
    dueDate: scheduled.dueDate,
    amount: scheduled.amount,
    repaid: 0,
    waived: 0,
    principalOutstanding: scheduled.amount,
    interestSettled: 0,
    accruedInterestUnits: 0n,
    accruedThrough: terms.loanDate,
    overpaid: 0,
    renewed: false,
    lastEntrySeq: 0,
  }));
}

/**
 * Overdue interest accrued through `day`: for every day an instalment is past its due date (as it
 * stood at the start of that day), principal outstanding x overdue rate / 365. Never on interest.
 */
function accruedThrough(state: InstalmentState, basisPoints: bigint, day: number): bigint {
  const from = Math.max(toDayNumber(state.accruedThrough), toDayNumber(state.dueDate));
  if (day <= from || state.principalOutstanding <= 0) return state.accruedInterestUnits;
  return (
    state.accruedInterestUnits +
    BigInt(state.principalOutstanding) * BigInt(day - from) * basisPoints
  );
}

/** The instalment's state once its interest is counted through `day`. */
function accrue(state: InstalmentState, basisPoints: bigint, day: number): InstalmentState {
  const current = toDayNumber(state.accruedThrough);
  if (day <= current) return state;
  return {
    ...state,
    accruedInterestUnits: accruedThrough(state, basisPoints, day),
    accruedThrough: fromDayNumber(day),
  };
}

/**
 * The instalment's balance on `on` (decisions: docs/money.md). The exact interest is rounded DOWN
 * to a whole currency unit once, so the borrower is never charged a fraction they do not owe.
 * A payment on a day still owes that day's interest (paying on the due date + 1 owes one day).
 */
export function instalmentBalanceOn(
  state: InstalmentState,
  overdueRatePercent: number,
  on: CalendarDate,
): InstalmentBalance {
  const day = toDayNumber(on);
  const units = accruedThrough(state, basisPointsOf(overdueRatePercent), day);
  const overdueInterest = Number(units / interestDenominator);
  const interestOutstanding = Math.max(0, overdueInterest - state.interestSettled);
  const outstanding = state.principalOutstanding + interestOutstanding;
  const dueDay = toDayNumber(state.dueDate);
  return {
    index: state.index,
    dueDate: state.dueDate,
    amount: state.amount,
    repaid: state.repaid,
    waived: state.waived,
    outstanding,
    daysOverdue: outstanding > 0 && day > dueDay ? day - dueDay : 0,
    overdueInterest,
    principalOutstanding: state.principalOutstanding,
    interestOutstanding,
    overpaid: state.overpaid,
    originalDueDate: state.originalDueDate,
    renewed: state.renewed,
  };
}

/** Contract totals from its instalments' balances. */
export function contractBalancesOf(instalments: InstalmentBalance[]): ContractBalances {
  const sum = (pick: (balance: InstalmentBalance) => number) =>
    instalments.reduce((total, balance) => total + pick(balance), 0);
  const owing = instalments
    .filter((balance) => balance.outstanding > 0)
    .map((balance) => balance.dueDate)
    .sort();
  return {
    instalments,
    due: sum((b) => b.amount + b.overdueInterest),
    repaid: sum((b) => b.repaid),
    waived: sum((b) => b.waived),
    outstanding: sum((b) => b.outstanding),
    overdueAmount: sum((b) => (b.daysOverdue > 0 ? b.outstanding : 0)),
    overdueInterest: sum((b) => b.overdueInterest),
    nextDueDate: owing[0] ?? null,
    overpaid: sum((b) => b.overpaid),
    renewed: instalments.some((b) => b.renewed),
  };
}

/** A contract's balances on `on` from its instalments' states (the server's read model). */
export function balancesOn(
  states: readonly InstalmentState[],
  overdueRatePercent: number,
  on: CalendarDate,
): ContractBalances {
  return contractBalancesOf(
    states.map((state) => instalmentBalanceOn(state, overdueRatePercent, on)),
  );
}

/** Balances from the terms and the ledger as of `today`. */
export function balancesAsOf(
  terms: BalanceTerms,
  ledger: readonly LedgerEntry[],
  today: CalendarDate,
): ContractBalances {
  return replayLedger(terms, ledger, today).balances;
}

/**
 * Replays the ledger entries in effect on `today`, in ledger order, into each instalment's
 * state, then reads the balances as of `today`.
 *
 * Repayments and waivers go to principal first, then to interest (so interest stops as early as
 * possible: the borrower-favourable order). A renewal moves the due date from its own date on;
 * interest accrued before it stays owed (the lender may waive it).
 */
export function replayLedger(
  terms: BalanceTerms,
  ledger: readonly LedgerEntry[],
  today: CalendarDate,
): LedgerReplay {
  const basisPoints = basisPointsOf(terms.overdueRatePercent);
  const states = new Map(initialInstalmentStates(terms).map((state) => [state.index, state]));
  const applied: AppliedEntry[] = [];
  for (const entry of ledger) {
    const state = states.get(entry.instalmentIndex);
    if (state && entry.date <= today && entry.seq > state.lastEntrySeq) {
      states.set(entry.instalmentIndex, { ...state, lastEntrySeq: entry.seq });
    }
  }
  for (const entry of effectiveEntries(ledger, today)) {
    const before = states.get(entry.instalmentIndex);
    if (!before) continue;
    const state = accrue(before, basisPoints, toDayNumber(entry.date));
    if (entry.kind === "renewal") {
      if (entry.newDueDate !== null) {
        states.set(state.index, { ...state, dueDate: entry.newDueDate, renewed: true });
      } else {
        states.set(state.index, state);
      }
      continue;
    }
    const amount = Math.max(0, entry.amount ?? 0);
    const interestAccrued = Number(state.accruedInterestUnits / interestDenominator);
    const toPrincipal = Math.min(amount, state.principalOutstanding);
    const toInterest = Math.min(amount - toPrincipal, interestAccrued - state.interestSettled);
    const used = toPrincipal + toInterest;
    applied.push({ entry, applied: used, excess: amount - used });
    states.set(state.index, {
      ...state,
      principalOutstanding: state.principalOutstanding - toPrincipal,
      interestSettled: state.interestSettled + toInterest,
      repaid: state.repaid + (entry.kind === "repayment" ? used : 0),
      waived: state.waived + (entry.kind === "waiver" ? used : 0),
      overpaid: state.overpaid + amount - used,
    });
  }
  const finalStates = [...states.values()];
  return {
    balances: balancesOn(finalStates, terms.overdueRatePercent, today),
    states: finalStates,
    applied,
  };
}
