import { type CalendarDate, fromDayNumber, toDayNumber } from "../dates";
import type { Money } from "../money";
import type { ScheduledInstalment } from "../schedule";
import { effectiveEntries, type LedgerEntry } from "./entry";

export interface BalanceTerms {
  schedule: readonly ScheduledInstalment[];
  overdueRatePercent: number;
  loanDate: CalendarDate;
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
  applied: AppliedEntry[];
}

/** Percent (2 decimals) x 100 = basis points; x 100 x 365 days turns a day of interest into money. */
const interestDenominator = 100n * 100n * 365n;

/**
 * Balances from the terms and the ledger as of `today` (decisions §4).
 *
 * Overdue interest is simple and daily: for every day an instalment is past its due date (as it
 * stood at the start of that day), `outstanding principal x overdueRate / 365` accrues. It is
 * never charged on interest. The exact sum is kept as a fraction and rounded DOWN to a whole
 * currency unit once per instalment, so the borrower is never charged a fraction they do not owe.
 * A payment on a day still owes that day's interest (paying on the due date + 1 owes one day).
 *
 * Repayments and waivers go to principal first, then to interest (so interest stops as early as
 * possible: the borrower-favourable order). A renewal moves the due date from its own date on;
 * interest accrued before it stays owed (the lender may waive it).
 */
export function balancesAsOf(
  terms: BalanceTerms,
  ledger: readonly LedgerEntry[],
  today: CalendarDate,
): ContractBalances {
  return replayLedger(terms, ledger, today).balances;
}

export function replayLedger(
  terms: BalanceTerms,
  ledger: readonly LedgerEntry[],
  today: CalendarDate,
): LedgerReplay {
  const todayDay = toDayNumber(today);
  const loanDay = toDayNumber(terms.loanDate);
  const basisPoints = BigInt(Math.round(terms.overdueRatePercent * 100));
  const entries = effectiveEntries(ledger, today);
  const applied: AppliedEntry[] = [];
  // Entries of each instalment, in ledger order, with their day numbers computed once.
  const byInstalment = new Map<number, { entry: LedgerEntry; day: number }[]>();
  for (const entry of entries) {
    const list = byInstalment.get(entry.instalmentIndex) ?? [];
    list.push({ entry, day: toDayNumber(entry.date) });
    byInstalment.set(entry.instalmentIndex, list);
  }

  const instalments = terms.schedule.map((scheduled): InstalmentBalance => {
    let principalOutstanding = scheduled.amount;
    let interestSettled = 0;
    let accrued = 0n; // money x basis points x days
    let dueDay = toDayNumber(scheduled.dueDate);
    let cursor = loanDay; // last day whose interest is counted
    let repaid = 0;
    let waived = 0;
    let overpaid = 0;
    let renewed = false;

    const accrueThrough = (day: number) => {
      const from = Math.max(cursor, dueDay);
      if (day > from && principalOutstanding > 0) {
        accrued += BigInt(principalOutstanding) * BigInt(day - from) * basisPoints;
      }
      cursor = Math.max(cursor, day);
    };
    const interestAccrued = () => Number(accrued / interestDenominator);

    for (const { entry, day } of byInstalment.get(scheduled.index) ?? []) {
      accrueThrough(day);
      if (entry.kind === "renewal") {
        if (entry.newDueDate !== null) {
          dueDay = toDayNumber(entry.newDueDate);
          renewed = true;
        }
        continue;
      }
      const amount = Math.max(0, entry.amount ?? 0);
      const toPrincipal = Math.min(amount, principalOutstanding);
      const toInterest = Math.min(amount - toPrincipal, interestAccrued() - interestSettled);
      principalOutstanding -= toPrincipal;
      interestSettled += toInterest;
      const used = toPrincipal + toInterest;
      if (entry.kind === "repayment") repaid += used;
      else waived += used;
      overpaid += amount - used;
      applied.push({ entry, applied: used, excess: amount - used });
    }
    accrueThrough(todayDay);

    const overdueInterest = interestAccrued();
    const interestOutstanding = overdueInterest - interestSettled;
    const outstanding = principalOutstanding + interestOutstanding;
    return {
      index: scheduled.index,
      dueDate: fromDayNumber(dueDay),
      amount: scheduled.amount,
      repaid,
      waived,
      outstanding,
      daysOverdue: outstanding > 0 && todayDay > dueDay ? todayDay - dueDay : 0,
      overdueInterest,
      principalOutstanding,
      interestOutstanding,
      overpaid,
      originalDueDate: scheduled.dueDate,
      renewed,
    };
  });

  const sum = (pick: (balance: InstalmentBalance) => number) =>
    instalments.reduce((total, balance) => total + pick(balance), 0);
  const owing = instalments
    .filter((balance) => balance.outstanding > 0)
    .map((balance) => balance.dueDate)
    .sort();

  return {
    balances: {
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
    },
    applied,
  };
}
