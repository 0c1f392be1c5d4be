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

/** A handler still running after this has failed (it may finish later; its commit is dropped). */
export const jobTimeoutMs = 60_000;

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
   * many ran to the end, how many failed, and how many another worker took over (their lease ran
   * out first). Jobs that become due while it runs (one job adding another) run too.
   */
  runDue(): Promise<JobRunCounts>;
}

export interface JobRunCounts {
  done: number;
  failed: number;
  lost: number;
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
    // A job whose worker died during each of its attempts never failed in a handler: it gives up
    // here, instead of being claimed again forever.
    await db.execute(sql`
      update jobs set failed_at = ${at.toISOString()}, locked_by = null, locked_until = null,
        last_error = coalesce(last_error, 'its worker stopped during every attempt')
      where done_at is null and failed_at is null and attempts >= ${jobRetry.maxAttempts}
        and locked_until <= ${at.toISOString()}`);
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

  /**
   * The batch was claimed together; each job's lease starts again when its turn comes, so the
   * last of a batch behind a slow gateway is not taken over before it starts. False: another
   * worker has it now.
   */
  async function renewLease(job: ClaimedJob): Promise<boolean> {
    const leaseEnds = new Date(now().getTime() + leaseMs).toISOString();
    const renewed = rowsOf(
      await db.execute(sql`
        update jobs set locked_until = ${leaseEnds}
        where id = ${job.id} and locked_by = ${workerId} and done_at is null
        returning id`),
    );
    return renewed.length > 0;
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

  async function fail(job: ClaimedJob, error: unknown): Promise<"retry" | "failed" | "lost"> {
    const at = now();
    const final = job.attempt >= jobRetry.maxAttempts;
    const message = error instanceof Error ? error.message : String(error);
    const marked = rowsOf(
      await db.execute(sql`
        update jobs set locked_by = null, locked_until = null, last_error = ${message.slice(0, 500)},
          run_at = ${new Date(at.getTime() + retryDelayMs(job.attempt)).toISOString()},
          failed_at = ${final ? at.toISOString() : null}
        where id = ${job.id} and locked_by = ${workerId} and done_at is null
        returning id`),
    );
    if (marked.length === 0) return "lost";
    return final ? "failed" : "retry";
  }

  /** The handler's outcome, or a failure once it has run `jobTimeoutMs`. */
  async function withTimeout(handler: JobHandler, job: ClaimedJob): Promise<JobOutcome> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the handler ran past ${jobTimeoutMs / 1000} s`)),
        jobTimeoutMs,
      );
      timer.unref();
    });
    try {
      return await Promise.race([handler(job), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function runOne(job: ClaimedJob): Promise<keyof JobRunCounts> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const handler = handlers[job.kind];
    if (!(await renewLease(job))) return "lost";
    try {
      if (handler === undefined) throw new Error(`no handler for job kind ${job.kind}`);
      const outcome = await withTimeout(handler, job);
      if (!(await complete(job, outcome))) {
        logger.warn({ jobId: job.id, kind: job.kind }, "job lease lost before it was done");
        metrics?.job(job.kind, "lost", seconds());
        return "lost";
      }
      metrics?.job(job.kind, "done", seconds());
      return "done";
    } catch (error) {
      const result = await fail(job, error);
      logger.warn(
        { err: error, jobId: job.id, kind: job.kind, attempt: job.attempt },
        `job ${result}`,
      );
      metrics?.job(job.kind, result, seconds());
      return result === "lost" ? "lost" : "failed";
    }
  }

  return {
    workerId,
    async runDue() {
      const counts: JobRunCounts = { done: 0, failed: 0, lost: 0 };
      for (;;) {
        const claimed = await claim();
        if (claimed.length === 0) return counts;
        for (const job of claimed) counts[await runOne(job)]++;
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
