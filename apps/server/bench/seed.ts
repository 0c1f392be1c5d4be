// The seeded book of the contract-list benchmark (bench/list.ts): one lender's contracts in every
// state, made the way the server makes them. Terms come from the domain's validateContractDraft,
// every ledger entry is one the domain planned (planRepayment / planRenewal / planReversal,
// on the day it was recorded, as the money handlers do), and each contract's read model is
// readModelOf(terms, ledger, today) from the contracts store. Statuses are not assigned: they
// follow from the dates and from how each borrower pays, so overdue and pending contracts sit
// in the book where a real lender's would (new contracts are mostly not yet due).
import { randomUUID } from "node:crypto";
import {
  addDays,
  balancesOn,
  type CalendarDate,
  type ContractBalances,
  type ContractDraft,
  type ContractStatus,
  type ContractTerms,
  deriveStatus,
  formatContractNumber,
  type InstalmentInterval,
  type LedgerEntry,
  lastSeqOf,
  type NewLedgerEntry,
  type OperationContext,
  planRenewal,
  planRepayment,
  planReversal,
  type Result,
  replayLedger,
  validateContractDraft,
} from "@chayong/domain";
import { getTableColumns, getTableName } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  instalmentRowsOf,
  newShareCode,
  readModelOf,
  shareLinkLifetimeMs,
  termsSha256,
} from "../src/contracts/contract-store";
import { type BookDayMeasures, bookDayMeasureNames, bookDaysOf } from "../src/customers/book-days";
import type { Db } from "../src/db/database";
import {
  contractInstalments,
  contractNumberCounters,
  contractSignatures,
  contracts,
  ledgerEntries,
  lenderBookDays,
  moneyOperations,
  users,
} from "../src/db/schema";
import { ledgerEntryRowsOf } from "../src/money/ledger-store";
import { mulberry32 } from "../src/seeded-random";
import { encodeTestPng } from "../src/testing/png";

const dayMs = 24 * 60 * 60 * 1000;
/** Contracts are created over the last three years (the KR cap has been 20 % all that time). */
const spanDays = 3 * 365;
/** Contracts generated, then inserted, per transaction. */
const contractsPerTransaction = 1000;
const timeZone = "Asia/Seoul";

export type SeedStatus = ContractStatus | "cancelled";

export interface SeedResult {
  contracts: number;
  instalments: number;
  ledgerEntries: number;
  signatures: number;
  borrowers: number;
  /** Contracts by status as of today (type4 overdue, type6 pending...). */
  statuses: Record<SeedStatus, number>;
  /** Ledger entries by kind. */
  entryKinds: Record<LedgerEntry["kind"], number>;
  instalmentContracts: number;
  seconds: number;
}

