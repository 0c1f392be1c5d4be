import * as v from "valibot";
import { type CalendarDate, calendarDateSchema } from "../dates";
import { type Money, moneySchema } from "../money";

export type LedgerEntryKind = "repayment" | "waiver" | "renewal" | "reversal";
export const ledgerEntryKinds = [
  "repayment",
  "waiver",
  "renewal",
  "reversal",
] as const satisfies readonly LedgerEntryKind[];

/**
 * One money event on a contract, append-only (decisions §4): who (`actorId`), when (`date` it
 * takes effect, `recordedAt` it was written) and why (`reason`). Balances are derived from these
 * rows; a wrong row is reversed by a new `reversal` row, never edited or deleted.
 */
export interface LedgerEntry {
  id: string;
  contractId: string;
  kind: LedgerEntryKind;
  /** 1-based instalment the entry applies to (for a reversal: the reversed entry's). */
  instalmentIndex: number;
  /** Repayment and waiver amounts; null for renewals and reversals. */
  amount: Money | null;
  /** The day it takes effect: the write-off date of a repayment, else the day it was made. */
  date: CalendarDate;
  /** A renewal's new due date; null otherwise. */
  newDueDate: CalendarDate | null;
  /** A reversal's target; null otherwise. */
  reversesEntryId: string | null;
  actorId: string;
  /** ISO instant the row was written. */
  recordedAt: string;
  reason: string | null;
}

/** What an operation plans to append; the store assigns `id` and `recordedAt`. */
export type NewLedgerEntry = Omit<LedgerEntry, "id" | "recordedAt">;

export const ledgerEntrySchema = v.object({
  id: v.string(),
  contractId: v.string(),
  kind: v.picklist(ledgerEntryKinds),
  instalmentIndex: v.pipe(v.number(), v.integer(), v.minValue(1)),
  amount: v.nullable(moneySchema),
  date: calendarDateSchema,
  newDueDate: v.nullable(calendarDateSchema),
  reversesEntryId: v.nullable(v.string()),
  actorId: v.string(),
  recordedAt: v.string(),
  reason: v.nullable(v.string()),
});

/** Ledger order: effective date, then the time written, then id (a total, stable order). */
export function compareEntries(
  a: Pick<LedgerEntry, "date" | "recordedAt" | "id">,
  b: Pick<LedgerEntry, "date" | "recordedAt" | "id">,
): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.recordedAt !== b.recordedAt) return a.recordedAt < b.recordedAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The entries in effect on `asOf`: those dated on or before it, minus every entry reversed by a
 * reversal that is itself in effect. A reversal removes its target entirely (the target was a
 * mistake), so balances are computed as if it had never been written.
 */
export function effectiveEntries(
  ledger: readonly LedgerEntry[],
  asOf: CalendarDate,
): LedgerEntry[] {
  const visible = ledger.filter((entry) => entry.date <= asOf);
  const reversed = new Set(
    visible
      .filter((entry) => entry.kind === "reversal" && entry.reversesEntryId !== null)
      .map((entry) => entry.reversesEntryId as string),
  );
  return visible
    .filter((entry) => entry.kind !== "reversal" && !reversed.has(entry.id))
    .sort(compareEntries);
}
