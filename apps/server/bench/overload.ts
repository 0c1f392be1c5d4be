// The overload benchmark (docs/operations.md, "Overload"): ONE built server process
// (dist/main.js) on PostgreSQL, as a deployment runs it, with its load shedding on (at most
// CHAYONG_MAX_CALLS_IN_FLIGHT calls in flight, default 32). autocannon offers the contract list
// (page 1, the app's first read) at fixed rates:
//   1. rising rates, 5 s each, until a rate has an error or does not keep up: the highest rate
//      answered without one error is this machine's zero-error rate for one process;
//   2. twice that rate for 10 s: how many calls are shed (503 busy, at once) and how fast the
//      calls taken are answered;
//   3. half the zero-error rate for 10 s right after: do latency and memory come back?
// A probe (one call at a time, beside autocannon) times the calls a person would make: its p99
// over the answered calls is what a user who got in waits. Every answer's envelope is decoded:
// 200 answered, 503 shed, anything else an error. Memory is the server's RSS (/proc).
//
//   pnpm turbo run build --filter=@chayong/server...
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm --filter @chayong/server bench:overload
//
// Settings: BENCH_DATABASE_URL (or TEST_DATABASE_URL; a fresh schema, dropped afterwards),
// BENCH_OVERLOAD_SIZE (contracts in the book, 200), BENCH_OVERLOAD_START (first rate, 100/s),
// BENCH_OVERLOAD_STEP (50/s), BENCH_OVERLOAD_CAP (the in-flight cap, 32). Markdown to stdout,
// progress to stderr.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type Codec, decodeEnvelope } from "@chayong/transport";
import autocannon from "autocannon";
import { type ServerProcess, startServerProcess } from "../src/testing/server-process";
import {
  benchClient,
  benchIdentityKeys,
  count,
  getPath,
  headersFor,
  lenderPhone,
  positiveSetting,
  postgresEngine,
  postgresUrl,
  progress,
  seed,
} from "./harness";

const bookSize = positiveSetting("BENCH_OVERLOAD_SIZE", 200);
const startRate = positiveSetting("BENCH_OVERLOAD_START", 100);
const stepRate = positiveSetting("BENCH_OVERLOAD_STEP", 50);
const inFlightCap = positiveSetting("BENCH_OVERLOAD_CAP", 32);

if (postgresUrl === "") {
  throw new Error("bench:overload runs on PostgreSQL: set BENCH_DATABASE_URL");
}

interface Tally {
  ok: number;
  shed: number;
  errors: number;
}

/** Counts envelope statuses; answers seen before are not decrypted again. */
function tallier(codec: Codec) {
  const known = new Map<string, number>();
  const tally: Tally = { ok: 0, shed: 0, errors: 0 };
  const statusOf = (body: string) => {
    let status = known.get(body);
    if (status === undefined) {
      try {
        status = decodeEnvelope(codec, body).status;
      } catch {
        status = -1;
      }
      if (known.size < 1_000) known.set(body, status);
    }
    return status;
  };
  return {
    tally,
    statusOf,
    onResponse: (httpStatus: number, body: string) => {
      const status = httpStatus === 200 ? statusOf(body) : -1;
      if (status === 200) tally.ok += 1;
      else if (status === 503) tally.shed += 1;
      else tally.errors += 1;
    },
  };
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
  return Number(line?.[1] ?? 0) / 1024;
};

