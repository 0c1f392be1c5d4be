import { computeStatistics, computeStatisticsWindows, todayIn } from "@chayong/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Caller } from "../auth/sessions";
import { summarizeRows, toLedgerEntry } from "../contracts/contract-store";
import type { Db } from "../db/database";
import { contracts, ledgerEntries } from "../db/schema";
import type { Handlers } from "../http/call";
import { refuse, succeed } from "../outcome";

/**
 * The lender's whole book as the statistics read it: every contract's answer and the ledger
 * entries of the signed ones. The figures are defined once, in @chayong/domain (statistics);
 * this only gathers their input. In memory: fine for a private lender's book (the domain
 * computes 1,000 contracts in tens of milliseconds); a very large book would need the figures
 * in SQL over the read model.
 */
async function bookOf(db: Db, caller: Caller, now: Date) {
  const rows = await db
    .select()
    .from(contracts)
    .where(eq(contracts.lenderId, caller.userId))
    .orderBy(asc(contracts.createdAt));
  const signedIds = rows.filter((row) => row.signedAt !== null).map((row) => row.id);
  const ledger =
    signedIds.length === 0
      ? []
      : (
          await db
            .select()
            .from(ledgerEntries)
            .where(and(inArray(ledgerEntries.contractId, signedIds)))
            .orderBy(asc(ledgerEntries.contractId), asc(ledgerEntries.seq))
        ).map(toLedgerEntry);
  return { contracts: await summarizeRows(db, rows, now), ledger };
}

/** The 'me' dashboards (spec §3 statistics; decisions §7), in the lender's business time zone. */
export const statisticsHandlers: Pick<
  Handlers,
  "contract.statistics" | "contract.statisticsWindows"
> = {
  "contract.statistics": async ({ ctx, caller, now }) => {
    if (caller.lender === null) return refuse(403, "access.forbidden");
    const { timeZone } = caller.lender;
    const book = await bookOf(ctx.db, caller, now);
    return succeed(
      computeStatistics(book.contracts, book.ledger, todayIn(timeZone, now), { timeZone }),
    );
  },

  "contract.statisticsWindows": async ({ ctx, caller, now }) => {
    if (caller.lender === null) return refuse(403, "access.forbidden");
    const { timeZone } = caller.lender;
    const book = await bookOf(ctx.db, caller, now);
    // Offline loan reports join here once lenders can file them (decisions §6).
    return succeed(
      computeStatisticsWindows(book.contracts, book.ledger, todayIn(timeZone, now), {
        timeZone,
        offlineRecords: [],
      }),
    );
  },
};
