import { eq } from "drizzle-orm";
import type { Caller } from "../calls/caller";
import type { Db } from "../db/database";
import { contracts } from "../db/schema";
import { type Outcome, refuse, succeed } from "../outcome";
import type { ContractRow } from "./contract-store";

/**
 * The contract `id` as the caller may see it: its lender, or the borrower who opened it. Anyone
 * else is refused (403) without learning more than that the id exists (ids are random UUIDs).
 * With `lock`, the row is locked for the rest of the transaction, but only once the caller is
 * known to be one of its parties: a stranger cannot hold another lender's contract.
 */
export async function contractForCaller(
  db: Db,
  caller: Caller,
  id: string,
  options: { lock?: boolean } = {},
): Promise<Outcome<ContractRow>> {
  const isParty = (row: ContractRow) =>
    caller.role === "lender" ? row.lenderId === caller.userId : row.borrowerId === caller.userId;
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
  if (row === undefined) return refuse(404, "contract.notFound");
  if (!isParty(row)) return refuse(403, "access.forbidden");
  if (!options.lock) return succeed(row);
  const [locked] = await db.select().from(contracts).where(eq(contracts.id, id)).for("update");
  if (locked === undefined) return refuse(404, "contract.notFound");
  return isParty(locked) ? succeed(locked) : refuse(403, "access.forbidden");
}