const percentile = (samples: number[], p: number) => {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

interface Phase {
  label: string;
  offered: number;
  achieved: number;
  tally: Tally;
  timeouts: number;
  /** The probe's answered calls (ms). */
  probe: number[];
  probeShed: number;
  rss: number;
}

async function main(): Promise<void> {
  const engine = postgresEngine(postgresUrl);
  const database = engine.create();
  const dataDir = mkdtempSync(join(tmpdir(), "chayong-bench-overload-"));
  let server: ServerProcess | undefined;
  try {
    await seed(engine, database, bookSize);
    server = await startServerProcess(
      {
        ...benchIdentityKeys,
        DATABASE_URL: postgresUrl,
        CHAYONG_DATABASE_SCHEMA: database.schemaName,
        CHAYONG_DATA_DIR: dataDir,
        PORT: "0",
        HOST: "127.0.0.1",
        CHAYONG_WEB_DIR: "none",
        CHAYONG_DEMO_LENDER: "0",
        LOG_LEVEL: "warn",
        CHAYONG_IP_REQUESTS_PER_MINUTE: "0",
        CHAYONG_TEST_MODE: "1",
        // Test mode turns shedding off: on here as in production.
        CHAYONG_MAX_CALLS_IN_FLIGHT: String(inFlightCap),
        CHAYONG_MAX_EVENT_LOOP_DELAY_MS: "1000",
      },
      { entry: "dist" },
    );
    const url = server.url;
    const pid = server.child.pid as number;
    const client = benchClient({ url, adid: "bench-overload" });
    const token = await client.logIn(lenderPhone, async (e164) => {
      const answer = await fetch(`${url}/__test/sms?phone=${encodeURIComponent(e164)}`);
      return answer.ok ? ((await answer.json()) as { code: string }).code : undefined;
    });
    const path = getPath(client.codec, "contract.query", { type: "all", pageSize: 20 });
    const headers = headersFor(token);

    const run = async (label: string, rate: number, seconds: number): Promise<Phase> => {
      const counted = tallier(client.codec);
      const probe: number[] = [];
      let probeShed = 0;
      let probing = true;
      const prober = (async () => {
        while (probing) {
          const started = performance.now();
          const answer = await fetch(`${url}${path}`, { headers }).catch(() => null);
          const body = answer === null ? "" : await answer.text();
          const status = answer?.status === 200 ? counted.statusOf(body) : -1;
          if (status === 200) probe.push(performance.now() - started);
          else if (status === 503) probeShed += 1;
          await sleep(50);
        }
      })();
      const result = await autocannon({
        url,
        connections: Math.min(400, Math.max(20, Math.ceil(rate / 5))),
        overallRate: rate,
        duration: seconds,
        timeout: 10,
        requests: [{ method: "GET", path, headers, onResponse: counted.onResponse }],
      });
      probing = false;
      await prober;
      const phase: Phase = {
        label,
        offered: rate,
        achieved: result.requests.total / seconds,
        tally: counted.tally,
        timeouts: result.timeouts + result.errors,
        probe,
        probeShed,
        rss: rssMb(pid),
      };
      progress(
        `${label}: offered ${rate}/s, answered ${count(phase.tally.ok)}, shed ${count(phase.tally.shed)}, errors ${phase.tally.errors + phase.timeouts}, probe p99 ${percentile(probe, 99).toFixed(0)} ms, RSS ${phase.rss.toFixed(0)} MB`,
      );
      return phase;
    };

    progress(`book of ${count(bookSize)} contracts; server ${url}; warming up…`);
    await run("warm-up", startRate, 3);
    const baseline = await run("baseline (idle probe)", 10, 5);
    const steps: Phase[] = [];
    let zeroErrorRate = 0;
    for (let rate = startRate; rate <= 5_000; rate += stepRate) {
      const phase = await run("rising", rate, 5);
      steps.push(phase);
      const clean =
        phase.tally.shed === 0 &&
        phase.tally.errors === 0 &&
        phase.timeouts === 0 &&
        phase.achieved >= rate * 0.95;
      if (!clean) break;
      zeroErrorRate = rate;
      await sleep(500);
    }
    if (zeroErrorRate === 0) throw new Error(`errors already at ${startRate}/s`);
    await sleep(2_000);
    const before = await run("at half the zero-error rate, before", zeroErrorRate / 2, 10);
    const overload = await run("twice the zero-error rate", zeroErrorRate * 2, 10);
    const after = await run("at half the zero-error rate, after", zeroErrorRate / 2, 10);

    const row = (phase: Phase) =>
      `| ${phase.label} | ${phase.offered.toFixed(0)} | ${phase.achieved.toFixed(0)} | ${count(phase.tally.ok)} | ${count(phase.tally.shed)} | ${phase.tally.errors + phase.timeouts} | ${percentile(phase.probe, 50).toFixed(0)} | ${percentile(phase.probe, 99).toFixed(0)} | ${phase.probeShed} | ${phase.rss.toFixed(0)} |`;
    console.info(
      [
        `One process on PostgreSQL, ${count(bookSize)} contracts, in-flight cap ${inFlightCap}; contract list page 1.`,
        "",
        `Zero-error rate: **${zeroErrorRate} calls/s** (the highest rate answered without one error or shed call; steps of ${stepRate}/s, 5 s each).`,
        "",
        "| phase | offered /s | sent /s | answered | shed (503) | errors | probe p50 ms | probe p99 ms | probe shed | RSS MB |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        row(baseline),
        ...steps.map(row),
        row(before),
        row(overload),
        row(after),
      ].join("\n"),
    );
  } finally {
    if (server !== undefined) await server.stop();
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
