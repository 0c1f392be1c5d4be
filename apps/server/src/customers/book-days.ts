import {
  type AppliedEntry,
  addDays,
  type CalendarDate,
  type ContractTerms,
  type InstalmentState,
  instalmentBalanceOn,
  interestDenominator,
  replayLedger,
  todayIn,
} from "@chayong/domain";
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { toLedgerEntry } from "../contracts/contract-store";
import { type Db, rowsOf } from "../db/database";
import { contracts, ledgerEntries, lenderBookDays, lenderOverdueDays } from "../db/schema";

/**
 * The statistics read model (docs/customers.md, "Statistics"): what one signed contract adds to
 * its lender's book, day by day. Each measure is keyed by its own date:
 * - signing day (in the contract's business time zone): `signedCount`, `contractedAmount`;
 * - loan date: `disbursedAmount`;
 * - the day each repayment was received: `repaidAmount`, the part of it applied;
 * - a closed contract's last day money moved: `closedCount`, `closedContractedAmount`,
 *   `closedRepaidAmount`;
 * - an owing contract's earliest / latest due date still owing: `owingCount` / `lastDueCount`;
 * - each due date with an instalment owing: `dueCount` (contracts), `dueAmount` (what those
 *   instalments owe, interest accrued so far included).
 * None of these moves as days pass: only ledger appends change them. What does move, the
 * overdue interest accruing day by day, is computed per overdue instalment when asked
 * (`overdueFiguresOf`).
 */
export interface BookDayMeasures {
  signedCount: number;
  contractedAmount: number;
  disbursedAmount: number;
  repaidAmount: number;
  closedCount: number;
  closedContractedAmount: number;
  closedRepaidAmount: number;
  owingCount: number;
  lastDueCount: number;
  dueCount: number;
  dueAmount: number;
}

export const bookDayMeasureNames = [
  "signedCount",
  "contractedAmount",
  "disbursedAmount",
  "repaidAmount",
  "closedCount",
  "closedContractedAmount",
  "closedRepaidAmount",
  "owingCount",
  "lastDueCount",
  "dueCount",
  "dueAmount",
] as const satisfies readonly (keyof BookDayMeasures)[];

/** A contract's contribution: measures by day. */
export type BookDays = Map<CalendarDate, Partial<BookDayMeasures>>;

/** A signed contract as the statistics read model sees it. */
export interface BookContract {
  lenderId: string;
  instalment: boolean;
  /** The lender's business time zone when the contract was made. */
  timeZone: string;
  signedAt: Date;
  terms: Pick<ContractTerms, "loanAmount" | "disbursedAmount" | "loanDate" | "overdueRatePercent">;
}

/** The contract's money after its ledger: the domain's replay (`replayLedger`). */
export interface BookMoney {
  states: readonly InstalmentState[];
  applied: readonly AppliedEntry[];
}

function add(days: BookDays, day: CalendarDate, measures: Partial<BookDayMeasures>) {
  const row = days.get(day) ?? {};
  for (const name of bookDayMeasureNames) {
    const value = measures[name];
    if (value !== undefined) row[name] = (row[name] ?? 0) + value;
  }
  days.set(day, row);
}

/** What one signed, not cancelled contract adds to its lender's book (see `BookDayMeasures`). */
export function bookDaysOf(contract: BookContract, money: BookMoney): BookDays {
  const { terms } = contract;
  const days: BookDays = new Map();
  add(days, todayIn(contract.timeZone, contract.signedAt), {
    signedCount: 1,
    contractedAmount: terms.loanAmount,
  });
  add(days, terms.loanDate, { disbursedAmount: terms.disbursedAmount });
  for (const { entry, applied } of money.applied) {
    if (entry.kind === "repayment" && applied > 0) add(days, entry.date, { repaidAmount: applied });
  }
  // What each instalment owes as its state stands: interest accrued through its last entry.
  // For an instalment due today or later nothing more accrues before today, so this is exact.
  const owing = money.states
    .map((state) => ({
      dueDate: state.dueDate,
      outstanding: instalmentBalanceOn(state, terms.overdueRatePercent, state.accruedThrough)
        .outstanding,
    }))
    .filter((instalment) => instalment.outstanding > 0);
  if (owing.length > 0) {
    const dueDates = [...new Set(owing.map((instalment) => instalment.dueDate))].sort();
    add(days, dueDates[0] as CalendarDate, { owingCount: 1 });
    add(days, dueDates.at(-1) as CalendarDate, { lastDueCount: 1 });
    for (const dueDate of dueDates) add(days, dueDate, { dueCount: 1 });
    for (const instalment of owing)
      add(days, instalment.dueDate, { dueAmount: instalment.outstanding });
  } else {
    const moneyDates = money.applied
      .filter((item) => item.applied > 0)
      .map((item) => item.entry.date)
      .sort();
    add(days, moneyDates.at(-1) ?? terms.loanDate, {
      closedCount: 1,
      closedContractedAmount: terms.loanAmount,
      closedRepaidAmount: money.states.reduce((sum, state) => sum + state.repaid, 0),
    });
  }
  return days;
}

