// The job queue's figures (docs/notices.md, "The job queue"): jobs per second with one worker
// process and with two on one database, and what happens to the jobs a worker held when it is
// killed mid-run (none lost, none whose effect happens twice).
//
//   pnpm --filter @chayong/server bench:jobs
//
// Each job's handler records that it ran (bench_runs, outside any transaction, as an SMS send
// is) and leaves its effect to commit with the job (bench_effects), the way notice.send records
// `sent_at`. Workers are child processes running the server's own JobRunner; the kill is SIGKILL.
// BENCH_JOBS (default 5000) jobs per run; PostgreSQL from BENCH_DATABASE_URL / TEST_DATABASE_URL.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import pino from "pino";
import type { DatabaseConfig } from "../src/config/config";
import { openDatabase, rowsOf } from "../src/db/database";
import { migrate } from "../src/db/migrate";
import { createJobRunner } from "../src/jobs/job-queue";
import { count, type Engine, engines, positiveSetting, progress } from "./harness";

const jobCount = positiveSetting("BENCH_JOBS", 5000);
/** The killed worker's jobs come back after this lease (the server's is 5 minutes). */
const benchLeaseMs = 3000;

async function open(config: DatabaseConfig, schemaName: string) {
  const opened = await openDatabase(config, schemaName);
  if (!opened.ok) throw new Error("the bench database is locked");
  return opened.database;
}

// ---------------------------------------------------------------------------------------------
// A worker process: runs due jobs until told to stop (stdin closes) or killed.

