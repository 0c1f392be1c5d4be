import { randomBytes } from "node:crypto";
import { summarizeOfflineLoans, summarizeOnlineDebt } from "@chayong/domain";
import { and, eq, isNull } from "drizzle-orm";
import { actorOf, recordAudit } from "../audit/audit";
import { summarizeRows } from "../contracts/contract-store";
import { borrowerIdentities, contracts, offlineLoans, users } from "../db/schema";
import type { Handlers } from "../http/call";
import { finishAttempt, reserveAttempt } from "../identity/identity-store";
import { refuse, succeed } from "../outcome";

/**
 * The shared-debt lookup and the offline loan reports behind its offline half (decisions §6;
 * docs/customers.md, "Shared-debt lookup"): a person is found by the keyed hash of their ID
 * number together with their phone, and only if they consented during verification; the answer
 * is aggregates only, never a lender; every lookup is rate-limited and audited with its remark.
 */
export const sharedDebtHandlers: Pick<
  Handlers,
  "contract.sharedDebt" | "contract.reportOfflineLoan"
> = {
  "contract.sharedDebt": async ({ ctx, caller, ip, now }, input) => {
    const attempt = await reserveAttempt(ctx.db, caller.userId, "sharedDebt", now);
    if (attempt === null) return refuse(429, "common.operationTooFrequent");
    const idNumberHash = ctx.personalData.lookupHash(input.idNumber);
    const [person] = await ctx.db
      .select({ userId: borrowerIdentities.userId })
      .from(borrowerIdentities)
      .innerJoin(users, eq(users.id, borrowerIdentities.userId))
      .where(
        and(
          eq(borrowerIdentities.idNumberHash, idNumberHash),
          eq(borrowerIdentities.sharedDebtConsent, true),
          eq(users.phone, input.phone),
        ),
      );
    await recordAudit(ctx.db, {
      actor: actorOf(caller),
      action: "sharedDebt.query",
      subjectType: "user",
      subjectId: person?.userId ?? null,
      ip,
      at: now,
      // The remark the lender gave, whether anyone was found; never the number or the card.
      details: {
        remark: input.remark ?? null,
        found: person !== undefined,
        bankCardGiven: input.bankCard !== undefined && input.bankCard !== "",
      },
    });
    await finishAttempt(ctx.db, attempt, { passed: person !== undefined, details: {} });
    if (person === undefined) return refuse(404, "sharedDebt.notFound");

    const rows = await ctx.db
      .select()
      .from(contracts)
      .where(eq(contracts.borrowerId, person.userId));
    const reports = await ctx.db
      .select()
      .from(offlineLoans)
      .where(and(eq(offlineLoans.idNumberHash, idNumberHash), isNull(offlineLoans.withdrawnAt)));
    return succeed({
      online: summarizeOnlineDebt(await summarizeRows(ctx.db, rows, now)),
      offline: summarizeOfflineLoans(reports),
    });
  },

  "contract.reportOfflineLoan": async ({ ctx, caller, ip, now }, input) =>
    ctx.db.transaction(async (tx) => {
      const id = randomBytes(12).toString("base64url");
      await tx.insert(offlineLoans).values({
        id,
        lenderId: caller.userId,
        idNumberHash: ctx.personalData.lookupHash(input.idNumber),
        phone: input.phone,
        amount: input.amount,
        outstandingAmount: input.state === "settled" ? 0 : input.outstandingAmount,
        loanDate: input.loanDate,
        state: input.state,
        createdAt: now,
      });
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "offlineLoan.report",
        subjectType: "offlineLoan",
        subjectId: id,
        ip,
        at: now,
        details: { amount: input.amount, state: input.state, loanDate: input.loanDate },
      });
      return succeed(null);
    }),
};