/** `after` minus `before`, day by day, without the days that did not change. */
function difference(before: BookDays | null, after: BookDays | null): BookDays {
  const delta: BookDays = new Map();
  for (const [day, measures] of after ?? []) add(delta, day, measures);
  for (const [day, measures] of before ?? []) {
    add(
      delta,
      day,
      Object.fromEntries(Object.entries(measures).map(([name, value]) => [name, -value])),
    );
  }
  for (const [day, measures] of delta) {
    if (Object.values(measures).every((value) => value === 0)) delta.delete(day);
  }
  return delta;
}

/**
 * Serialises the changes to one lender's statistics read model with its readers (the overdue
 * figures of a day are filled on first read and then kept by the writers: docs/customers.md).
 * Writers take it exclusively, readers shared. Taken inside a transaction, released when it ends.
 */
export async function lockBook(db: Db, lenderId: string, mode: "write" | "read"): Promise<void> {
  const key = `book:${lenderId}`;
  await db.execute(
    mode === "write"
      ? sql`select pg_advisory_xact_lock(hashtext(${key}))`
      : sql`select pg_advisory_xact_lock_shared(hashtext(${key}))`,
  );
}

/**
 * Moves a contract's place in its lender's statistics from its money `before` (null: not in the
 * book yet, before signing) to `after`, for both parts of the read model: the sums by day, and
 * the overdue figures of every day a reader has kept, each as of its own day (a reader whose day
 * has already turned, or whose clock runs ahead, may have kept tomorrow's). Call it in the
 * transaction that signs the contract or appends to its ledger.
 */
export async function changeBook(
  db: Db,
  contract: BookContract,
  before: BookMoney | null,
  after: BookMoney,
): Promise<void> {
  await lockBook(db, contract.lenderId, "write");
  await addToBookDays(
    db,
    contract,
    difference(before && bookDaysOf(contract, before), bookDaysOf(contract, after)),
  );
  const kept = await db
    .select({ day: lenderOverdueDays.day })
    .from(lenderOverdueDays)
    .where(
      and(
        eq(lenderOverdueDays.lenderId, contract.lenderId),
        eq(lenderOverdueDays.instalment, contract.instalment),
      ),
    );
  for (const { day } of kept) {
    const was =
      before === null
        ? { overdueAmount: 0, fellOverdueAmount: 0 }
        : overdueOn(contract, before, day);
    const is = overdueOn(contract, after, day);
    const overdueChange = is.overdueAmount - was.overdueAmount;
    const fellChange = is.fellOverdueAmount - was.fellOverdueAmount;
    if (overdueChange === 0 && fellChange === 0) continue;
    await db
      .update(lenderOverdueDays)
      .set({
        overdueAmount: sql`${lenderOverdueDays.overdueAmount} + ${overdueChange}`,
        fellOverdueAmount: sql`${lenderOverdueDays.fellOverdueAmount} + ${fellChange}`,
      })
      .where(
        and(
          eq(lenderOverdueDays.lenderId, contract.lenderId),
          eq(lenderOverdueDays.instalment, contract.instalment),
          eq(lenderOverdueDays.day, day),
        ),
      );
  }
}

