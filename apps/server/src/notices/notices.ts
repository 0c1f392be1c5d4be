import { randomUUID } from "node:crypto";
import {
  addDays,
  type ContractTerms,
  type Currency,
  formatMoney,
  instalmentBalanceOn,
  type LedgerEntry,
  type Notice,
  type NoticeKind,
  type NoticeState,
  reminderDueAt,
  reminderWindowDays,
  smsKindOf,
  todayIn,
} from "@chayong/domain";
import { formatCalendarDate } from "@chayong/i18n/lazy";
import { and, asc, desc, eq, gte, inArray, lt, lte } from "drizzle-orm";
import type { Caller } from "../calls/caller";
import type { ServerContext } from "../context";
import { loadInstalmentStates } from "../contracts/contract-store";
import type { Db } from "../db/database";
import { contractInstalments, contracts, jobs, notices } from "../db/schema";
import { enqueueJob, type JobHandler, type JobRunCounts, jobRetry } from "../jobs/job-queue";
import { type Locale, localeOfJurisdiction, serverText } from "../messages/message-for";

/**
 * What the borrower is told after signing (docs/notices.md): reminders around due dates, found
 * by a scan, and a receipt for each money operation, added in its transaction. Each notice is a
 * row with a unique key, so it exists once however often the scan runs and however many
 * processes run it; its SMS is one `notice.send` job.
 */

type NoticeRow = typeof notices.$inferSelect;

/** The job kinds of this module. */
export const noticeJobKinds = { scan: "notices.scan", send: "notice.send" } as const;

/** Adds a notice and the job that sends it, unless a notice with its key exists. */
async function addNotice(
  tx: Db,
  notice: Omit<typeof notices.$inferInsert, "id" | "createdAt">,
  now: Date,
): Promise<boolean> {
  const [added] = await tx
    .insert(notices)
    .values({ ...notice, id: randomUUID(), createdAt: now })
    .onConflictDoNothing({ target: notices.key })
    .returning({ id: notices.id });
  if (added === undefined) return false;
  await enqueueJob(
    tx,
    {
      kind: noticeJobKinds.send,
      payload: { noticeId: added.id },
      key: `${noticeJobKinds.send}:${added.id}`,
      runAt: now,
    },
    now,
  );
  return true;
}

/**
 * The receipts of one money operation, in its transaction: one per ledger entry it wrote (a
 * repayment with a waiver is two: each says its own amount), with what is still owed after it.
 */
export async function addReceipt(
  tx: Db,
  receipt: {
    contractId: string;
    operationId: string;
    entries: readonly Pick<LedgerEntry, "kind" | "instalmentIndex" | "amount" | "newDueDate">[];
    outstandingAmount: number;
  },
  now: Date,
): Promise<void> {
  for (const [index, entry] of receipt.entries.entries()) {
    await addNotice(
      tx,
      {
        key: `receipt:${receipt.operationId}:${index + 1}`,
        contractId: receipt.contractId,
        kind: "receipt",
        entryKind: entry.kind,
        instalmentIndex: entry.instalmentIndex,
        dueDate: entry.newDueDate,
        amount: entry.amount,
        outstandingAmount: receipt.outstandingAmount,
      },
      now,
    );
  }
}

/**
 * Adds the reminders due at `now`: each instalment with money owed whose due date is 3 days
 * ahead, today, 1 or 7 days past, from 10:00 of that day in its contract's time zone, on signed
 * contracts whose lender left reminders on. Answers how many were added.
 */