async function worker(config: DatabaseConfig, schemaName: string, name: string) {
  const database = await open(config, schemaName);
  const runner = createJobRunner({
    db: database.db,
    now: () => new Date(),
    logger: pino({ level: "silent" }),
    metrics: null,
    leaseMs: benchLeaseMs,
    batchSize: 20,
    handlers: {
      "bench.tally": async (job) => {
        await database.db.execute(
          sql`insert into bench_runs (job_id, worker) values (${job.id}, ${name})`,
        );
        return {
          commit: async (tx) => {
            await tx.execute(
              sql`insert into bench_effects (job_id, worker) values (${job.id}, ${name})`,
            );
          },
        };
      },
    },
  });
  let stopping = false;
  process.stdin.on("end", () => {
    stopping = true;
  });
  process.stdin.resume();
  process.stdout.write("ready\n");
  while (!stopping) {
    const { done } = await runner.runDue();
    if (done === 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await database.close();
}

function startWorker(engine: DatabaseConfig, schemaName: string, name: string): ChildProcess {
  return spawn(
    process.execPath,
    [
      "--experimental-strip-types",
      "--import",
      new URL("./ts-resolve.ts", import.meta.url).href,
      fileURLToPath(import.meta.url),
      "worker",
      JSON.stringify({ engine, schemaName, name }),
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
}

function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.stdin?.end();
  });
}

// ---------------------------------------------------------------------------------------------
// The bench

interface RunFigures {
  seconds: number;
  done: number;
  /** Jobs whose effect committed (once or more). */
  effected: number;
  effectsTwice: number;
  handlerRuns: number;
}

async function counts(db: Awaited<ReturnType<typeof open>>["db"]) {
  const [row] = rowsOf<{
    done: number;
    effects: number;
    distinct_effects: number;
    runs: number;
  }>(
    await db.execute(sql`select
      (select count(*)::int from jobs where kind = 'bench.tally' and done_at is not null) as done,
      (select count(*)::int from bench_effects) as effects,
      (select count(distinct job_id)::int from bench_effects) as distinct_effects,
      (select count(*)::int from bench_runs) as runs`),
  );
  if (row === undefined) throw new Error("no counts");
  return row;
}

async function run(engine: Engine, workers: number, kill: boolean): Promise<RunFigures> {
  const benchDb = engine.create();
  const database = await open(benchDb.config, benchDb.schemaName);
  try {
    await migrate(database);
    await database.db.execute(
      sql`create table bench_runs (job_id text not null, worker text not null)`,
    );
    await database.db.execute(
      sql`create table bench_effects (job_id text not null, worker text not null)`,
    );
    // PGlite is one process per data folder: its worker is this process.
    if (engine.name === "PGlite") await database.close();
    const enqueue = async (db: typeof database.db) => {
      const now = new Date().toISOString();
      await db.execute(sql`insert into jobs (id, kind, payload, run_at, created_at)
        select gen_random_uuid()::text, 'bench.tally', '{}'::jsonb, ${now}, ${now}
        from generate_series(1, ${jobCount})`);
    };
    if (engine.name === "PGlite") {
      const own = await open(benchDb.config, benchDb.schemaName);
      try {
        await enqueue(own.db);
        const runner = createJobRunner({
          db: own.db,
          now: () => new Date(),
          logger: pino({ level: "silent" }),
          metrics: null,
          handlers: {
            "bench.tally": async (job) => {
              await own.db.execute(
                sql`insert into bench_runs (job_id, worker) values (${job.id}, 'self')`,
              );
              return {
                commit: async (tx) => {
                  await tx.execute(
                    sql`insert into bench_effects (job_id, worker) values (${job.id}, 'self')`,
                  );
                },
              };
            },
          },
        });
        const started = performance.now();
        await runner.runDue();
        const seconds = (performance.now() - started) / 1000;
        const figures = await counts(own.db);
        return {
          seconds,
          done: figures.done,
          effected: figures.distinct_effects,
          effectsTwice: figures.effects - figures.distinct_effects,
          handlerRuns: figures.runs,
        };
      } finally {
        await own.close();
      }
    }
    await enqueue(database.db);
    const children = Array.from({ length: workers }, (_, index) =>
      startWorker(benchDb.config, benchDb.schemaName, `worker-${index + 1}`),
    );
    try {
      const started = performance.now();
      await Promise.all(children.map(ready));
      let killed = !kill;
      for (;;) {
        const figures = await counts(database.db);
        if (!killed && figures.done >= jobCount / 3) {
          children[0]?.kill("SIGKILL");
          killed = true;
          progress(`  killed worker-1 with ${count(figures.done)} jobs done`);
        }
        if (figures.done >= jobCount) {
          const seconds = (performance.now() - started) / 1000;
          return {
            seconds,
            done: figures.done,
            effected: figures.distinct_effects,
            effectsTwice: figures.effects - figures.distinct_effects,
            handlerRuns: figures.runs,
          };
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await Promise.all(children.map(stop));
    }
  } finally {
    await database.close().catch(() => {});
    await benchDb.dispose();
  }
}

async function main() {
  const rows: string[] = [];
  const line = (engine: string, setup: string, figures: RunFigures) =>
    rows.push(
      `| ${engine} | ${setup} | ${count(figures.done)} | ${count(Math.round(figures.done / figures.seconds))} | ${count(jobCount - figures.effected)} | ${count(figures.effectsTwice)} | ${count(figures.handlerRuns - jobCount)} |`,
    );
  for (const engine of engines) {
    const setups: [string, number, boolean][] =
      engine.name === "PGlite"
        ? [["1 process (the server's own)", 1, false]]
        : [
            ["1 worker process", 1, false],
            ["2 worker processes", 2, false],
            ["2 workers, one killed a third of the way", 2, true],
          ];
    for (const [label, workers, kill] of setups) {
      progress(`${engine.name}: ${label}, ${count(jobCount)} jobs`);
      line(engine.name, label, await run(engine, workers, kill));
    }
  }
  console.info(
    `Job queue: ${count(jobCount)} jobs, each one insert outside a transaction (its 'send') and one in the job's commit (its effect)`,
  );
  console.info("");
  console.info(
    "| Engine | Workers | Jobs done | Jobs/s | Effects lost | Effects twice | Handlers run again |",
  );
  console.info("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const row of rows) console.info(row);
  console.info("");
  console.info(
    `"Handlers run again": jobs a killed worker had claimed and not finished, run again by the other after its ${benchLeaseMs / 1000} s lease (the server's lease is 5 minutes). Their effects committed once.`,
  );
}

if (process.argv[2] === "worker") {
  const { engine, schemaName, name } = JSON.parse(process.argv[3] ?? "{}") as {
    engine: DatabaseConfig;
    schemaName: string;
    name: string;
  };
  await worker(engine, schemaName, name);
} else {
  await main();
}