/** One contract's overdue figures on `day`: the domain's balances of its instalments. */
function overdueOn(contract: BookContract, money: BookMoney, day: CalendarDate): OverdueFigures {
  const yesterday = addDays(day, -1);
  let overdueAmount = 0;
  let fellOverdueAmount = 0;
  for (const state of money.states) {
    if (state.dueDate >= day) continue;
    const { outstanding } = instalmentBalanceOn(state, contract.terms.overdueRatePercent, day);
    overdueAmount += outstanding;
    if (state.dueDate === yesterday) fellOverdueAmount += outstanding;
  }
  return { overdueAmount, fellOverdueAmount };
}

async function addToBookDays(
  db: Db,
  contract: Pick<BookContract, "lenderId" | "instalment">,
  delta: BookDays,
): Promise<void> {
  if (delta.size === 0) return;
  const rows = [...delta].map(([day, measures]) => ({
    lenderId: contract.lenderId,
    instalment: contract.instalment,
    day,
    ...Object.fromEntries(bookDayMeasureNames.map((name) => [name, measures[name] ?? 0])),
  }));
  const set = Object.fromEntries(
    bookDayMeasureNames.map((name) => [
      name,
      sql`${lenderBookDays[name]} + excluded.${sql.identifier(lenderBookDays[name].name)}`,
    ]),
  ) as Record<(typeof bookDayMeasureNames)[number], SQL>;
  await db
    .insert(lenderBookDays)
    .values(rows)
    .onConflictDoUpdate({
      target: [lenderBookDays.lenderId, lenderBookDays.instalment, lenderBookDays.day],
      set,
    });
}

/**
 * Builds the whole statistics read model from the contracts and their ledgers: for data that
 * existed before it (migration 0006 asks for it), and the check that the maintained rows are
 * right (the tests compare the two). Replaces what is there; call it in one transaction.
 */
export async function rebuildBookDays(db: Db, now: Date): Promise<number> {
  await db.delete(lenderBookDays);
  await db.delete(lenderOverdueDays);
  const batchSize = 1000;
  let after = "";
  let total = 0;
  const totals = new Map<string, { contract: BookContract; days: BookDays }>();
  for (;;) {
    const rows = await db
      .select()
      .from(contracts)
      .where(
        and(isNotNull(contracts.signedAt), isNull(contracts.cancelledAt), gt(contracts.id, after)),
      )
      .orderBy(asc(contracts.id))
      .limit(batchSize);
    if (rows.length === 0) break;
    const ledgerRows = await db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.contractId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(ledgerEntries.contractId), asc(ledgerEntries.seq));
    const ledgerByContract = new Map<string, (typeof ledgerRows)[number][]>();
    for (const entry of ledgerRows) {
      const list = ledgerByContract.get(entry.contractId) ?? [];
      list.push(entry);
      ledgerByContract.set(entry.contractId, list);
    }
    for (const row of rows) {
      const terms = row.terms as ContractTerms;
      const ledger = (ledgerByContract.get(row.id) ?? []).map(toLedgerEntry);
      const contract = bookContractOf(row);
      if (contract === null) continue;
      const replay = replayLedger(terms, ledger, todayIn(row.timeZone, now));
      const key = `${row.lenderId}\u0000${row.instalment}`;
      const sum = totals.get(key) ?? { contract, days: new Map() };
      for (const [day, measures] of bookDaysOf(contract, replay)) add(sum.days, day, measures);
      totals.set(key, sum);
      total += 1;
    }
    after = rows.at(-1)?.id ?? after;
  }
  for (const { contract, days } of totals.values()) {
    const entries = [...days];
    for (let start = 0; start < entries.length; start += 500) {
      await addToBookDays(db, contract, new Map(entries.slice(start, start + 500)));
    }
  }
  return total;
}

/** A stored contract as the read model sees it; null before signing. */
export function bookContractOf(
  row: Pick<
    typeof contracts.$inferSelect,
    "lenderId" | "instalment" | "timeZone" | "signedAt" | "terms"
  >,
): BookContract | null {
  if (row.signedAt === null) return null;
  return {
    lenderId: row.lenderId,
    instalment: row.instalment,
    timeZone: row.timeZone,
    signedAt: row.signedAt,
    terms: row.terms as ContractTerms,
  };
}

