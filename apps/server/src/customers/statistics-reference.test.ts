import { randomUUID } from "node:crypto";
import { addDays, todayIn } from "@chayong/domain";
import { asc, eq } from "drizzle-orm";
import fc from "fast-check";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBook } from "../../bench/seed";
import type { Db } from "../db/database";
import { rebuildPendingReadModels } from "../db/read-model-rebuilds";
import { lenderBookDays, lenderOverdueDays, readModelRebuilds, users } from "../db/schema";
import { borrowerAPhone, type Cast, contractDraft, logInCast } from "../testing/fixtures";
import { signaturePng } from "../testing/png";
import { referenceStatisticsOf } from "../testing/statistics-reference";
import { startTestServer, type TestClient, type TestServer } from "../testing/test-server";
import {
  bookDayMeasureNames,
  lockBook,
  overdueFiguresOf,
  rebuildBookDays,
  sumOverdueInstalments,
} from "./book-days";

const timeZone = "Asia/Seoul";
const day = 24 * 60 * 60 * 1000;

/** The maintained read model's rows of a lender, without rows whose measures all cancelled out. */
async function bookDayRows(db: Db, lenderId: string) {
  const rows = await db
    .select()
    .from(lenderBookDays)
    .where(eq(lenderBookDays.lenderId, lenderId))
    .orderBy(asc(lenderBookDays.instalment), asc(lenderBookDays.day));
  return rows.filter((row) => bookDayMeasureNames.some((name) => row[name] !== 0));
}

