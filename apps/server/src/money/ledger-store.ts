import { randomUUID } from "node:crypto";
import { type LedgerEntry, lastSeqOf, type NewLedgerEntry } from "@chayong/domain";
import type { Answer } from "@chayong/sdk/server";
import { inArray } from "drizzle-orm";
import type { Db } from "../db/database";
import { ledgerEntries, lenderProfiles } from "../db/schema";

/**
 * The planned entries as the ledger will hold them: ids, the next sequence numbers after the
 * ledger's last (so entries written by one call keep their order) and the time written.
 */
export function numberEntries(
  ledger: readonly LedgerEntry[],
  planned: readonly NewLedgerEntry[],
  now: Date,
): LedgerEntry[] {
  const last = lastSeqOf(ledger);
  return planned.map((entry, i) => ({
    ...entry,
    id: randomUUID(),
    seq: last + 1 + i,
    recordedAt: now.toISOString(),
  }));
}

/** Entries as rows of `ledger_entries`, each naming the operation that wrote it. */
export function ledgerEntryRowsOf(
  entries: readonly LedgerEntry[],
  operationIdOf: (entry: LedgerEntry) => string,
): (typeof ledgerEntries.$inferInsert)[] {
  return entries.map((entry) => ({
    id: entry.id,
    contractId: entry.contractId,
    seq: entry.seq,
    kind: entry.kind,
    instalmentIndex: entry.instalmentIndex,
    amount: entry.amount,
    date: entry.date,
    newDueDate: entry.newDueDate,
    reversesEntryId: entry.reversesEntryId,
    operationId: operationIdOf(entry),
    actorId: entry.actorId,
    recordedAt: new Date(entry.recordedAt),
    reason: entry.reason,
  }));
}

/** Appends entries (the table refuses updates and deletes: append-only). */
export async function insertEntries(
  db: Db,
  entries: readonly LedgerEntry[],
  operationId: string,
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(ledgerEntries).values(ledgerEntryRowsOf(entries, () => operationId));
}

type LedgerView = Answer<"contract.ledger">["entries"];

/**
 * The ledger as people read it: each entry with the name of who wrote it (the lender's display
 * name, as the contract shows it) and the reversal that undid it, if any.
 */
export async function ledgerView(db: Db, ledger: readonly LedgerEntry[]): Promise<LedgerView> {
  const actorIds = [...new Set(ledger.map((entry) => entry.actorId))];
  const profiles =
    actorIds.length === 0
      ? []
      : await db
          .select({ userId: lenderProfiles.userId, displayName: lenderProfiles.displayName })
          .from(lenderProfiles)
          .where(inArray(lenderProfiles.userId, actorIds));
  const names = new Map(profiles.map((profile) => [profile.userId, profile.displayName]));
  const reversedBy = new Map(
    ledger
      .filter((entry) => entry.reversesEntryId !== null)
      .map((entry) => [entry.reversesEntryId as string, entry.id]),
  );
  return ledger.map((entry) => ({
    ...entry,
    actorName: names.get(entry.actorId) ?? "",
    reversedByEntryId: reversedBy.get(entry.id) ?? null,
  }));
}