/** Sums of the read model over the day ranges the dashboards ask for, per contract type. */
export interface BookSums {
  signedCount: number;
  signedToday: number;
  contractedAmount: number;
  contractedToday: number;
  disbursedAmount: number;
  repaidAmount: number;
  closedCount: number;
  closedToday: number;
  closedContractedAmount: number;
  closedRepaidAmount: number;
  /** Owing contracts whose earliest owing due date is before today: overdue now. */
  overdueCount: number;
  /** Owing contracts whose latest owing due date is after today. */
  notYetDueCount: number;
  dueTodayCount: number;
  /** Contracts with an instalment due yesterday still owing: fell overdue today. */
  fellOverdueCount: number;
  notYetDueAmount: number;
  dueTodayAmount: number;
  /** Disbursed / repaid over the last n days including today, due over the next n including today. */
  windows: { days: number; disbursedAmount: number; repaidAmount: number; dueAmount: number }[];
}

/** The day ranges of the dashboards over the read model of one lender, in one query. */
export async function bookSumsOf(
  db: Db,
  lenderId: string,
  today: CalendarDate,
  windowDays: readonly number[],
): Promise<{ single: BookSums; instalment: BookSums }> {
  const day = lenderBookDays.day;
  const on = (date: CalendarDate) => sql`${day} = ${date}::date`;
  const lookback = (days: number) =>
    sql`${day} between ${addDays(today, -(days - 1))}::date and ${today}::date`;
  const forward = (days: number) =>
    sql`${day} between ${today}::date and ${addDays(today, days - 1)}::date`;
  const total = (
    column: SQL | typeof day | (typeof lenderBookDays)[keyof BookDayMeasures],
    where?: SQL,
  ) =>
    where === undefined
      ? sql<string>`coalesce(sum(${column}), 0)`
      : sql<string>`coalesce(sum(${column}) filter (where ${where}), 0)`;
  const t = lenderBookDays;
  const windowColumns = Object.fromEntries(
    windowDays.flatMap((days) => [
      [`disbursed${days}`, total(t.disbursedAmount, lookback(days))],
      [`repaid${days}`, total(t.repaidAmount, lookback(days))],
      [`due${days}`, total(t.dueAmount, forward(days))],
    ]),
  );
  const rows = await db
    .select({
      instalment: t.instalment,
      signedCount: total(t.signedCount),
      signedToday: total(t.signedCount, on(today)),
      contractedAmount: total(t.contractedAmount),
      contractedToday: total(t.contractedAmount, on(today)),
      disbursedAmount: total(t.disbursedAmount),
      repaidAmount: total(t.repaidAmount),
      closedCount: total(t.closedCount),
      closedToday: total(t.closedCount, on(today)),
      closedContractedAmount: total(t.closedContractedAmount),
      closedRepaidAmount: total(t.closedRepaidAmount),
      overdueCount: total(t.owingCount, sql`${day} < ${today}::date`),
      notYetDueCount: total(t.lastDueCount, sql`${day} > ${today}::date`),
      dueTodayCount: total(t.dueCount, on(today)),
      fellOverdueCount: total(t.dueCount, on(addDays(today, -1))),
      notYetDueAmount: total(t.dueAmount, sql`${day} > ${today}::date`),
      dueTodayAmount: total(t.dueAmount, on(today)),
      ...windowColumns,
    })
    .from(t)
    .where(eq(t.lenderId, lenderId))
    .groupBy(t.instalment);
  const sumsOf = (instalment: boolean): BookSums => {
    const row = rows.find((candidate) => candidate.instalment === instalment) as
      | Record<string, unknown>
      | undefined;
    // Sums come back as text (bigint and numeric); the amounts are within Number's safe range.
    const n = (name: string) => Number(row?.[name] ?? 0);
    return {
      signedCount: n("signedCount"),
      signedToday: n("signedToday"),
      contractedAmount: n("contractedAmount"),
      contractedToday: n("contractedToday"),
      disbursedAmount: n("disbursedAmount"),
      repaidAmount: n("repaidAmount"),
      closedCount: n("closedCount"),
      closedToday: n("closedToday"),
      closedContractedAmount: n("closedContractedAmount"),
      closedRepaidAmount: n("closedRepaidAmount"),
      overdueCount: n("overdueCount"),
      notYetDueCount: n("notYetDueCount"),
      dueTodayCount: n("dueTodayCount"),
      fellOverdueCount: n("fellOverdueCount"),
      notYetDueAmount: n("notYetDueAmount"),
      dueTodayAmount: n("dueTodayAmount"),
      windows: windowDays.map((days) => ({
        days,
        disbursedAmount: n(`disbursed${days}`),
        repaidAmount: n(`repaid${days}`),
        dueAmount: n(`due${days}`),
      })),
    };
  };
  return { single: sumsOf(false), instalment: sumsOf(true) };
}

