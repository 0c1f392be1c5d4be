import { type CalendarDate, formatContractNumber } from "@chayong/domain";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { contractNumberCounters } from "../db/schema";

/**
 * The next contract number of `lenderId` for the year of `today` (his business day): the
 * counter's upsert locks its row until the transaction ends, so contracts made at once by one
 * lender queue here and each gets its own number (docs/contracts.md, "Contract number"). Call it
 * inside the transaction that inserts the contract.
 */
export async function nextContractNumber(
  db: Db,
  lenderId: string,
  today: CalendarDate,
): Promise<string> {
  const year = Number(today.slice(0, 4));
  const [counter] = await db
    .insert(contractNumberCounters)
    .values({ lenderId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [contractNumberCounters.lenderId, contractNumberCounters.year],
      set: { lastNumber: sql`${contractNumberCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: contractNumberCounters.lastNumber });
  if (counter === undefined) throw new Error("contract number counter returned nothing");
  return formatContractNumber(year, counter.lastNumber);
}
