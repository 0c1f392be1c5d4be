import { randomUUID } from "node:crypto";
import type { ContractTemplate } from "@chayong/domain";
import { and, desc, eq, ilike, isNull } from "drizzle-orm";
import { actorOf, recordAudit } from "../audit/audit";
import type { Handlers } from "../calls/call";
import { templates } from "../db/schema";
import { refuse, succeed } from "../outcome";

/** Most templates a list answers; lenders keep a handful. */
const listLimit = 200;

function toTemplate(row: typeof templates.$inferSelect): ContractTemplate {
  return {
    id: row.id,
    name: row.name,
    lender: row.lender,
    merchantName: row.merchantName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `%` and `_` typed in a search box are letters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export const templateHandlers: Pick<
  Handlers,
  "template.add" | "template.query" | "template.remove"
> = {
  "template.add": async ({ ctx, caller, ip, now }, input) => {
    const row = {
      id: randomUUID(),
      lenderId: caller.userId,
      name: input.name,
      lender: input.lender,
      merchantName: input.merchantName,
      createdAt: now,
    };
    await ctx.db.transaction(async (tx) => {
      await tx.insert(templates).values(row);
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "template.add",
        subjectId: row.id,
        ip,
        at: now,
      });
    });
    return succeed(toTemplate({ ...row, removedAt: null }));
  },

  "template.query": async ({ ctx, caller }, input) => {
    const conditions = [eq(templates.lenderId, caller.userId), isNull(templates.removedAt)];
    if (input.name !== "") conditions.push(ilike(templates.name, likePattern(input.name)));
    const rows = await ctx.db
      .select()
      .from(templates)
      .where(and(...conditions))
      .orderBy(desc(templates.createdAt), desc(templates.id))
      .limit(listLimit);
    return succeed(rows.map(toTemplate));
  },

  "template.remove": async ({ ctx, caller, ip, now }, input) =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(templates)
        .where(eq(templates.id, input.id))
        .for("update");
      if (row === undefined) return refuse(404, "template.notFound");
      // Another lender's template: forbidden, whatever its state, so nothing about it leaks.
      if (row.lenderId !== caller.userId) return refuse(403, "access.forbidden");
      if (row.removedAt !== null) return refuse(404, "template.notFound");
      await tx.update(templates).set({ removedAt: now }).where(eq(templates.id, row.id));
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "template.remove",
        subjectId: row.id,
        ip,
        at: now,
      });
      return succeed(null);
    }),
};
