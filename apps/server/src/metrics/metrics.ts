import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rowsOf } from "../db/database";

/**
 * What an operator scrapes at `GET /metrics` (README "Metrics"), in Prometheus text format:
 * calls by endpoint id (the SDK table's, never the URL) and envelope status, SMS sends by
 * provider and outcome, the database pool, and prom-client's default process metrics.
 */
export interface Metrics {
  /** One answered call: `status` is the envelope's (HTTP is always 200). */
  call(endpoint: string, status: number, seconds: number): void;
  sms(provider: string, delivered: boolean): void;
  /**
   * One job run (docs/notices.md, "The job queue"): done, to be retried, given up, or lost
   * (another worker took it over when its lease ran out).
   */
  job(kind: string, outcome: "done" | "retry" | "failed" | "lost", seconds: number): void;
  /** A call refused because a disk is full (docs/operations.md, "A full disk"). */
  storageFull(): void;
  /** A call refused because the process had more than it could serve (docs/operations.md). */
  shed(): void;
  scrape(): Promise<{ contentType: string; text: string }>;
}

/** Bounds of the call latency histogram, in seconds. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How long a scrape waits for `pg_stat_activity` before leaving the pool figures out. */
const poolQueryTimeoutMs = 1000;

/**
 * prom-client loads here, only when metrics are on: an idle server without them does not pay for
 * it (README "Memory at idle").
 */
export async function createMetrics(database: Database): Promise<Metrics> {
  const client = await import("prom-client");
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const calls = new client.Counter({
    name: "chayong_calls_total",
    help: "API calls answered, by endpoint id of the SDK table and envelope status",
    labelNames: ["endpoint", "status"] as const,
    registers,
  });
  const latency = new client.Histogram({
    name: "chayong_call_duration_seconds",
    help: "Time from the request's arrival to its answer, by endpoint id and envelope status",
    labelNames: ["endpoint", "status"] as const,
    buckets: latencyBuckets,
    registers,
  });
  const smsSent = new client.Counter({
    name: "chayong_sms_sent_total",
    help: "SMS handed to the provider (login codes, decisions, notices), by provider and outcome (delivered, failed)",
    labelNames: ["provider", "outcome"] as const,
    registers,
  });
  const jobRuns = new client.Counter({
    name: "chayong_jobs_total",
    help: "Jobs this process ran, by kind and outcome (done, retry, failed: gave up, lost: taken over after its lease)",
    labelNames: ["kind", "outcome"] as const,
    registers,
  });
  const jobSeconds = new client.Histogram({
    name: "chayong_job_duration_seconds",
    help: "Time one job took, by kind",
    labelNames: ["kind"] as const,
    buckets: latencyBuckets,
    registers,
  });
  const storageFull = new client.Counter({
    name: "chayong_storage_full_total",
    help: "Calls refused because the database's or the file store's disk is full",
    registers,
  });
  const shedCalls = new client.Counter({
    name: "chayong_calls_shed_total",
    help: "API calls answered 503 busy at once: too many in flight, or the event loop lagging",
    registers,
  });
  new client.Gauge({
    name: "chayong_database_up",
    help: "1 while the database answers this process's probe, 0 while it does not",
    registers,
    collect() {
      this.set(database.availability.up ? 1 : 0);
    },
  });
  // The queue as the database holds it: every process sees the same figures.
  new client.Gauge({
    name: "chayong_jobs",
    help: "Jobs in the queue by state: waiting (due now or later), running (claimed), failed (gave up)",
    labelNames: ["state"] as const,
    registers,
    async collect() {
      this.reset();
      try {
        const [row] = rowsOf<{ waiting: number; running: number; failed: number }>(
          await database.db.execute(sql`select
              count(*) filter (where done_at is null and failed_at is null and (locked_until is null or locked_until <= now()))::int as waiting,
              count(*) filter (where done_at is null and failed_at is null and locked_until > now())::int as running,
              count(*) filter (where failed_at is not null)::int as failed
            from jobs`),
        );
        for (const state of ["waiting", "running", "failed"] as const) {
          this.set({ state }, row?.[state] ?? 0);
        }
      } catch {
        // The scrape answers without the queue figures rather than fail.
      }
    },
  });
  // PGlite is one connection inside the process (its queries take turns); PostgreSQL a pool.
  new client.Gauge({
    name: "chayong_db_pool_size",
    help: "Connections the database pool may open (PGlite: 1, in the process)",
    labelNames: ["engine"] as const,
    registers,
  }).set({ engine: database.kind }, database.pool?.size ?? 1);
  const pool = database.pool;
  if (pool !== undefined) {
    new client.Gauge({
      name: "chayong_db_connections",
      help: "Open connections of this process's pool by pg_stat_activity state (the scrape's own query is one active)",
      labelNames: ["state"] as const,
      registers,
      async collect() {
        this.reset();
        const counts = await connectionsByState(database, pool.applicationName);
        for (const [state, count] of counts) this.set({ state }, count);
      },
    });
  }

  return {
    call(endpoint, status, seconds) {
      const labels = { endpoint, status: String(status) };
      calls.inc(labels);
      latency.observe(labels, seconds);
    },
    sms(provider, delivered) {
      smsSent.inc({ provider, outcome: delivered ? "delivered" : "failed" });
    },
    job(kind, outcome, seconds) {
      jobRuns.inc({ kind, outcome });
      jobSeconds.observe({ kind }, seconds);
    },
    storageFull() {
      storageFull.inc();
    },
    shed() {
      shedCalls.inc();
    },
    async scrape() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}

/**
 * This pool's connections as PostgreSQL sees them (postgres.js exposes no pool figures, nor the
 * queries waiting for a connection). Empty when the database does not answer in time.
 */
async function connectionsByState(
  database: Database,
  applicationName: string,
): Promise<Map<string, number>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), poolQueryTimeoutMs);
  });
  try {
    const result = await Promise.race([
      database.db.execute(
        sql`select coalesce(state, 'unknown') as state, count(*)::int as count
            from pg_stat_activity where application_name = ${applicationName} group by 1`,
      ),
      timeout,
    ]);
    if (result === null) return new Map();
    return new Map(
      rowsOf<{ state: string; count: number }>(result).map((row) => [row.state, row.count]),
    );
  } catch {
    return new Map();
  } finally {
    clearTimeout(timer);
  }
}
