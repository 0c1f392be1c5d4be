import { and, eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { blockedPhones } from "../db/schema";

/** Whether this lender blocked this phone (E.164): then it receives no new contract from them. */
export async function isBlocked(db: Db, lenderId: string, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ phone: blockedPhones.phone })
    .from(blockedPhones)
    .where(and(eq(blockedPhones.lenderId, lenderId), eq(blockedPhones.phone, phone)));
  return row !== undefined;
}
