import {
  type Contract,
  computeStatistics,
  computeStatisticsWindows,
  type LedgerEntry,
  type LenderStatistics,
  type LenderStatisticsWindows,
  todayIn,
} from "@chayong/domain";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { summarizeRows, toLedgerEntry } from "../contracts/contract-store";
import type { Db } from "../db/database";
import { contracts, ledgerEntries, offlineLoans } from "../db/schema";

/**
 * The reference the statistics read model is held to (tests and bench/statistics.ts):
 * @chayong/domain's statistics over the lender's whole book, every contract re-derived from its
 * ledger in memory, which is what the server answered before it kept a read model.
 */
export async function referenceStatisticsOf(
  db: Db,
  lenderId: string,
  timeZone: string,
  now: Date,
): Promise<{ statistics: LenderStatistics; windows: LenderStatisticsWindows }> {
  const rows = await db
    .select()
    .from(contracts)
    .where(eq(contracts.lenderId, lenderId))
    .orderBy(asc(contracts.createdAt));
  const book: Contract[] = [];
  const ledger: LedgerEntry[] = [];
  // In parts: a query takes at most 65,535 parameters.
  for (let start = 0; start < rows.length; start += 1000) {
    const part = rows.slice(start, start + 1000);
    book.push(...(await summarizeRows(db, part, now)));
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.contractId,
          part.map((row) => row.id),
        ),
      )
      .orderBy(asc(ledgerEntries.contractId), asc(ledgerEntries.seq));
    ledger.push(...entries.map(toLedgerEntry));
  }
  const reports = await db
    .select()
    .from(offlineLoans)
    .where(and(eq(offlineLoans.lenderId, lenderId), isNull(offlineLoans.withdrawnAt)));
  const today = todayIn(timeZone, now);
  return {
    statistics: computeStatistics(book, ledger, today, { timeZone }),
    windows: computeStatisticsWindows(book, ledger, today, { timeZone, offlineRecords: reports }),
  };
}