export async function addDueReminders(tx: Db, now: Date): Promise<number> {
  // Every time zone's date is within a day of UTC's; the exact day is checked per contract.
  const utcToday = now.toISOString().slice(0, 10);
  const candidates = await tx
    .selectDistinct({
      id: contracts.id,
      timeZone: contracts.timeZone,
      terms: contracts.terms,
    })
    .from(contractInstalments)
    .innerJoin(contracts, eq(contracts.id, contractInstalments.contractId))
    .where(
      and(
        gte(contractInstalments.dueDate, addDays(utcToday, -reminderWindowDays.after - 1)),
        lte(contractInstalments.dueDate, addDays(utcToday, reminderWindowDays.before + 1)),
        eq(contracts.phase, "owing"),
        eq(contracts.reminders, true),
      ),
    )
    // One order for every scan: two scans overlapping in two processes take the keys' locks in
    // the same order instead of deadlocking.
    .orderBy(asc(contracts.id));
  if (candidates.length === 0) return 0;
  const states = await loadInstalmentStates(
    tx,
    candidates.map((contract) => contract.id),
  );
  const due = candidates.flatMap((contract) =>
    (states.get(contract.id) ?? []).flatMap((state) => {
      const kind = reminderDueAt(state.dueDate, contract.timeZone, now);
      return kind === null
        ? []
        : [
            {
              contract,
              state,
              kind,
              key: `${kind}:${contract.id}:${state.index}:${state.dueDate}`,
            },
          ];
    }),
  );
  if (due.length === 0) return 0;
  // From 10:00 until midnight every scan finds the day's reminders again: those already added
  // are skipped here rather than by a failed insert each minute.
  const existing = new Set(
    (
      await tx
        .select({ key: notices.key })
        .from(notices)
        .where(
          inArray(
            notices.key,
            due.map(({ key }) => key),
          ),
        )
    ).map(({ key }) => key),
  );
  let added = 0;
  for (const { contract, state, kind, key } of due) {
    if (existing.has(key)) continue;
    const { overdueRatePercent } = contract.terms as ContractTerms;
    const balance = instalmentBalanceOn(state, overdueRatePercent, todayIn(contract.timeZone, now));
    if (balance.outstanding === 0) continue;
    const notice = {
      key,
      contractId: contract.id,
      kind,
      instalmentIndex: state.index,
      dueDate: state.dueDate,
      amount: balance.outstanding,
      outstandingAmount: balance.outstanding,
    };
    if (await addNotice(tx, notice, now)) added++;
  }
  return added;
}

/** The text of a notice, in `locale`: the contract number, never the borrower's identity. */
export function noticeText(
  notice: NoticeRow,
  contract: { number: string; currency: Currency },
  locale: Locale,
): string {
  const money = (amount: number | null) => formatMoney(amount ?? 0, contract.currency, { locale });
  const params = {
    number: contract.number,
    instalment: notice.instalmentIndex ?? 1,
    date: notice.dueDate === null ? "" : formatCalendarDate(notice.dueDate, locale),
    amount: money(notice.amount),
    outstanding: money(notice.outstandingAmount),
  };
  if (notice.kind === "receipt") {
    const entryKind = (notice.entryKind ?? "repayment") as LedgerEntry["kind"];
    return serverText(`notice.receipt.${entryKind}`, locale, params);
  }
  return serverText(`notice.${notice.kind}`, locale, params);
}

/** Done jobs are kept this long (what ran, when), then deleted by the scan. */
const doneJobsKeptMs = 30 * 24 * 60 * 60_000;

/**
 * One turn of the job worker: adds this minute's reminder scan unless a process already did, then
 * runs every job due, the sends the scan adds included. POST /__test/jobs/run asks for a scan of
 * its own (`everyCall`): a test's clock may come back to a minute already scanned.
 */
export async function runJobs(
  ctx: ServerContext,
  options: { scan: "once a minute" | "every call" } = { scan: "once a minute" },
): Promise<JobRunCounts> {
  const at = ctx.now();
  const minute = at.toISOString().slice(0, 16);
  await enqueueJob(
    ctx.db,
    {
      kind: noticeJobKinds.scan,
      payload: {},
      key:
        options.scan === "every call"
          ? `${noticeJobKinds.scan}:${minute}:${randomUUID()}`
          : `${noticeJobKinds.scan}:${minute}`,
      runAt: at,
    },
    at,
  );
  return ctx.jobs.runDue();
}

