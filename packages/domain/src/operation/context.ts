import type { CalendarDate } from "../dates";
import type { Currency } from "../jurisdiction";
import {
  type BalanceTerms,
  type LedgerEntry,
  lastSeqOf,
  type NewLedgerEntry,
  replayLedger,
} from "../ledger";
import type { ContractStatus } from "../status";

/** What every ledger operation is planned against: the contract, its ledger and today. */
export interface OperationContext {
  contractId: string;
  terms: BalanceTerms;
  /** The contract's currency: the refusals that name an amount name it in this. */
  currency: Currency;
  /** The contract's status as of `today` (see `deriveStatus`). */
  status: ContractStatus | "cancelled";
  ledger: readonly LedgerEntry[];
  /** Who asks (the lender's account id); recorded on every entry. */
  actorId: string;
  /** Today in the lender's business time zone. */
  today: CalendarDate;
}

/**
 * The ledger with planned entries appended, as the store will hold them: numbered after every
 * existing entry, so each sorts after the entries of its own date.
 */
export function withPlanned(
  ledger: readonly LedgerEntry[],
  planned: readonly NewLedgerEntry[],
): LedgerEntry[] {
  const last = lastSeqOf(ledger);
  return [
    ...ledger,
    ...planned.map((entry, i) => ({
      ...entry,
      id: `~planned-${i}`,
      seq: last + 1 + i,
      recordedAt: "",
    })),
  ];
}

/** Money the ledger holds but cannot apply (0 for a sound ledger). */
export function overpaidWith(ctx: OperationContext, planned: readonly NewLedgerEntry[]): number {
  return replayLedger(ctx.terms, withPlanned(ctx.ledger, planned), ctx.today).balances.overpaid;
}

export function cleanReason(reason: string | null | undefined): string | null {
  const trimmed = reason?.trim();
  return trimmed ? trimmed : null;
}
