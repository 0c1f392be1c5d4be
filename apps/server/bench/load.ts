// The load benchmark: the built server (dist/main.js) as a deployment runs it, on PostgreSQL,
// under autocannon at a load that saturates this 2-core machine, first as ONE process, then as
// TWO processes on the same database with the load split across both (one autocannon instance
// per process, in parallel, half the connections each). One lender's seeded book
// (bench/seed.ts, BENCH_LOAD_SIZE contracts, some with repayments and renewals), logged in
// through the SDK (benchClient) with the login code read back from the test route.
//
// Scenarios, each request through the real encrypted envelope, as the web app sends it:
//   - contract list, page 1 (contract.query, pageSize 20);
//   - contract detail (contract.detail, an audited view: each call also writes an audit row),
//     cycling through every contract of the book;
//   - current user (user.current);
//   - partial repayment (contract.repay, /contract/upt: 1,000 KRW received today on one instalment, a new
//     idempotency key each time), round-robin over the contracts that still owe (never the same
//     contract twice at once; with two processes each autocannon has its own half of them).
// Every answer is checked: HTTP status (autocannon's non-2xx), connection errors and timeouts,
// and the envelope's own status (decrypted; anything but 200 is counted). The money operations
// the database holds afterwards must be exactly the repayments answered 200.
//
// The per-IP request ceiling is set to 0 (CHAYONG_IP_REQUESTS_PER_MINUTE=0): all the load comes
// from 127.0.0.1, which a ceiling of 600 a minute would refuse within a second. CHAYONG_TEST_MODE=1
// only for the login code (GET /__test/sms). LOG_LEVEL=warn: no per-request log lines, which
// would be piped to this process and compete with autocannon for the two cores.
//
//   pnpm turbo run build --filter=@chayong/server...     (dist/main.js and the workspace packages)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm --filter @chayong/server bench:load
//
// Settings: BENCH_DATABASE_URL (or TEST_DATABASE_URL; required: the server gets a fresh schema
// `bench_<random>`, dropped afterwards), BENCH_LOAD_SIZE (contracts, 400), BENCH_LOAD_CONNECTIONS
// (40 in all), BENCH_LOAD_SECONDS (one measured run, 8), BENCH_LOAD_WARMUP_SECONDS (2, before
// each run, not counted), BENCH_LOAD_LOG_LEVEL (warn). Tables to stdout (Markdown), progress to
// stderr. Exits 1 when any request failed.

import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Contract } from "@chayong/domain";
import type { EndpointId } from "@chayong/sdk";
import { findEndpoint } from "@chayong/sdk/server";
import { type Codec, decodeEnvelope, encodePayload } from "@chayong/transport";
import autocannon, { type Request, type RequestStep, type Result } from "autocannon";
import postgres from "postgres";
import { quoteIdentifier } from "../src/db/database";
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

// ---------------------------------------------------------------------------------------------
// Settings

const env = process.env;
const bookSize = positiveSetting("BENCH_LOAD_SIZE", 400);
const connections = positiveSetting("BENCH_LOAD_CONNECTIONS", 40);
const seconds = positiveSetting("BENCH_LOAD_SECONDS", 8);
const warmupSeconds = positiveSetting("BENCH_LOAD_WARMUP_SECONDS", 2);
const logLevel = env.BENCH_LOAD_LOG_LEVEL?.trim() || "warn";
/** What each repayment records, in KRW. */
const repaymentAmount = 1_000;

if (postgresUrl === "") {
  throw new Error(
    "bench:load runs on PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)",
  );
}
if (connections < 2)
  throw new Error("BENCH_LOAD_CONNECTIONS must be >= 2 (split over two processes)");

// ---------------------------------------------------------------------------------------------
// Requests as the web client sends them (packages/transport/src/client: buildHeaders, request)

/** What one autocannon run saw, beyond its own counts: the envelope statuses of the answers. */
class AnswerCheck {
  readonly statuses = new Map<number, number>();
  /** Answers seen before (most reads answer the same text): their envelope status. */
  private readonly known = new Map<string, number>();
  private readonly codec: Codec;
  constructor(codec: Codec) {
    this.codec = codec;
  }

  onResponse = (status: number, body: string) => {
    if (status !== 200) return; // counted by autocannon (non2xx)
    let envelopeStatus = this.known.get(body);
    if (envelopeStatus === undefined) {
      try {
        envelopeStatus = decodeEnvelope(this.codec, body).status;
      } catch {
        envelopeStatus = -1; // not an envelope
      }
      if (this.known.size < 5_000) this.known.set(body, envelopeStatus);
    }
    this.statuses.set(envelopeStatus, (this.statuses.get(envelopeStatus) ?? 0) + 1);
  };