/** The read model as a rebuild from contracts and ledgers makes it (rolled back afterwards). */
async function rebuiltBookDayRows(db: Db, lenderId: string, now: Date) {
  const rollback = new Error("rollback");
  let rebuilt: Awaited<ReturnType<typeof bookDayRows>> = [];
  await db
    .transaction(async (tx) => {
      await rebuildBookDays(tx, now);
      rebuilt = await bookDayRows(tx, lenderId);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return rebuilt;
}

async function lenderIdOf(db: Db, phone: string): Promise<string> {
  const [user] = await db.select().from(users).where(eq(users.phone, phone));
  if (user === undefined) throw new Error(`no user ${phone}`);
  return user.id;
}

// The dashboards are answered from a read model (./book-days.ts) kept up to date by signing and
// by every ledger append; these hold the answers to the domain's reference functions, figure by
// figure, on random books and as days pass (docs/customers.md, "Statistics").
describe("statistics from the read model equal the domain's reference", () => {
  let ts: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts, { verifyBorrowers: true });
  }, 240_000);
  afterAll(async () => {
    await ts?.close();
  });

  /** Time passes; everyone keeps using the app, so the sliding 30-day sessions stay alive. */
  async function passDays(days: number, clients: TestClient[]) {
    for (let left = days; left > 0; left -= 10) {
      ts.clock.advance(Math.min(10, left) * day);
      for (const client of clients) await client.api.user.current();
    }
  }

  async function expectReference(lender: TestClient, lenderId: string) {
    const db = ts.server.context.db;
    const reference = await referenceStatisticsOf(db, lenderId, timeZone, ts.clock.now());
    expect(await lender.api.contract.statistics()).toEqual(reference.statistics);
    expect(await lender.api.contract.statisticsWindows()).toEqual(reference.windows);
  }

  it("after any sequence of contracts and money operations through the API (property)", async () => {
    const db = ts.server.context.db;
    const lender = cast.lenderA;
    const lenderId = await lenderIdOf(db, "+821000000000");
    const today = () => todayIn(timeZone, ts.clock.now());
    const signed: string[] = [];
    const step = fc.record({
      kind: fc.constantFrom("add", "add", "repay", "waive", "renew", "reverse", "wait", "wait"),
      instalments: fc.integer({ min: 1, max: 4 }),
      amount: fc.integer({ min: 1, max: 60 }).map((n) => n * 10_000),
      termDays: fc.integer({ min: 1, max: 40 }),
      backDays: fc.integer({ min: 0, max: 20 }),
      target: fc.nat(),
      index: fc.integer({ min: 1, max: 4 }),
      waitDays: fc.integer({ min: 1, max: 35 }),
    });
    const outcomes = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 9 }), async (steps) => {
        for (const s of steps) {
          const contractId = signed[s.target % Math.max(1, signed.length)];
          const key = randomUUID();
          try {
            if (s.kind === "add" || contractId === undefined) {
              const loanAmount = s.amount * s.instalments;
              // Loans made before today too: due dates may be past at signing already.
              const loanDate = addDays(today(), -s.backDays);
              const contract = await lender.api.contract.add(
                contractDraft(borrowerAPhone, {
                  loanAmount,
                  disbursedAmount: loanAmount,
                  loanDate,
                  repaymentDate: addDays(loanDate, s.termDays),
                  instalment: s.instalments > 1,
                  instalmentCount: s.instalments,
                  instalmentAmount: s.amount,
                }),
              );
              await cast.borrowerA.api.contract.open({ code: contract.code });
              // He signs knowingly when it is already overdue (docs/contracts.md).
              await cast.borrowerA.api.contract.sign({
                id: contract.id,
                signature: signaturePng(),
                acknowledgeOverdue: true,
              });
              signed.push(contract.id);
            } else if (s.kind === "wait") {
              await passDays(s.waitDays, [lender, cast.borrowerA, cast.lenderB, cast.borrowerB]);
            } else if (s.kind === "renew") {
              await lender.api.contract.renew({
                id: contractId,
                idempotencyKey: key,
                instalmentIndex: s.index,
                newDueDate: addDays(today(), s.termDays),
              });
            } else if (s.kind === "reverse") {
              const { entries } = await lender.api.contract.ledger({ id: contractId });
              const target = entries[s.target % Math.max(1, entries.length)];
              await lender.api.contract.reverse({
                id: contractId,
                idempotencyKey: key,
                entryId: target?.id ?? "none",
                reason: "typo",
              });
            } else {
              const { loanDate } = await lender.api.contract.detail({ id: contractId });
              const receivedOn = [addDays(today(), -s.backDays), loanDate].sort().at(-1) as string;
              await lender.api.contract.repay({
                id: contractId,
                idempotencyKey: key,
                instalmentIndex: s.index,
                ...(s.kind === "repay"
                  ? { repaymentAmount: s.amount, receivedOn }
                  : { waiverAmount: Math.ceil(s.amount / 4) }),
              });
            }
            if (s.kind !== "wait") outcomes.accepted += 1;
          } catch (error) {
            // Refusals are part of the walk (paying more than is owed...); never a 5xx.
            expect((error as { status?: number }).status).toBeLessThan(500);
            outcomes.refused += 1;
          }
          await expectReference(lender, lenderId);
        }
        expect(await bookDayRows(db, lenderId)).toEqual(
          await rebuiltBookDayRows(db, lenderId, ts.clock.now()),
        );
        // The day's kept overdue figures, maintained by the writers since the first read,
        // equal a fresh sum over the overdue instalments.
        const kept = await db
          .select()
          .from(lenderOverdueDays)
          .where(eq(lenderOverdueDays.lenderId, lenderId))
          .orderBy(asc(lenderOverdueDays.instalment));
        const fresh = await sumOverdueInstalments(db, lenderId, today());
        expect(kept.map((row) => [row.day, row.overdueAmount, row.fellOverdueAmount])).toEqual([
          [today(), fresh.single.overdueAmount, fresh.single.fellOverdueAmount],
          [today(), fresh.instalment.overdueAmount, fresh.instalment.fellOverdueAmount],
        ]);
      }),
      { numRuns: Number(process.env.CHAYONG_PROPERTY_RUNS ?? 8), seed: 20261123 },
    );
    expect(signed.length).toBeGreaterThan(5);
    expect(outcomes.accepted).toBeGreaterThan(15);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 300_000);

  it("on seeded books of every state, today and on later days", async () => {
    const db = ts.server.context.db;
    const phone = "01077770000";
    await ts.addLender(phone, "Seeded");
    const lender = await ts.loggedInClient(phone);
    const lenderId = await lenderIdOf(db, "+821077770000");
    const seeded = await seedBook({
      db,
      kind: ts.database.config.kind,
      lenderId,
      lender: { name: "Seeded", merchantName: "Seeded Co" },
      size: 400,
      now: ts.clock.now(),
      seed: 7,
    });
    // The walk must reach every status the figures tell apart.
    for (const status of ["type3", "type4", "type5", "type6"] as const) {
      expect(seeded.statuses[status]).toBeGreaterThan(0);
    }
    expect(await bookDayRows(db, lenderId)).toEqual(
      await rebuiltBookDayRows(db, lenderId, ts.clock.now()),
    );
    for (const laterDays of [0, 1, 2, 6, 30, 400]) {
      await passDays(laterDays, [
        lender,
        cast.lenderA,
        cast.borrowerA,
        cast.lenderB,
        cast.borrowerB,
      ]);
      await expectReference(lender, lenderId);
    }
  }, 300_000);

  it("keeps the overdue figures of a day a reader reached first (midnight, a clock ahead)", async () => {
    const db = ts.server.context.db;
    const lender = cast.lenderA;
    const lenderId = await lenderIdOf(db, "+821000000000");
    const today = todayIn(timeZone, ts.clock.now());
    // A single loan of 500,000 that fell due 20 days ago, signed today.
    const contract = await lender.api.contract.add(
      contractDraft(borrowerAPhone, {
        loanAmount: 500_000,
        disbursedAmount: 500_000,
        loanDate: addDays(today, -50),
        repaymentDate: addDays(today, -20),
        instalmentAmount: 500_000,
      }),
    );
    await cast.borrowerA.api.contract.open({ code: contract.code });
    await cast.borrowerA.api.contract.sign({
      id: contract.id,
      signature: signaturePng(),
      acknowledgeOverdue: true,
    });
    // A reader already in tomorrow keeps tomorrow's overdue figures...
    const tomorrow = addDays(today, 1);
    await db.transaction(async (tx) => {
      await lockBook(tx, lenderId, "read");
      await overdueFiguresOf(tx, lenderId, tomorrow);
    });
    // ...then a repayment recorded today must reach them too.
    await lender.api.contract.repay({
      id: contract.id,
      idempotencyKey: randomUUID(),
      instalmentIndex: 1,
      repaymentAmount: 200_000,
      receivedOn: today,
    });
    ts.clock.advance(day);
    await expectReference(lender, lenderId);
  });

  it("builds the read model on start for books signed before it existed", async () => {
    const db = ts.server.context.db;
    const lenderId = await lenderIdOf(db, "+821000000000");
    const before = await bookDayRows(db, lenderId);
    expect(before.length).toBeGreaterThan(0);
    await db.delete(lenderBookDays);
    await db.insert(readModelRebuilds).values({ name: "lender_book_days" });
    await rebuildPendingReadModels(db, ts.clock.now(), pino({ level: "silent" }), {
      lender_book_days: rebuildBookDays,
    });
    expect(await db.select().from(readModelRebuilds)).toEqual([]);
    expect(await bookDayRows(db, lenderId)).toEqual(before);
    await expectReference(cast.lenderA, lenderId);
  });
});
