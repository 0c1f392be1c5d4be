import { and, desc, eq } from "drizzle-orm";
import { actorOf, recordAudit } from "../audit/audit";
import type { Handlers } from "../calls/call";
import { blockedPhones } from "../db/schema";
import { refuse, succeed } from "../outcome";

/**
 * A lender's block list (docs/customers.md#block-list): per lender, by phone, with the
 * lender's reason; every change audited. Blocking a blocked phone keeps the first block.
 */
export const blockListHandlers: Pick<
  Handlers,
  "contract.block" | "contract.unblock" | "contract.blockList"
> = {
  "contract.block": async ({ ctx, caller, ip, now }, input) =>
    ctx.db.transaction(async (tx) => {
      const [added] = await tx
        .insert(blockedPhones)
        .values({
          lenderId: caller.userId,
          phone: input.phone,
          reason: input.reason,
          blockedAt: now,
        })
        .onConflictDoNothing()
        .returning({ phone: blockedPhones.phone });
      if (added !== undefined) {
        await recordAudit(tx, {
          actor: actorOf(caller),
          action: "customer.block",
          subjectId: input.phone,
          ip,
          at: now,
          details: { reason: input.reason },
        });
      }
      return succeed(null);
    }),

  "contract.unblock": async ({ ctx, caller, ip, now }, input) =>
    ctx.db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(blockedPhones)
        .where(and(eq(blockedPhones.lenderId, caller.userId), eq(blockedPhones.phone, input.phone)))
        .returning({ phone: blockedPhones.phone });
      if (removed === undefined) return refuse(404, "customer.notBlocked");
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "customer.unblock",
        subjectId: input.phone,
        ip,
        at: now,
      });
      return succeed(null);
    }),

  "contract.blockList": async ({ ctx, caller }) => {
    const rows = await ctx.db
      .select()
      .from(blockedPhones)
      .where(eq(blockedPhones.lenderId, caller.userId))
      .orderBy(desc(blockedPhones.blockedAt));
    return succeed(
      rows.map((row) => ({
        phone: row.phone,
        reason: row.reason,
        blockedAt: row.blockedAt.toISOString(),
      })),
    );
  },
};