  get failed(): number {
    let failed = 0;
    for (const [status, n] of this.statuses) if (status !== 200) failed += n;
    return failed;
  }
  ok(): number {
    return this.statuses.get(200) ?? 0;
  }
}

/** One scenario: the request sequence for one autocannon instance (`share` of `shares`). */
interface Scenario {
  label: string;
  /** Whether each 200 answer wrote a money operation (checked against the database). */
  writes: boolean;
  steps(token: string, share: number, shares: number, check: AnswerCheck): RequestStep[];
}

interface WriteTarget {
  id: string;
  instalmentIndex: number;
  /** Repayments of `repaymentAmount` it can still take. */
  room: number;
}

function scenarios(
  codec: Codec,
  contractIds: readonly string[],
  writeTargets: readonly WriteTarget[],
  today: string,
): Scenario[] {
  const fixedGet = (label: string, id: EndpointId, payload: unknown): Scenario => ({
    label,
    writes: false,
    steps: (token, _share, _shares, check) => [
      {
        method: "GET",
        path: getPath(codec, id, payload),
        headers: headersFor(token),
        onResponse: check.onResponse,
      },
    ],
  });
  const detailPaths = contractIds.map((id) => getPath(codec, "contract.detail", { id }));
  const upt = findEndpoint("contract.repay");
  let detailNext = 0;
  return [
    fixedGet("contract list, page 1", "contract.query", { type: "all", pageSize: 20 }),
    {
      label: "contract detail",
      writes: false,
      steps: (token, _share, _shares, check) => [
        {
          method: "GET",
          headers: headersFor(token),
          setupRequest: (request: Request) => ({
            ...request,
            path: detailPaths[detailNext++ % detailPaths.length] as string,
          }),
          onResponse: check.onResponse,
        },
      ],
    },
    fixedGet("current user", "user.current", undefined),
    {
      label: "partial repayment",
      writes: true,
      steps: (token, share, shares, check) => {
        // This instance's own contracts: two instances never write to the same one.
        const mine = writeTargets.filter((_, i) => i % shares === share);
        let next = 0;
        return [
          {
            method: "POST",
            path: upt.path,
            headers: headersFor(token),
            setupRequest: (request: Request) => {
              let target: WriteTarget | undefined;
              for (let tries = 0; tries < mine.length; tries++) {
                const candidate = mine[next++ % mine.length] as WriteTarget;
                if (candidate.room > 0) {
                  target = candidate;
                  break;
                }
              }
              if (target === undefined) throw new Error("the book has no room for more repayments");
              target.room -= 1;
              return {
                ...request,
                body: encodePayload(codec, {
                  id: target.id,
                  idempotencyKey: randomBytes(16).toString("base64url"),
                  instalmentIndex: target.instalmentIndex,
                  repaymentAmount,
                  receivedOn: today,
                }),
              };
            },
            onResponse: check.onResponse,
          },
        ];
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Running

interface Share {
  result: Result;
  check: AnswerCheck;
}

interface Row {
  scenario: string;
  processes: number;
  shares: Share[];
  /** CPU seconds each server process used during the run. */
  serverCpu: number[];
  /** The share of the machine's CPU time (all cores) that was busy during the run, anyone's. */
  machineBusy: number;
}

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Busy and total CPU ticks of the whole machine so far (/proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}

async function fire(
  scenario: Scenario,
  servers: readonly ServerProcess[],
  token: string,
  codec: Codec,
  duration: number,
): Promise<Share[]> {
  const perServer = Math.floor(connections / servers.length);
  return Promise.all(
    servers.map(async (server, share) => {
      const check = new AnswerCheck(codec);
      const result = await autocannon({
        url: server.url,
        connections: perServer,
        duration,
        timeout: 10,
        requests: scenario.steps(token, share, servers.length, check),
      });
      return { result, check };
    }),
  );
}

const failuresOf = ({ result, check }: Share) =>
  result.errors + result.timeouts + result.non2xx + check.failed;

async function moneyOperations(schemaName: string): Promise<number> {
  const sql = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql.unsafe(
      `SELECT count(*)::int AS n FROM ${quoteIdentifier(schemaName)}.money_operations`,
    );
    return Number(row?.n);
  } finally {
    await sql.end();
  }
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const loadAtStart = loadAverage();

async function main(): Promise<number> {
  const engine = postgresEngine(postgresUrl);
  const database = engine.create();
  const dataDir = mkdtempSync(join(tmpdir(), "chayong-bench-load-"));
  const servers: ServerProcess[] = [];
  try {
    const seeded = await seed(engine, database, bookSize);
    const s = seeded.seeded;
    const serverEnv: Record<string, string> = {
      ...benchIdentityKeys,
      DATABASE_URL: postgresUrl,
      CHAYONG_DATABASE_SCHEMA: database.schemaName,
      CHAYONG_DATA_DIR: dataDir,
      PORT: "0",
      HOST: "127.0.0.1",
      CHAYONG_WEB_DIR: "none",
      CHAYONG_DEMO_LENDER: "0",
      LOG_LEVEL: logLevel,
      // The per-IP ceiling off: every request of this bench comes from 127.0.0.1.
      CHAYONG_IP_REQUESTS_PER_MINUTE: "0",
      // Only for GET /__test/sms (the lender's login code).
      CHAYONG_TEST_MODE: "1",
    };
    progress("starting server process 1 (dist/main.js)…");
    servers.push(await startServerProcess(serverEnv, { entry: "dist" }));
    const first = servers[0] as ServerProcess;

    // The lender logs in as the app does; the code comes back through the test route.
    const client = benchClient({ url: first.url, adid: "bench-load" });
    const token = await client.logIn(lenderPhone, async (e164) => {
      const response = await fetch(`${first.url}/__test/sms?phone=${encodeURIComponent(e164)}`);
      return response.ok ? ((await response.json()) as { code: string }).code : undefined;
    });

    // Every contract of the book (the detail scenario cycles through them), and the instalments
    // that still owe enough for repayments (their ledgers, as the app's money screen reads them).
    const contracts: Contract[] = [];
    for (let cursor: string | undefined; ; ) {
      const page = await client.api.contract.query({ type: "all", pageSize: 50, cursor });
      contracts.push(...page.items);
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    const writeTargets: WriteTarget[] = [];
    let today = "";
    for (const contract of contracts) {
      if (contract.cancelled || !["type4", "type6"].includes(contract.status)) continue;
      const ledger = await client.api.contract.ledger({ id: contract.id });
      today = ledger.asOf;
      const owing = [...ledger.instalments].sort((a, b) => b.outstanding - a.outstanding)[0];
      if (owing === undefined) continue;
      const room = Math.floor(owing.outstanding / repaymentAmount) - 1;
      if (room >= 50) writeTargets.push({ id: contract.id, instalmentIndex: owing.index, room });
    }
    if (writeTargets.length < connections * 2)
      throw new Error(`only ${writeTargets.length} contracts to repay: raise BENCH_LOAD_SIZE`);
    progress(
      `${count(contracts.length)} contracts listed, ${writeTargets.length} owing for repayments (today ${today})`,
    );

    const runs = scenarios(
      client.codec,
      contracts.map((contract) => contract.id),
      writeTargets,
      today,
    );
    const rows: Row[] = [];
    let repaid = 0;
    /** Repayments sent but not answered when a run ended: the server may have written them. */
    let unanswered = 0;
    const operationsBefore = await moneyOperations(database.schemaName);
    const runAll = async (processes: number) => {
      const targets = servers.slice(0, processes);
      for (const scenario of runs) {
        const warm = await fire(scenario, targets, token, client.codec, warmupSeconds);
        if (scenario.writes) {
          repaid += warm.reduce((sum, share) => sum + share.check.ok(), 0);
          unanswered += warm.reduce(
            (sum, share) => sum + share.result.requests.sent - share.result.requests.total,
            0,
          );
        }
        const warmFailures = warm.reduce((sum, share) => sum + failuresOf(share), 0);
        if (warmFailures > 0)
          progress(`  ${scenario.label}: ${warmFailures} failures in the warm-up`);
        await sleep(300);
        const cpuBefore = targets.map((server) => cpuSecondsOf(server.child.pid as number));
        const machineBefore = machineTicks();
        const shares = await fire(scenario, targets, token, client.codec, seconds);
        const machineAfter = machineTicks();
        const serverCpu = targets.map(
          (server, i) => cpuSecondsOf(server.child.pid as number) - (cpuBefore[i] as number),
        );
        const machineBusy =
          (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
        if (scenario.writes) {
          repaid += shares.reduce((sum, share) => sum + share.check.ok(), 0);
          unanswered += shares.reduce(
            (sum, share) => sum + share.result.requests.sent - share.result.requests.total,
            0,
          );
        }
        rows.push({ scenario: scenario.label, processes, shares, serverCpu, machineBusy });
        const rate = shares.reduce((sum, share) => sum + share.result.requests.total, 0) / seconds;
        progress(
          `  ${processes} process${processes > 1 ? "es" : ""}, ${scenario.label}: ${rate.toFixed(0)} req/s, ${shares.reduce((sum, share) => sum + failuresOf(share), 0)} failed`,
        );
        await sleep(300);
      }
    };

    progress(`one process: ${connections} connections, ${seconds} s per run`);
    await runAll(1);
    progress("starting server process 2…");
    servers.push(await startServerProcess(serverEnv, { entry: "dist" }));
    progress(`two processes: ${Math.floor(connections / 2)} connections each, in parallel`);
    await runAll(2);
    const operationsAfter = await moneyOperations(database.schemaName);

    // Printing
    const load = loadAverage();
    console.info("## Load benchmark results\n");
    console.info(
      `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${new Date().toISOString()}; load average at the start ${loadAtStart}, at the end ${load}\n`,
    );
    console.info(
      `PostgreSQL; built server (dist/main.js), LOG_LEVEL=${logLevel}, per-IP ceiling off; ${count(s.contracts)} contracts of one lender (${count(s.ledgerEntries)} ledger entries, ${count(s.borrowers)} borrowers); autocannon in this process, ${connections} connections in all (split evenly over the processes), ${seconds} s per run after a ${warmupSeconds} s warm-up. Latency in ms; with two processes each figure is "process 1 / process 2". Failed: HTTP non-2xx + connection errors + timeouts + envelope status other than 200. Server CPU: user + system time of each server process over the run (/proc); machine busy: all cores, every process on the machine (this bench, PostgreSQL, anything else running).\n`,
    );
    const header = [
      "scenario",
      "processes",
      "connections",
      "req/s total",
      "req/s per process",
      "p50 ms",
      "p99 ms",
      "non-2xx",
      "errors / timeouts",
      "envelope ≠ 200",
      "envelope statuses",
      "server CPU % of a core",
      "server CPU ms / request",
      "machine busy",
    ];
    const lines = [header, header.map(() => "---")];
    const each = (shares: Share[], value: (share: Share) => string) =>
      shares.map(value).join(" / ");
    let failed = 0;
    for (const row of rows) {
      const rates = row.shares.map((share) => share.result.requests.total / seconds);
      const statuses = new Map<number, number>();
      for (const share of row.shares)
        for (const [status, n] of share.check.statuses)
          statuses.set(status, (statuses.get(status) ?? 0) + n);
      failed += row.shares.reduce((sum, share) => sum + failuresOf(share), 0);
      lines.push([
        row.scenario,
        String(row.processes),
        each(row.shares, () => String(Math.floor(connections / row.processes))),
        rates.reduce((a, b) => a + b, 0).toFixed(0),
        rates.map((rate) => rate.toFixed(0)).join(" / "),
        each(row.shares, (share) => share.result.latency.p50.toFixed(0)),
        each(row.shares, (share) => share.result.latency.p99.toFixed(0)),
        String(row.shares.reduce((sum, share) => sum + share.result.non2xx, 0)),
        `${row.shares.reduce((sum, share) => sum + share.result.errors, 0)} / ${row.shares.reduce((sum, share) => sum + share.result.timeouts, 0)}`,
        String(row.shares.reduce((sum, share) => sum + share.check.failed, 0)),
        JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b))),
        row.serverCpu.map((cpu) => ((cpu / seconds) * 100).toFixed(0)).join(" / "),
        row.serverCpu
          .map((cpu, i) =>
            ((cpu * 1000) / (row.shares[i] as Share).result.requests.total).toFixed(2),
          )
          .join(" / "),
        `${(row.machineBusy * 100).toFixed(0)} %`,
      ]);
    }
    console.info(lines.map((cells) => `| ${cells.join(" | ")} |`).join("\n"));
    // Each repayment answered 200 is in the database; beyond them, at most those still on their
    // way when a run ended (autocannon stops waiting for them).
    const written = operationsAfter - operationsBefore;
    const consistent = written >= repaid && written <= repaid + unanswered;
    console.info(
      `\nRepayments answered 200 (warm-ups included): ${count(repaid)}, unanswered when a run ended: ${count(unanswered)}; money operations written: ${count(written)} (${consistent ? "consistent" : "**INCONSISTENT**"}).`,
    );
    console.info(
      `Failed requests in all measured runs: ${failed} (${failed === 0 && consistent ? "met: 0 errors" : "**missed**"}).`,
    );
    return failed === 0 && consistent ? 0 : 1;
  } finally {
    for (const server of servers.reverse()) {
      const code = await server.stop();
      if (code !== 0)
        progress(`a server process exited with ${code}:\n${server.output().slice(-2000)}`);
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database.dispose();
  }
}

process.exitCode = await main();
