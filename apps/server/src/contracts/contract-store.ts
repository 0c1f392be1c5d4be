import { createHash, randomBytes } from "node:crypto";
import {
  type AppliedEntry,
  balancesOn,
  type CalendarDate,
  type Contract,
  type ContractTerms,
  type InstalmentState,
  type LedgerEntry,
  lastSeqOf,
  replayLedger,
  type StoredContract,
  summarizeContract,
  todayIn,
} from "@chayong/domain";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { contractInstalments, contracts, ledgerEntries } from "../db/schema";

export type ContractRow = typeof contracts.$inferSelect;
type InstalmentRow = typeof contractInstalments.$inferSelect;

/** How long a share link opens its contract (docs/contracts.md, "Share link"). */
export const shareLinkLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** 144 random bits, URL-safe (24 characters): unguessable, fits a link and a QR code. */
export function newShareCode(): string {
  return randomBytes(18).toString("base64url");
}

export function toStoredContract(row: ContractRow): StoredContract {
  return {
    terms: row.terms as ContractTerms,
    id: row.id,
    code: row.code,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    signedAt: row.signedAt?.toISOString() ?? null,
    cancelled: row.cancelledAt !== null,
    linkExpiresAt: row.linkExpiresAt.toISOString(),
    reminders: row.reminders,
  };
}

export function toLedgerEntry(row: typeof ledgerEntries.$inferSelect): LedgerEntry {
  return {
    id: row.id,
    contractId: row.contractId,
    seq: row.seq,
    kind: row.kind,
    instalmentIndex: row.instalmentIndex,
    amount: row.amount,
    date: row.date,
    newDueDate: row.newDueDate,
    reversesEntryId: row.reversesEntryId,
    actorId: row.actorId,
    recordedAt: row.recordedAt.toISOString(),
    reason: row.reason,
  };
}

/** A contract's ledger, in the order written. */
export async function loadLedger(db: Db, contractId: string): Promise<LedgerEntry[]> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.contractId, contractId))
    .orderBy(asc(ledgerEntries.seq));
  return rows.map(toLedgerEntry);
}

function toInstalmentState(row: InstalmentRow): InstalmentState {
  return {
    index: row.instalmentIndex,
    originalDueDate: row.originalDueDate,
    dueDate: row.dueDate,
    amount: row.amount,
    repaid: row.repaid,
    waived: row.waived,
    principalOutstanding: row.principalOutstanding,
    interestSettled: row.interestSettled,
    accruedInterestUnits: row.accruedInterestUnits,
    accruedThrough: row.accruedThrough,
    overpaid: row.overpaid,
    renewed: row.renewed,
    lastEntrySeq: row.lastEntrySeq,
  };
}

/**
 * An instalment state as the list's one statement reads it (src/contracts/contract-list.ts): a
 * JSON array of toInstalmentState's fields in column order; the interest units as text (a JSON
 * number would lose digits).
 */
export function instalmentStateOfJson(value: unknown): InstalmentState {
  const [
    index,
    originalDueDate,
    dueDate,
    amount,
    repaid,
    waived,
    principalOutstanding,
    interestSettled,
    accruedInterestUnits,
    accruedThrough,
    overpaid,
    renewed,
    lastEntrySeq,
  ] = value as [
    number,
    string,
    string,
    number,
    number,
    number,
    number,
    number,
    string,
    string,
    number,
    boolean,
    number,
  ];
  return {
    index,
    originalDueDate: originalDueDate as CalendarDate,
    dueDate: dueDate as CalendarDate,
    amount: Number(amount),
    repaid: Number(repaid),
    waived: Number(waived),
    principalOutstanding: Number(principalOutstanding),
    interestSettled: Number(interestSettled),
    accruedInterestUnits: BigInt(accruedInterestUnits),
    accruedThrough: accruedThrough as CalendarDate,
    overpaid: Number(overpaid),
    renewed,
    lastEntrySeq,
  };
}

/** The stored instalment states of several contracts in one query, each in schedule order. */
export async function loadInstalmentStates(
  db: Db,
  contractIds: readonly string[],
): Promise<Map<string, InstalmentState[]>> {
  const states = new Map<string, InstalmentState[]>(contractIds.map((id) => [id, []]));
  if (contractIds.length === 0) return states;
  const rows = await db
    .select()
    .from(contractInstalments)
    .where(inArray(contractInstalments.contractId, [...contractIds]))
    .orderBy(asc(contractInstalments.contractId), asc(contractInstalments.instalmentIndex));
  for (const row of rows) states.get(row.contractId)?.push(toInstalmentState(row));
  return states;
}