/** A small deterministic generator (mulberry32), so every run seeds the same book shape. */
function randomSource(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof randomSource>;

/** The calendar date in Seoul (UTC+9 all year) of an instant. */
function seoulDate(ms: number): CalendarDate {
  return new Date(ms + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const maxDate = (a: CalendarDate, b: CalendarDate) => (a > b ? a : b);

const surnames = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임"];
const givenNames = ["민준", "서연", "도윤", "지우", "하준", "서윤", "시우", "하은", "지호", "수아"];

/** A lawful draft for a loan made on `loanDate`: single payment or 2-10 instalments. */
function draftFor(
  random: Random,
  loanDate: CalendarDate,
  borrowerPhone: string,
  lender: { name: string; merchantName: string },
): { draft: ContractDraft; fallback: ContractDraft } {
  const loanAmount = random.int(10, 1000) * 10_000;
  const instalment = random.chance(0.45);
  const interval: InstalmentInterval = instalment
    ? random.pick(["monthly", "monthly", "monthly", "fortnightly", "weekly"] as const)
    : "monthly";
  const intervalDays = interval === "weekly" ? 7 : interval === "fortnightly" ? 14 : 30;
  const count = instalment ? random.int(2, 10) : 1;
  const term = instalment ? intervalDays : random.pick([7, 14, 30, 30, 60, 90, 90, 180, 365]);
  const serviceFee = random.chance(0.15) ? Math.round(loanAmount * 0.004) : 0;
  const received = loanAmount - serviceFee;
  // A rate below the 20 % cap; a flat rate on instalments is about half the declining-balance one.
  const rate = random.next() * 0.18;
  const days = term + (count - 1) * intervalDays;
  const interest = Math.floor(received * (instalment ? rate / 2.2 : rate) * (days / 365));
  const instalmentAmount = Math.max(
    Math.ceil((received + interest) / count),
    Math.ceil(loanAmount / count),
  );
  const name = `${random.pick(surnames)}${random.pick(givenNames)} ${loanAmount / 10_000}만원`;
  const draft: ContractDraft = {
    name,
    borrowerPhone,
    loanAmount,
    disbursedAmount: loanAmount,
    loanDate,
    repaymentDate: addDays(loanDate, term),
    instalment,
    instalmentCount: count,
    instalmentAmount,
    interval,
    serviceFee,
    overdueRatePercent: random.pick([12, 15, 18, 20]),
    lender: lender.name,
    merchantName: lender.merchantName,
  };
  // Interest-free, fee-free: always within the cap.
  const fallback = {
    ...draft,
    serviceFee: 0,
    instalmentAmount: Math.ceil(loanAmount / count),
  };
  return { draft, fallback };
}

/** One signed contract's ledger, written operation by operation as the lender would. */
class LedgerSimulation {
  readonly ledger: LedgerEntry[] = [];
  private lastDay: CalendarDate;
  private readonly contractId: string;
  private readonly terms: ContractTerms;
  private readonly actorId: string;
  private readonly signedAtMs: number;
  private readonly today: CalendarDate;
  private readonly nowMs: number;
  private readonly random: Random;

  constructor(
    contractId: string,
    terms: ContractTerms,
    actorId: string,
    signedAtMs: number,
    today: CalendarDate,
    nowMs: number,
    random: Random,
  ) {
    this.contractId = contractId;
    this.terms = terms;
    this.actorId = actorId;
    this.signedAtMs = signedAtMs;
    this.today = today;
    this.nowMs = nowMs;
    this.random = random;
    this.lastDay = seoulDate(signedAtMs);
  }

  /** The day an operation is recorded: never before the last one nor the signing day. */
  private dayOf(wanted: CalendarDate): CalendarDate | null {
    const day = maxDate(wanted, this.lastDay);
    return day > this.today ? null : day;
  }

  private context(day: CalendarDate): { ctx: OperationContext; balances: ContractBalances } {
    const { balances } = replayLedger(this.terms, this.ledger, day);
    const status = deriveStatus({
      opened: true,
      signed: true,
      cancelled: false,
      balances,
      today: day,
    });
    return {
      ctx: {
        contractId: this.contractId,
        terms: this.terms,
        currency: this.terms.currency,
        status,
        ledger: this.ledger,
        actorId: this.actorId,
        today: day,
      },
      balances,
    };
  }

  private owed(balances: ContractBalances, index: number): number {
    return balances.instalments.find((balance) => balance.index === index)?.outstanding ?? 0;
  }

  /** Appends what the domain planned, numbered and timed as the money handlers do. */
  private append(planned: Result<NewLedgerEntry[]>, day: CalendarDate): LedgerEntry[] {
    if (!planned.ok) {
      throw new Error(`seed: the domain refused an operation (${planned.errors[0]?.key})`);
    }
    // Recorded between 09:00 and 18:00 in Seoul on that day, after signing, never after now.
    const at = Date.parse(`${day}T00:00:00Z`) + this.random.int(0, 9 * 3600) * 1000;
    const recordedAt = new Date(
      Math.min(Math.max(at, this.signedAtMs + 60_000), this.nowMs - 1000),
    );
    const last = lastSeqOf(this.ledger);
    const entries = planned.value.map((entry, i) => ({
      ...entry,
      id: randomUUID(),
      seq: last + 1 + i,
      recordedAt: recordedAt.toISOString(),
    }));
    this.ledger.push(...entries);
    this.lastDay = day;
    return entries;
  }

  /** A repayment received on `wanted` (all that instalment owes, or `share` of it). */
  repay(wanted: CalendarDate, index: number, share = 1): boolean {
    const day = this.dayOf(wanted);
    if (day === null) return false;
    const { ctx, balances } = this.context(day);
    const owed = this.owed(balances, index);
    const amount = share >= 1 ? owed : Math.floor(owed * share);
    if (amount > 0) {
      this.append(
        planRepayment(ctx, {
          instalmentIndex: index,
          repaymentAmount: amount,
          receivedOn: day,
        }),
        day,
      );
    }
    return true;
  }

  /** The lender waives whatever that instalment still owes. */
  waiveRest(wanted: CalendarDate, index: number): boolean {
    const day = this.dayOf(wanted);
    if (day === null) return false;
    const { ctx, balances } = this.context(day);
    const owed = this.owed(balances, index);
    if (owed > 0) {
      this.append(
        planRepayment(ctx, {
          instalmentIndex: index,
          waiverAmount: owed,
          reason: "채무 일부 면제 (합의)",
        }),
        day,
      );
    }
    return true;
  }

  /** Moves the instalment's due date 30 days on; answers the new due date. */
  renew(wanted: CalendarDate, index: number, dueDate: CalendarDate): CalendarDate | null {
    const day = this.dayOf(wanted);
    if (day === null) return null;
    const { ctx, balances } = this.context(day);
    if (this.owed(balances, index) === 0) return dueDate;
    const newDueDate = addDays(maxDate(dueDate, day), 30);
    this.append(
      planRenewal(ctx, { instalmentIndex: index, newDueDate, reason: "상환 연장 요청" }),
      day,
    );
    return newDueDate;
  }

  /** A repayment entered by mistake (half of what is owed), reversed the same day. */
  mistakeThenReverse(wanted: CalendarDate, index: number): void {
    const day = this.dayOf(wanted);
    if (day === null) return;
    const first = this.context(day);
    const amount = Math.floor(this.owed(first.balances, index) / 2);
    if (amount <= 0) return;
    const [mistake] = this.append(
      planRepayment(first.ctx, {
        instalmentIndex: index,
        repaymentAmount: amount,
        receivedOn: day,
      }),
      day,
    );
    const second = this.context(day);
    this.append(planReversal(second.ctx, { entryId: mistake?.id, reason: "금액 오기 정정" }), day);
  }
}

type Behaviour = "onTime" | "late" | "partial" | "stops" | "waived";

/** How the borrower pays, each instalment in turn, up to today. */
function simulatePayments(simulation: LedgerSimulation, terms: ContractTerms, random: Random) {
  const behaviour = random.pick<Behaviour>([
    ...Array<Behaviour>(62).fill("onTime"),
    ...Array<Behaviour>(15).fill("late"),
    ...Array<Behaviour>(8).fill("partial"),
    ...Array<Behaviour>(9).fill("stops"),
    ...Array<Behaviour>(6).fill("waived"),
  ]);
  const count = terms.schedule.length;
  const stopAt = random.int(1, count);
  const renewIndex = random.chance(0.08) ? random.int(1, count) : 0;
  let reverseFirst = random.chance(0.02);
  for (const instalment of terms.schedule) {
    const index = instalment.index;
    let due = instalment.dueDate;
    if (index === renewIndex) {
      const renewed = simulation.renew(addDays(due, -random.int(0, 5)), index, due);
      if (renewed === null) return;
      due = renewed;
    }
    if ((behaviour === "stops" || behaviour === "partial") && index === stopAt) {
      if (behaviour === "partial") simulation.repay(addDays(due, random.int(0, 20)), index, 0.5);
      return;
    }
    const payDay =
      behaviour === "late" ? addDays(due, random.int(1, 40)) : addDays(due, -random.int(0, 3));
    if (reverseFirst) {
      simulation.mistakeThenReverse(payDay, index);
      reverseFirst = false;
    }
    if (behaviour === "waived" && index === count) {
      const paidOn = addDays(due, random.int(0, 20));
      if (!simulation.repay(paidOn, index, 0.6)) return;
      simulation.waiveRest(addDays(paidOn, random.int(0, 30)), index);
      return;
    }
    if (!simulation.repay(payDay, index)) return;
  }
}

interface SeedOptions {
  db: Db;
  /** Which driver `db` runs on: the INSERTs go to its client directly. */
  kind: "pglite" | "postgres";
  lenderId: string;
  lender: { name: string; merchantName: string };
  size: number;
  now: Date;
  seed?: number;
  onProgress?: (done: number) => void;
}

/** One value as an SQL literal (standard_conforming_strings: only quotes need doubling). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`seed: ${value} is no SQL number`);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return `'${value.toISOString()}'`;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/** Multi-row INSERT statements (at most 1,000 rows each) of rows typed by the schema. */
/** The operation that writes each kind of entry (the money handlers' `kind`). */
const operationKindOf = {
  repayment: "repay",
  waiver: "repay",
  renewal: "renew",
  reversal: "reverse",
} as const;

function insertStatements<T extends PgTable>(
  table: T,
  rows: readonly T["$inferInsert"][],
): string[] {
  const first = rows[0];
  if (first === undefined) return [];
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in first);
  const head = `INSERT INTO "${getTableName(table)}" (${columns.map(([, column]) => `"${column.name}"`).join(", ")}) VALUES `;
  const statements: string[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const values = rows
      .slice(start, start + 1000)
      .map(
        (row) =>
          `(${columns.map(([key]) => literal((row as Record<string, unknown>)[key])).join(", ")})`,
      );
    statements.push(head + values.join(",\n"));
  }
  return statements;
}

/**
 * Runs the statements in one transaction on the driver's own client: the literal multi-row
 * INSERTs skip Drizzle's per-parameter query building, which costs more than the database work.
 */
async function inTransaction(db: Db, kind: SeedOptions["kind"], statements: string[]) {
  const client = (db as unknown as { $client: unknown }).$client;
  if (kind === "pglite") {
    const pglite = client as import("@electric-sql/pglite").PGlite;
    await pglite.transaction(async (tx) => {
      for (const statement of statements) await tx.exec(statement);
    });
  } else {
    const sql = client as import("postgres").Sql;
    await sql.begin(async (tx) => {
      for (const statement of statements) await tx.unsafe(statement);
    });
  }
}

/**
 * Seeds `size` contracts of one lender (and their borrowers) with bulk INSERTs, one transaction
 * per 1,000 contracts.
 */
export async function seedBook(options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const { db, lenderId, size, now } = options;
  const random = randomSource(options.seed ?? 1);
  const nowMs = now.getTime();
  const today = seoulDate(nowMs);
  const signaturePng = encodeTestPng(48, 16, (x, y) => Math.abs(y - x / 3) < 1.5).toString(
    "base64",
  );

  // Borrowers: about four contracts each.
  const borrowerCount = Math.max(10, Math.ceil(size / 4));
  const borrowers = Array.from({ length: borrowerCount }, (_, i) => ({
    id: randomUUID(),
    local: `0101${String(i).padStart(7, "0")}`,
    phone: `+82101${String(i).padStart(7, "0")}`,
  }));
  const borrowersCreatedAt = new Date(nowMs - (spanDays + 30) * dayMs);
  for (let start = 0; start < borrowers.length; start += 5000) {
    await inTransaction(
      db,
      options.kind,
      insertStatements(
        users,
        borrowers.slice(start, start + 5000).map((borrower) => ({
          id: borrower.id,
          phone: borrower.phone,
          role: "borrower" as const,
          createdAt: borrowersCreatedAt,
          lastLoginAt: null,
        })),
      ),
    );
  }

  const bookDays = new Map<string, Record<string, number>>();
  // The lender's contract numbers per year, as contract.add would have given them.
  const lastNumbers = new Map<number, number>();
  const result: SeedResult = {
    contracts: 0,
    instalments: 0,
    ledgerEntries: 0,
    signatures: 0,
    borrowers: borrowerCount,
    statuses: { type1: 0, type2: 0, type3: 0, type4: 0, type5: 0, type6: 0, cancelled: 0 },
    entryKinds: { repayment: 0, waiver: 0, renewal: 0, reversal: 0 },
    instalmentContracts: 0,
    seconds: 0,
  };

  for (let start = 0; start < size; start += contractsPerTransaction) {
    const contractRows: (typeof contracts.$inferInsert)[] = [];
    const instalmentRows: (typeof contractInstalments.$inferInsert)[] = [];
    const signatureRows: (typeof contractSignatures.$inferInsert)[] = [];
    const entryRows: (typeof ledgerEntries.$inferInsert)[] = [];
    const operationRows: (typeof moneyOperations.$inferInsert)[] = [];

    for (let i = start; i < Math.min(size, start + contractsPerTransaction); i++) {
      const createdMs = nowMs - 5 * 60_000 - Math.floor(random.next() * spanDays * dayMs);
      const loanDate = seoulDate(createdMs);
      const borrower = random.pick(borrowers);
      const { draft, fallback } = draftFor(random, loanDate, borrower.local, options.lender);
      const context = { jurisdiction: "KR" as const, today: loanDate };
      let validated = validateContractDraft(draft, context);
      if (!validated.ok) validated = validateContractDraft(fallback, context);
      if (!validated.ok) {
        throw new Error(`seed: a draft was refused (${validated.errors[0]?.key})`);
      }
      const terms = validated.value;
      const id = randomUUID();

      // Before signing: recent contracts often still wait for the borrower; a few old ones too.
      const ageMs = nowMs - createdMs;
      const recent = ageMs < 10 * dayMs;
      const roll = random.next();
      const unopened = roll < (recent ? 0.3 : 0.025);
      const openedOnly = !unopened && roll < (recent ? 0.5 : 0.045);
      const cancelled = (unopened || openedOnly) && random.chance(recent ? 0.1 : 0.5);
      const openedMs = unopened ? null : createdMs + Math.floor(random.next() * ageMs * 0.3);
      const signedMs =
        unopened || openedOnly || openedMs === null
          ? null
          : openedMs + Math.floor(random.next() * Math.min(dayMs, (nowMs - openedMs) * 0.3));
      const cancelledMs = cancelled
        ? (openedMs ?? createdMs) +
          Math.floor(random.next() * (nowMs - (openedMs ?? createdMs)) * 0.2)
        : null;

      let ledger: LedgerEntry[] = [];
      if (signedMs !== null) {
        const simulation = new LedgerSimulation(
          id,
          terms,
          lenderId,
          signedMs,
          today,
          nowMs,
          random,
        );
        simulatePayments(simulation, terms, random);
        ledger = simulation.ledger;
      }
      // As the server writes it: contract.add with no entries, each money operation after.
      const model = readModelOf(terms, ledger, signedMs === null ? loanDate : today);

      const status: SeedStatus = deriveStatus({
        opened: openedMs !== null,
        signed: signedMs !== null,
        cancelled,
        balances:
          signedMs === null ? null : balancesOn(model.states, terms.overdueRatePercent, today),
        today,
      });
      result.statuses[status] += 1;
      result.contracts += 1;
      if (terms.instalment) result.instalmentContracts += 1;

      const year = Number(loanDate.slice(0, 4));
      const sequence = (lastNumbers.get(year) ?? 0) + 1;
      lastNumbers.set(year, sequence);
      contractRows.push({
        id,
        code: newShareCode(),
        linkExpiresAt: new Date(createdMs + shareLinkLifetimeMs),
        number: formatContractNumber(year, sequence),
        lenderId,
        borrowerPhone: terms.borrowerPhone,
        borrowerId: openedMs === null ? null : borrower.id,
        templateId: null,
        name: terms.name,
        instalment: terms.instalment,
        jurisdiction: terms.jurisdiction,
        currency: terms.currency,
        timeZone,
        terms,
        createdAt: new Date(createdMs),
        openedAt: openedMs === null ? null : new Date(openedMs),
        signedAt: signedMs === null ? null : new Date(signedMs),
        cancelledAt: cancelledMs === null ? null : new Date(cancelledMs),
        cancelledBy: cancelledMs === null ? null : lenderId,
        ...model.columns,
      });
      instalmentRows.push(...instalmentRowsOf(id, model.states));
      if (signedMs !== null && !cancelled) {
        const book = {
          lenderId,
          instalment: terms.instalment,
          timeZone,
          signedAt: new Date(signedMs),
          terms,
        };
        for (const [day, measures] of bookDaysOf(book, model)) {
          addBookDay(bookDays, `${terms.instalment}|${day}`, measures);
        }
      }
      if (signedMs !== null) {
        signatureRows.push({
          contractId: id,
          signerId: borrower.id,
          imagePng: signaturePng,
          termsSha256: termsSha256(terms),
          signedAt: new Date(signedMs),
          ip: "127.0.0.1",
        });
      }
      entryRows.push(...ledgerEntryRowsOf(ledger, (entry) => `op-${entry.id}`));
      for (const entry of ledger) {
        result.entryKinds[entry.kind] += 1;
        // One operation per entry, under its own key; its answer document stays empty (the
        // list never reads operations, and real answers would only slow the seeding).
        operationRows.push({
          id: `op-${entry.id}`,
          contractId: id,
          actorId: entry.actorId,
          idempotencyKey: entry.id.replaceAll("-", ""),
          kind: operationKindOf[entry.kind],
          requestSha256: "0".repeat(64),
          answer: {},
          recordedAt: new Date(entry.recordedAt),
        });
      }
    }

    // Parents first: the foreign keys are checked at the end of each statement.
    await inTransaction(db, options.kind, [
      ...insertStatements(contracts, contractRows),
      ...insertStatements(contractInstalments, instalmentRows),
      ...insertStatements(contractSignatures, signatureRows),
      ...insertStatements(moneyOperations, operationRows),
      ...insertStatements(ledgerEntries, entryRows),
    ]);
    result.instalments += instalmentRows.length;
    result.signatures += signatureRows.length;
    result.ledgerEntries += entryRows.length;
    options.onProgress?.(result.contracts);
  }
  // The statistics read model, summed over the whole book (as the sign and money handlers
  // would have left it, contract by contract).
  await inTransaction(
    db,
    options.kind,
    insertStatements(
      lenderBookDays,
      [...bookDays].map(([key, measures]) => {
        const [instalment, day] = key.split("|") as [string, string];
        const all = bookDayMeasureNames.map((name) => [name, measures[name] ?? 0]);
        return { lenderId, instalment: instalment === "true", day, ...Object.fromEntries(all) };
      }),
    ),
  );
  await inTransaction(
    db,
    options.kind,
    insertStatements(
      contractNumberCounters,
      [...lastNumbers].map(([year, lastNumber]) => ({ lenderId, year, lastNumber })),
    ),
  );
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** Adds one contract's measures of a day to the book's running sums. */
function addBookDay(
  days: Map<string, Record<string, number>>,
  key: string,
  measures: Partial<BookDayMeasures>,
) {
  const row = days.get(key) ?? {};
  for (const [name, value] of Object.entries(measures)) row[name] = (row[name] ?? 0) + value;
  days.set(key, row);
}
