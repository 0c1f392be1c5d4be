import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, rowsOf } from "../db/database";
import { migrate } from "../db/migrate";
import { jobs } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../testing/test-database";
import {
  type ClaimedJob,
  createJobRunner,
  enqueueJob,
  type JobOutcome,
  jobLeaseMs,
  jobRetry,
  retryDelayMs,
} from "./job-queue";

const logger = pino({ level: "silent" });

describe("the job queue (docs/notices.md, 'The job queue')", () => {
  let testDb: TestDatabase;
  let database: Database;
  let current = new Date("2026-03-02T01:00:00.000Z");
  const now = () => current;

  beforeAll(async () => {
    testDb = createTestDatabase({ migrated: true });
    const opened = await openDatabase(testDb.config, testDb.schemaName);
    if (!opened.ok) throw new Error("the test database is locked");
    database = opened.database;
    await migrate(database);
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.dispose();
  });

  const tally = () =>
    database.db.execute(sql`create table if not exists job_tally (job_id text primary key)`);

  it("adds a job once per key, and runs its database effect once, with the job marked done", async () => {
    await tally();
    const ran: ClaimedJob[] = [];
    const runner = createJobRunner({
      db: database.db,
      now,
      logger,
      metrics: null,
      handlers: {
        tally: async (job) => {
          ran.push(job);
          return {
            commit: async (tx) => {
              await tx.execute(sql`insert into job_tally (job_id) values (${job.id})`);
            },
          };
        },
      },
    });
    const job = { kind: "tally", payload: { n: 1 }, key: "tally:1", runAt: current };
    expect(await enqueueJob(database.db, job, current)).toBe(true);
    expect(await enqueueJob(database.db, job, current)).toBe(false);
    expect(await runner.runDue()).toEqual({ done: 1, failed: 0, lost: 0 });
    expect(await runner.runDue()).toEqual({ done: 0, failed: 0, lost: 0 });
    expect(ran.map((claimed) => [claimed.payload, claimed.attempt])).toEqual([[{ n: 1 }, 1]]);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.key, "tally:1"));
    expect(row?.doneAt).toEqual(current);
  });

  it("retries a failing job after a growing wait, and gives up after its last attempt", async () => {
    let attempts = 0;
    const runner = createJobRunner({
      db: database.db,
      now,
      logger,
      metrics: null,
      handlers: {
        flaky: async () => {
          attempts++;
          throw new Error("gateway down");
        },
      },
    });
    await enqueueJob(
      database.db,
      { kind: "flaky", payload: {}, key: "flaky", runAt: current },
      current,
    );
    expect(await runner.runDue()).toEqual({ done: 0, failed: 1, lost: 0 });
    // Not again before its wait is over: 30 s, then 1 min, 2 min...
    expect([1, 2, 3].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000]);
    current = new Date(current.getTime() + 29_000);
    expect(await runner.runDue()).toEqual({ done: 0, failed: 0, lost: 0 });
    for (let attempt = 1; attempt < jobRetry.maxAttempts; attempt++) {
      current = new Date(current.getTime() + retryDelayMs(attempt) + 1_000);
      expect(await runner.runDue()).toEqual({ done: 0, failed: 1, lost: 0 });
    }
    expect(attempts).toBe(jobRetry.maxAttempts);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.key, "flaky"));
    expect(row).toMatchObject({ attempts: jobRetry.maxAttempts, lastError: "gateway down" });
    expect(row?.failedAt).not.toBeNull();
    current = new Date(current.getTime() + 24 * 60 * 60_000);
    expect(await runner.runDue()).toEqual({ done: 0, failed: 0, lost: 0 });
  });

  it("gives up on a job whose worker stopped during every attempt", async () => {
    // Each attempt claims it and never ends while the test runs (as if its process had died);
    // released at the end, so nothing of it outlives the test file.
    let release: () => void = () => {};
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Attempts whose handler has started: the runner renews the lease just before, so the clock
    // moves on only after that (moved between the claim and the renewal, the renewed lease would
    // outlive the give-up, and an attempt would end done).
    let started = 0;
    const stuck = createJobRunner({
      db: database.db,
      now,
      logger,
      metrics: null,
      handlers: {
        stuck: () => {
          started += 1;
          return stalled.then(() => undefined);
        },
      },
    });
    await enqueueJob(
      database.db,
      { kind: "stuck", payload: {}, key: "stuck", runAt: current },
      current,
    );
    const runs: Promise<unknown>[] = [];
    try {
      for (let attempt = 1; attempt <= jobRetry.maxAttempts; attempt++) {
        runs.push(stuck.runDue());
        await expect.poll(() => started).toBe(attempt);
        const [row] = await database.db.select().from(jobs).where(eq(jobs.key, "stuck"));
        expect(row?.attempts).toBe(attempt);
        current = new Date(current.getTime() + jobLeaseMs + 1_000);
      }
      // The next claim finds its attempts spent: it gives up instead of claiming it again.
      expect(await stuck.runDue()).toEqual({ done: 0, failed: 0, lost: 0 });
      const [row] = await database.db.select().from(jobs).where(eq(jobs.key, "stuck"));
      expect(row?.failedAt).toEqual(current);
      expect(row?.lastError).toBe("its worker stopped during every attempt");
    } finally {
      release();
      // The stalled attempts end now; none can commit: the job gave up.
      const ended = (await Promise.all(runs)) as { done: number }[];
      expect(ended.map(({ done }) => done)).toEqual(runs.map(() => 0));
    }
  });

  it("gives a job whose worker died to another once its lease is over, and its effect happens once", async () => {
    await tally();
    // The first worker claims the job and stalls (a hung gateway, a paused process) until its
    // lease is over; it finishes only after the other worker has done the job.
    let wake: () => void = () => {};
    const stalled = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const tallyCommit = (job: ClaimedJob): JobOutcome => ({
      commit: async (tx) => {
        await tx.execute(sql`insert into job_tally (job_id) values (${job.id})`);
      },
    });
    const dying = createJobRunner({
      db: database.db,
      now,
      logger,
      metrics: null,
      handlers: {
        tally: async (job) => {
          await stalled;
          return tallyCommit(job);
        },
      },
    });
    const survivor = createJobRunner({
      db: database.db,
      now,
      logger,
      metrics: null,
      handlers: { tally: async (job) => tallyCommit(job) },
    });
    await enqueueJob(
      database.db,
      { kind: "tally", payload: {}, key: "tally:2", runAt: current },
      current,
    );
    const dyingRun = dying.runDue();
    await expect
      .poll(async () => {
        const [row] = await database.db.select().from(jobs).where(eq(jobs.key, "tally:2"));
        return row?.lockedBy;
      })
      .toBe(dying.workerId);
    // Within the lease, the other worker leaves it alone.
    expect(await survivor.runDue()).toEqual({ done: 0, failed: 0, lost: 0 });
    current = new Date(current.getTime() + jobLeaseMs + 1_000);
    expect(await survivor.runDue()).toEqual({ done: 1, failed: 0, lost: 0 });
    // The stalled worker wakes: its commit is refused, the job is counted lost, not done twice.
    wake();
    expect(await dyingRun).toEqual({ done: 0, failed: 0, lost: 1 });
    const [row] = await database.db.select().from(jobs).where(eq(jobs.key, "tally:2"));
    expect(row).toMatchObject({ attempts: 2, lockedBy: survivor.workerId });
    const [counted] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from job_tally where job_id = ${row?.id ?? ""}`,
      ),
    );
    expect(counted?.n).toBe(1);
  });
});