/** The job handlers of this module, for the server's job runner. */
export function noticeJobHandlers(ctx: ServerContext): Record<string, JobHandler> {
  return {
    // Its effects are all in the database: they commit with the job, once.
    [noticeJobKinds.scan]: async () => ({
      commit: async (tx) => {
        const at = ctx.now();
        await addDueReminders(tx, at);
        await tx.delete(jobs).where(lt(jobs.doneAt, new Date(at.getTime() - doneJobsKeptMs)));
      },
    }),
    [noticeJobKinds.send]: async (job) => {
      const noticeId = String(job.payload.noticeId);
      const [found] = await ctx.db
        .select({ notice: notices, contract: contracts })
        .from(notices)
        .innerJoin(contracts, eq(contracts.id, notices.contractId))
        .where(eq(notices.id, noticeId));
      // Sent or closed already (a job run twice), or gone: nothing to do.
      if (found === undefined || found.notice.state !== "waiting") return undefined;
      const { notice, contract } = found;
      const close = (state: "dropped" | "failed", sentAt: Date | null = null) => ({
        commit: async (tx: Db) => {
          await tx.update(notices).set({ state, sentAt }).where(eq(notices.id, notice.id));
        },
      });
      // A reminder is sent only while its words are true: reminders still on, its day (a retry
      // may come after midnight) and money still owed on the instalment.
      if (notice.kind !== "receipt" && !(await reminderStillTrue(ctx, notice, contract))) {
        return close("dropped");
      }
      const locale = localeOfJurisdiction(contract.jurisdiction);
      const delivery = await ctx.sms.send({
        kind: smsKindOf(notice.kind),
        id: notice.id,
        phone: contract.borrowerPhone,
        locale,
        text: noticeText(
          notice,
          { number: contract.number, currency: contract.currency as Currency },
          locale,
        ),
      });
      ctx.metrics?.sms(ctx.sms.name, delivery.ok);
      if (!delivery.ok) {
        // The last attempt closes the notice as failed, for the lists to say so.
        if (job.attempt >= jobRetry.maxAttempts) return close("failed");
        throw new Error(`SMS not delivered: ${delivery.reason}`);
      }
      return {
        commit: async (tx) => {
          await tx
            .update(notices)
            .set({ state: "sent", sentAt: ctx.now() })
            .where(eq(notices.id, notice.id));
        },
      };
    },
  };
}

/** Whether a reminder still says what is true now: see notice.send. */
async function reminderStillTrue(
  ctx: ServerContext,
  notice: NoticeRow,
  contract: typeof contracts.$inferSelect,
): Promise<boolean> {
  const now = ctx.now();
  if (!contract.reminders || contract.cancelledAt !== null || notice.dueDate === null) return false;
  if (reminderDueAt(notice.dueDate, contract.timeZone, now) !== notice.kind) return false;
  const states = (await loadInstalmentStates(ctx.db, [contract.id])).get(contract.id) ?? [];
  const state = states.find((candidate) => candidate.index === notice.instalmentIndex);
  if (state === undefined || state.dueDate !== notice.dueDate) return false;
  const { overdueRatePercent } = contract.terms as ContractTerms;
  return (
    instalmentBalanceOn(state, overdueRatePercent, todayIn(contract.timeZone, now)).outstanding > 0
  );
}

/** The notices a caller may read: a borrower's own, or a lender's contract's. Newest first. */
export async function listNotices(
  db: Db,
  caller: Caller,
  contractId: string | undefined,
  locale: Locale,
): Promise<Notice[]> {
  const mine =
    caller.role === "lender"
      ? eq(contracts.lenderId, caller.userId)
      : eq(contracts.borrowerId, caller.userId);
  const rows = await db
    .select({ notice: notices, contract: contracts })
    .from(notices)
    .innerJoin(contracts, eq(contracts.id, notices.contractId))
    .where(contractId === undefined ? mine : and(mine, eq(contracts.id, contractId)))
    .orderBy(desc(notices.seq))
    .limit(100);
  return rows.map(({ notice, contract }) => ({
    id: notice.id,
    contractId: contract.id,
    contractNumber: contract.number,
    timeZone: contract.timeZone,
    kind: notice.kind as NoticeKind,
    instalmentIndex: notice.instalmentIndex,
    dueDate: notice.dueDate,
    amount: notice.amount,
    outstandingAmount: notice.outstandingAmount,
    text: noticeText(
      notice,
      { number: contract.number, currency: contract.currency as Currency },
      locale,
    ),
    createdAt: notice.createdAt.toISOString(),
    state: notice.state as NoticeState,
    sentAt: notice.sentAt?.toISOString() ?? null,
  }));
}
