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
 * One money event on a contract, append-only (docs/money.md): who (`actorId`), when (`date` it
 * takes effect, `recordedAt` it was written) and why (`reason`). Balances are derived from these
 * rows; a wrong row is reversed by a new `reversal` row, never edited or deleted.
 */
export interface LedgerEntry {
  id: string;
  contractId: string;
  /**
   * 1, 2, 3... per contract, in the order the entries were written (entries written by one call
   * get consecutive numbers): the tie-break between entries that take effect on the same day.
   */
  seq: number;
  kind: LedgerEntryKind;
  /** 1-based instalment the entry applies to (for a reversal: the reversed entry's). */
  instalmentIndex: number;
  /** Repayment and waiver amounts; null for renewals and reversals. */
  amount: Money | null;
  /** The day it takes effect: the day a repayment was received, else the day it was made. */
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

/** What an operation plans to append; the store assigns `id`, `seq` and `recordedAt`. */
export type NewLedgerEntry = Omit<LedgerEntry, "id" | "seq" | "recordedAt">;

export const ledgerEntrySchema = v.object({
  id: v.string(),
  contractId: v.string(),
  seq: v.pipe(v.number(), v.integer(), v.minValue(1)),
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

/** Ledger order: the day an entry takes effect, then the order it was written (a total order). */
export function compareEntries(
  a: Pick<LedgerEntry, "date" | "seq">,
  b: Pick<LedgerEntry, "date" | "seq">,
): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return a.seq - b.seq;
}

/** The highest sequence number of a ledger (0 when empty): the next entry takes this + 1. */
export function lastSeqOf(ledger: readonly Pick<LedgerEntry, "seq">[]): number {
  let last = 0;
  for (const entry of ledger) if (entry.seq > last) last = entry.seq;
  return last;
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