/** The answer model of stored contracts as of now, each in its lender's business time zone. */
export async function summarizeRows(db: Db, rows: readonly ContractRow[], now: Date) {
  const states = await loadInstalmentStates(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => summarizeRow(row, states.get(row.id) ?? [], now));
}

export function summarizeRow(row: ContractRow, states: readonly InstalmentState[], now: Date) {
  return summarizeContract(toStoredContract(row), states, todayIn(row.timeZone, now));
}

/** One contract's answer model as of now. */
export async function summarizeOne(db: Db, row: ContractRow, now: Date): Promise<Contract> {
  const [contract] = await summarizeRows(db, [row], now);
  if (contract === undefined) throw new Error("summarizeRows lost a contract");
  return contract;
}

/** The contract's read model after `ledger`: its columns on `contracts` and its instalments. */
export interface ReadModel {
  states: InstalmentState[];
  /** How much of each ledger entry took effect (the statistics read model sums repayments). */
  applied: AppliedEntry[];
  columns: Pick<
    ContractRow,
    | "nextDueDate"
    | "repaidAmount"
    | "waivedAmount"
    | "principalOutstanding"
    | "ledgerSeq"
    | "renewal"
  >;
}

/**
 * The read model the domain derives from the terms and the ledger as of `today` (one source of
 * truth: `replayLedger`). Whether money is still owed does not change with the date once the
 * entries are written (interest only accrues while principal is owed), so `nextDueDate` stays
 * right on later days; only overdue-ness moves with today, and the lists compare it at read time.
 */
export function readModelOf(
  terms: ContractTerms,
  ledger: readonly LedgerEntry[],
  today: CalendarDate,
): ReadModel {
  const { states, applied } = replayLedger(terms, ledger, today);
  const balances = balancesOn(states, terms.overdueRatePercent, today);
  return {
    states,
    applied,
    columns: {
      nextDueDate: balances.nextDueDate,
      repaidAmount: balances.repaid,
      waivedAmount: balances.waived,
      principalOutstanding: states.reduce((sum, state) => sum + state.principalOutstanding, 0),
      ledgerSeq: lastSeqOf(ledger),
      renewal: balances.renewed,
    },
  };
}

/**
 * Writes a contract's read model (its columns and one row per instalment). Call it inside the
 * transaction that creates the contract or appends to its ledger, so the two never disagree.
 */
export async function writeReadModel(db: Db, contractId: string, model: ReadModel): Promise<void> {
  await db.update(contracts).set(model.columns).where(eq(contracts.id, contractId));
  await db
    .insert(contractInstalments)
    .values(instalmentRowsOf(contractId, model.states))
    .onConflictDoUpdate({
      target: [contractInstalments.contractId, contractInstalments.instalmentIndex],
      set: {
        dueDate: sql`excluded.due_date`,
        repaid: sql`excluded.repaid`,
        waived: sql`excluded.waived`,
        principalOutstanding: sql`excluded.principal_outstanding`,
        interestSettled: sql`excluded.interest_settled`,
        accruedInterestUnits: sql`excluded.accrued_interest_units`,
        accruedThrough: sql`excluded.accrued_through`,
        overpaid: sql`excluded.overpaid`,
        renewed: sql`excluded.renewed`,
        lastEntrySeq: sql`excluded.last_entry_seq`,
      },
    });
}

/** Whether two lists of instalment states are the same, field by field. */
export function sameStates(a: readonly InstalmentState[], b: readonly InstalmentState[]): boolean {
  return (
    a.length === b.length &&
    a.every((state, i) => {
      const other = b[i] as InstalmentState | undefined;
      return (
        other !== undefined &&
        (Object.keys(state) as (keyof InstalmentState)[]).every((key) => state[key] === other[key])
      );
    })
  );
}

/** A contract's instalment states as rows of `contract_instalments`. */
export function instalmentRowsOf(
  contractId: string,
  states: readonly InstalmentState[],
): (typeof contractInstalments.$inferInsert)[] {
  return states.map((state) => ({
    contractId,
    instalmentIndex: state.index,
    originalDueDate: state.originalDueDate,
    dueDate: state.dueDate,
    amount: state.amount,
    repaid: state.repaid,
    waived: state.waived,
    principalOutstanding: state.principalOutstanding,
    interestSettled: state.interestSettled,
    accruedInterestUnits: state.accruedInterestUnits,
    accruedThrough: state.accruedThrough,
    overpaid: state.overpaid,
    renewed: state.renewed,
    lastEntrySeq: state.lastEntrySeq,
  }));
}

/** JSON with object keys sorted at every level: one text per value, so one hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** SHA-256 (hex) of the signed terms: recorded with the signature and printed on the document. */
export function termsSha256(terms: ContractTerms): string {
  return sha256Hex(canonicalJson(terms));
}
