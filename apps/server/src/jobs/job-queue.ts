import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../db/database";
import { rowsOf } from "../db/database";
import { jobs } from "../db/schema";
import type { Metrics } from "../metrics/metrics";

/**
 * The durable job queue (docs/notices.md, "The job queue"): rows in `jobs`, claimed with
 * `FOR UPDATE SKIP LOCKED` under a lease, so it works the same on PGlite and on PostgreSQL with
 * any number of processes.
 *
 * A job runs in two steps. Its handler does the work outside any transaction (an SMS send must
 * not hold the database); what it returns as `commit` is written in the transaction that marks
 * the job done, and only if this worker still holds the lease. So a job's database effects
 * happen once; an effect outside the database (the SMS) happens at least once, and twice only
 * when a process dies between the send and that commit.
 */

export interface JobToAdd {
  kind: string;
  payload: Record<string, unknown>;
  /** Unique while the job is kept: a second job with the same key is not added. */
  key?: string;
  runAt: Date;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** 1 on the first run. */
  attempt: number;
}

/** What a handler leaves to write once its work is done: inside the job's completing transaction. */
export type JobOutcome = { commit?: (tx: Db) => Promise<void> } | undefined;

export type JobHandler = (job: ClaimedJob) => Promise<JobOutcome>;

/** A failed job waits 30 s, 1 min, 2 min... before its next attempt; the 8th failure is final. */
export const jobRetry = { firstDelayMs: 30_000, maxDelayMs: 60 * 60_000, maxAttempts: 8 };

/** How long a claimed job is this worker's: longer than any handler runs (an SMS times out at 10 s). */
export const jobLeaseMs = 5 * 60_000;

/** The delay before attempt `attempts + 1`. */
export function retryDelayMs(attempts: number): number {
  return Math.min(jobRetry.firstDelayMs * 2 ** Math.max(0, attempts - 1), jobRetry.maxDelayMs);
}

/** Adds a job unless one with its key is kept; true when added. In the caller's transaction. */
export async function enqueueJob(db: Db, job: JobToAdd, now: Date): Promise<boolean> {
  const added = await db
    .insert(jobs)
    .values({
      id: randomUUID(),
      kind: job.kind,
      payload: job.payload,
      key: job.key ?? null,
      runAt: job.runAt,
      createdAt: now,
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return added.length > 0;
}

export interface JobRunner {
  /** This worker's name in `jobs.locked_by`: host, process and a random part. */
  readonly workerId: string;
  /**
   * Claims and runs the jobs due at `now()`, a batch at a time, until none is left; answers how
   * many ran to the end and how many failed. Jobs that become due while it runs (one job adding
   * another) run too.
   */
  runDue(): Promise<{ done: number; failed: number }>;
}

export interface JobRunnerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  now: () => Date;
  logger: Logger;
  metrics: Metrics | null;
  /** Jobs claimed at once; each runs in turn. */
  batchSize?: number;
  /** How long a claim holds; default `jobLeaseMs` (a benchmark shortens it). */
  leaseMs?: number;
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers, now, logger, metrics } = options;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? jobLeaseMs;
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  async function claim(): Promise<ClaimedJob[]> {
    const at = now();
    const leaseEnds = new Date(at.getTime() + leaseMs);
    const result = await db.execute(sql`
      update jobs set locked_by = ${workerId}, locked_until = ${leaseEnds.toISOString()},
        attempts = attempts + 1
      where id in (
        select id from jobs
        where done_at is null and failed_at is null and run_at <= ${at.toISOString()}
          and (locked_until is null or locked_until <= ${at.toISOString()})
        order by run_at, id
        limit ${batchSize}
        for update skip locked)
      returning id, kind, payload, attempts`);
    return rowsOf<{ id: string; kind: string; payload: unknown; attempts: number }>(result).map(
      (row) => ({
        id: row.id,
        kind: row.kind,
        payload: (typeof row.payload === "string"
          ? JSON.parse(row.payload)
          : row.payload) as Record<string, unknown>,
        attempt: row.attempts,
      }),
    );
  }

  /** Marks the job done with its effects, if this worker still holds it; false when it did not. */
  async function complete(job: ClaimedJob, outcome: JobOutcome): Promise<boolean> {
    return db.transaction(async (tx) => {
      const marked = rowsOf(
        await tx.execute(sql`
          update jobs set done_at = ${now().toISOString()}, locked_until = null
          where id = ${job.id} and locked_by = ${workerId} and done_at is null
          returning id`),
      );
      if (marked.length === 0) return false;
      await outcome?.commit?.(tx);
      return true;
    });
  }

  async function fail(job: ClaimedJob, error: unknown): Promise<"retry" | "failed"> {
    const at = now();
    const final = job.attempt >= jobRetry.maxAttempts;
    const message = error instanceof Error ? error.message : String(error);
    await db.execute(sql`
      update jobs set locked_by = null, locked_until = null, last_error = ${message.slice(0, 500)},
        run_at = ${new Date(at.getTime() + retryDelayMs(job.attempt)).toISOString()},
        failed_at = ${final ? at.toISOString() : null}
      where id = ${job.id} and locked_by = ${workerId}`);
    return final ? "failed" : "retry";
  }

  async function runOne(job: ClaimedJob): Promise<boolean> {
    const started = performance.now();
    const handler = handlers[job.kind];
    try {
      if (handler === undefined) throw new Error(`no handler for job kind ${job.kind}`);
      const outcome = await handler(job);
      if (!(await complete(job, outcome))) {
        logger.warn({ jobId: job.id, kind: job.kind }, "job lease lost before it was done");
      }
      metrics?.job(job.kind, "done", (performance.now() - started) / 1000);
      return true;
    } catch (error) {
      const result = await fail(job, error);
      logger.warn(
        { err: error, jobId: job.id, kind: job.kind, attempt: job.attempt },
        `job ${result}`,
      );
      metrics?.job(job.kind, result, (performance.now() - started) / 1000);
      return false;
    }
  }

  return {
    workerId,
    async runDue() {
      let done = 0;
      let failed = 0;
      for (;;) {
        const claimed = await claim();
        if (claimed.length === 0) return { done, failed };
        for (const job of claimed) {
          if (await runOne(job)) done++;
          else failed++;
        }
      }
    },
  };
}

/**
 * Runs `tick` every `intervalMs` until stopped; a tick never overlaps the previous one. `stop`
 * waits for the tick in progress, so a stopping server closes its database after it.
 */
export function everyInterval(
  intervalMs: number,
  tick: () => Promise<unknown>,
  logger: Logger,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running !== null || stopped) return;
    running = tick()
      .catch((error: unknown) => logger.error({ err: error }, "job worker tick failed"))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