/** What overdue instalments owe today, accruing interest as docs/money.md counts it. */
export interface OverdueFigures {
  /** Outstanding of every instalment past its due date. */
  overdueAmount: number;
  /** Outstanding of the instalments due yesterday: fell overdue today. */
  fellOverdueAmount: number;
}

/**
 * Today's overdue figures of a lender: kept in `lender_overdue_days` once read (the writers then
 * keep them, see `changeBook`); the first read of a day sums the overdue instalments. Call it in
 * a transaction after `lockBook(…, "read")`, so no writer changes them between the sum and the
 * keeping (two first readers may both sum; they sum the same and the second keeps nothing).
 */
export async function overdueFiguresOf(
  db: Db,
  lenderId: string,
  today: CalendarDate,
): Promise<{ single: OverdueFigures; instalment: OverdueFigures }> {
  const kept = await db
    .select()
    .from(lenderOverdueDays)
    .where(and(eq(lenderOverdueDays.lenderId, lenderId), eq(lenderOverdueDays.day, today)));
  const keptOf = (instalment: boolean) => kept.find((row) => row.instalment === instalment);
  const single = keptOf(false);
  const instalment = keptOf(true);
  if (single !== undefined && instalment !== undefined) return { single, instalment };
  const summed = await sumOverdueInstalments(db, lenderId, today);
  // Earlier days are history no reader asks for.
  await db
    .delete(lenderOverdueDays)
    .where(and(eq(lenderOverdueDays.lenderId, lenderId), lt(lenderOverdueDays.day, today)));
  await db
    .insert(lenderOverdueDays)
    .values([
      { lenderId, instalment: false, day: today, ...summed.single },
      { lenderId, instalment: true, day: today, ...summed.instalment },
    ])
    .onConflictDoNothing();
  return summed;
}

/**
 * The figures that move by themselves as days pass: overdue interest accrues every day, and its
 * rounding is per instalment (the domain's `instalmentBalanceOn`), so they are summed in SQL over
 * the overdue instalments only, with the same arithmetic: units through `accrued_through`, plus
 * principal x days x basis points since, divided by 100 x 100 x 365 and rounded down once.
 */
export async function sumOverdueInstalments(
  db: Db,
  lenderId: string,
  today: CalendarDate,
): Promise<{ single: OverdueFigures; instalment: OverdueFigures }> {
  const rows = rowsOf<{
    instalment: boolean;
    overdue_amount: string | number;
    fell_overdue_amount: string | number;
  }>(
    await db.execute(sql`
    select c.instalment,
      coalesce(sum(o.outstanding), 0) as overdue_amount,
      coalesce(sum(o.outstanding) filter (where i.due_date = ${addDays(today, -1)}::date), 0)
        as fell_overdue_amount
    from contracts c
    join contract_instalments i on i.contract_id = c.id and i.due_date < ${today}::date
    cross join lateral (
      select i.principal_outstanding + greatest(0,
        div(i.accrued_interest_units
          + i.principal_outstanding::numeric
            * greatest(0, ${today}::date - greatest(i.accrued_through, i.due_date))
            * c.overdue_basis_points,
          ${interestDenominator.toString()}::numeric) - i.interest_settled) as outstanding
    ) o
    where c.lender_id = ${lenderId} and c.phase = 'owing' and c.next_due_date < ${today}::date
    group by c.instalment
  `),
  );
  const figuresOf = (instalment: boolean): OverdueFigures => {
    const row = rows.find((candidate) => candidate.instalment === instalment);
    return {
      overdueAmount: Number(row?.overdue_amount ?? 0),
      fellOverdueAmount: Number(row?.fell_overdue_amount ?? 0),
    };
  };
  return { single: figuresOf(false), instalment: figuresOf(true) };
}
