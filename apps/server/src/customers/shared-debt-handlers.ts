import { randomBytes } from "node:crypto";
import {
  type CalendarDate,
  type OfflineLoanReport,
  type OfflineLoanTerms,
  summarizeOfflineLoans,
  summarizeOnlineDebt,
  todayIn,
  validateOfflineLoanCorrection,
  validateOfflineLoanRecord,
} from "@chayong/domain";
import { and, desc, eq, isNull } from "drizzle-orm";
import { actorOf, recordAudit } from "../audit/audit";
import type { Handlers } from "../calls/call";
import type { Caller } from "../calls/caller";
import { summarizeRows } from "../contracts/contract-store";
import type { Db } from "../db/database";
import { borrowerIdentities, contracts, offlineLoans, users } from "../db/schema";
import { finishAttempt, reserveAttempt } from "../identity/identity-store";
import { refuse, refuseDomain, succeed } from "../outcome";

/**
 * The shared-debt lookup and the offline loan reports behind its offline half (docs/customers.md#shared-debt-lookup;
 * docs/customers.md, "Shared-debt lookup"): a person is found by the keyed hash of their ID
 * number together with their phone, and only if they consented during verification; the answer
 * is aggregates only, never a lender; every lookup is rate-limited and audited with its remark.
 * A lender reads, corrects and withdraws only his own reports; a withdrawn report stops counting
 * and is kept, with every change in the audit log.
 */
export const sharedDebtHandlers: Pick<
  Handlers,
  | "contract.sharedDebt"
  | "contract.reportOfflineLoan"
  | "contract.offlineLoanList"
  | "contract.correctOfflineLoan"
  | "contract.withdrawOfflineLoan"
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

  "contract.reportOfflineLoan": async ({ ctx, caller, ip, now }, input) => {
    const today = lenderToday(caller, now);
    if (today === null) return refuse(403, "access.forbidden");
    const checked = validateOfflineLoanRecord(input, { today });
    if (!checked.ok) return refuseDomain(checked.errors);
    const record = checked.value;
    return ctx.db.transaction(async (tx) => {
      const id = randomBytes(12).toString("base64url");
      const [row] = await tx
        .insert(offlineLoans)
        .values({
          id,
          lenderId: caller.userId,
          idNumberHash: ctx.personalData.lookupHash(record.idNumber),
          phone: record.phone,
          amount: record.amount,
          outstandingAmount: record.outstandingAmount,
          loanDate: record.loanDate,
          state: record.state,
          createdAt: now,
        })
        .returning();
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "offlineLoan.report",
        subjectId: id,
        ip,
        at: now,
        details: { ...termsOf(record) },
      });
      return succeed(reportOf(row as OfflineLoanRow));
    });
  },

  "contract.offlineLoanList": async ({ ctx, caller }) => {
    const rows = await ctx.db
      .select()
      .from(offlineLoans)
      .where(and(eq(offlineLoans.lenderId, caller.userId), isNull(offlineLoans.withdrawnAt)))
      .orderBy(desc(offlineLoans.createdAt), desc(offlineLoans.id));
    return succeed(rows.map(reportOf));
  },

  "contract.correctOfflineLoan": async ({ ctx, caller, ip, now }, input) => {
    const today = lenderToday(caller, now);
    if (today === null) return refuse(403, "access.forbidden");
    const checked = validateOfflineLoanCorrection(input, { today });
    if (!checked.ok) return refuseDomain(checked.errors);
    const correction = checked.value;
    return ctx.db.transaction(async (tx) => {
      const before = await ownReport(tx, caller.userId, correction.id);
      if (before === undefined) return refuse(404, "offlineLoan.notFound");
      const [after] = await tx
        .update(offlineLoans)
        .set(termsOf(correction))
        .where(eq(offlineLoans.id, before.id))
        .returning();
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "offlineLoan.correct",
        subjectId: before.id,
        ip,
        at: now,
        details: { before: termsOf(before), after: termsOf(correction) },
      });
      return succeed(reportOf(after as OfflineLoanRow));
    });
  },

  "contract.withdrawOfflineLoan": async ({ ctx, caller, ip, now }, input) =>
    ctx.db.transaction(async (tx) => {
      const report = await ownReport(tx, caller.userId, input.id);
      if (report === undefined) return refuse(404, "offlineLoan.notFound");
      await tx.update(offlineLoans).set({ withdrawnAt: now }).where(eq(offlineLoans.id, report.id));
      await recordAudit(tx, {
        actor: actorOf(caller),
        action: "offlineLoan.withdraw",
        subjectId: report.id,
        ip,
        at: now,
        details: { ...termsOf(report) },
      });
      return succeed(null);
    }),
};

type OfflineLoanRow = typeof offlineLoans.$inferSelect;

/** Today in the lender's business time zone (loan dates are never after it), or null. */
function lenderToday(caller: Caller, now: Date): CalendarDate | null {
  return caller.lender === null ? null : todayIn(caller.lender.timeZone, now);
}

/**
 * One of this lender's reports that still counts, locked for the change. Another lender's report
 * and a withdrawn one answer like a missing one (docs/customers.md): nothing to learn from it.
 */
async function ownReport(db: Db, lenderId: string, id: string) {
  const [row] = await db
    .select()
    .from(offlineLoans)
    .where(
      and(
        eq(offlineLoans.id, id),
        eq(offlineLoans.lenderId, lenderId),
        isNull(offlineLoans.withdrawnAt),
      ),
    )
    .for("update");
  return row;
}

/** The terms of a report (what a correction may change and the audit keeps). */
function termsOf(terms: OfflineLoanTerms): OfflineLoanTerms {
  return {
    amount: terms.amount,
    outstandingAmount: terms.outstandingAmount,
    loanDate: terms.loanDate,
    state: terms.state,
  };
}

/** A report as its lender reads it back: never the ID number nor its hash. */
function reportOf(row: OfflineLoanRow): OfflineLoanReport {
  return {
    id: row.id,
    phone: row.phone,
    ...termsOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}
