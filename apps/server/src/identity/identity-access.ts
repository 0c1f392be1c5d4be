import { and, eq, isNull } from "drizzle-orm";
import type { Caller } from "../calls/caller";
import type { Db } from "../db/database";
import { contracts } from "../db/schema";

/**
 * Whether a user may see a borrower's identity data and images (docs/identity.md): the borrower,
 * and a lender of one of that borrower's contracts (one the borrower opened, so is bound to,
 * and that was not cancelled).
 */
export async function mayViewIdentityOf(
  db: Db,
  viewer: Pick<Caller, "userId" | "role">,
  ownerId: string,
): Promise<boolean> {
  if (viewer.userId === ownerId) return true;
  if (viewer.role !== "lender") return false;
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.lenderId, viewer.userId),
        eq(contracts.borrowerId, ownerId),
        // A cancelled contract is no customer relationship.
        isNull(contracts.cancelledAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
