// The fault suite (docs/operations.md): what a deployment meets, under load, on a PostgreSQL
// cluster and a Redis of its own (never the machine's). Two built server processes
// (dist/main.js) share the cluster and Redis; six clients work through them round-robin, as a
// load balancer sends calls: three create contracts, three record repayments on a seeded book.
// Every write carries an idempotency key; a client whose call failed (503, time-out, refused
// connection) sends the same call again with the same key until it is answered, as the app does.
//
// Faults, each `BENCH_FAULTS_ROUNDS` times (5) in turn:
//   - database restart   pg_ctl restart -m fast: every connection is terminated (57P01)
//   - database stopped   pg_ctl stop, BENCH_FAULTS_OUTAGE_S (20) seconds, pg_ctl start
//   - Redis killed       SIGKILL, 5 s, started again (the shared request ceiling fails open)
//   - process killed     SIGKILL on one server process, started again
//   - process stopped    SIGTERM on one server process (graceful), started again
//
// The table counts, per fault, the writes acknowledged while it lasted or until calls came
// back; lost (acknowledged, not in the database); duplicated (a contract created twice for one
// key, or a repayment recorded twice); envelope 500s; calls that took over 2 s to answer
// (anything, even a 503); the longest time from the fault's end until every client was answered
// again; and manual action (a server process that exited on its own and had to be started).
//
//   pnpm turbo run build --filter=@chayong/server...
//   pnpm --filter @chayong/server bench:faults
//
// Needs PostgreSQL's server binaries (initdb, pg_ctl: /usr/lib/postgresql/<version>/bin) and
// redis-server. As root it runs the cluster as the `postgres` user (initdb refuses root).

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { addDays } from "@chayong/domain";
import { isTransportError } from "@chayong/transport";
import postgres from "postgres";
import { contractDraft } from "../src/testing/fixtures";
import { type ProcessSession, processClient } from "../src/testing/process-client";
import { type ServerProcess, startServerProcess } from "../src/testing/server-process";
import {
  benchIdentityKeys,
  count,
  lenderPhone,
  positiveSetting,
  postgresEngine,
  progress,
  seed,
} from "./harness";

const rounds = positiveSetting("BENCH_FAULTS_ROUNDS", 5);
const outageS = positiveSetting("BENCH_FAULTS_OUTAGE_S", 20);
const creators = 3;
const repayers = 3;
const hungMs = 2_000;
const seededContracts = 200;

// ---------------------------------------------------------------------------------------------
// A PostgreSQL cluster and a Redis of the suite's own

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((version) => join(root, version, "bin"))
    .find((bin) => existsSync(join(bin, "initdb")));
  if (found === undefined)
    throw new Error("bench:faults needs PostgreSQL's initdb (apt: postgresql)");
  return found;
}

/** A cluster in a temporary folder, run as this user, or as `postgres` when this is root. */
async function startCluster() {
  const bin = postgresBin();
  const folder = mkdtempSync(join(tmpdir(), "chayong-faults-pg-"));
  const data = join(folder, "data");
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(folder, uid, gid);
    chmodSync(folder, 0o700);
  }
  const run = (tool: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", join(bin, tool), ...args], {
          stdio: "pipe",
        })
      : execFileSync(join(bin, tool), args, { stdio: "pipe" });
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const ctl = (...args: string[]) =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      join(folder, "log"),
      "-o",
      options,
      "-w",
      "-t",
      "60",
      ...args,
    ]);
  ctl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl("-m", "fast", "restart"),
    stop: () => ctl("-m", "fast", "stop"),
    start: () => ctl("start"),
    remove() {
      try {
        ctl("-m", "immediate", "stop");
      } catch {
        // already stopped
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function startRedis() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    await sleep(300);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: () => child?.kill("SIGKILL"),
    start,
    stop: () => child?.kill("SIGKILL"),
  };
}

// ---------------------------------------------------------------------------------------------
// Clients

interface Tally {
  acknowledged: number;
  fiveHundreds: number;
  hung: number;
}

interface Acknowledged {
  kind: "create" | "repay";
  key: string;
}

async function main(): Promise<void> {
  const cluster = await startCluster();
  const redis = await startRedis();
  progress(`cluster ${cluster.url}, Redis ${redis.url}`);
  const engine = postgresEngine(cluster.url);
  const database = engine.create();
  const dataDir = mkdtempSync(join(tmpdir(), "chayong-faults-data-"));
  const env = {
    ...benchIdentityKeys,
    DATABASE_URL: cluster.url,
    CHAYONG_DATABASE_SCHEMA: database.schemaName,
    CHAYONG_DATA_DIR: dataDir,
    REDIS_URL: redis.url,
    PORT: "0",
    HOST: "127.0.0.1",
    CHAYONG_WEB_DIR: "none",
    CHAYONG_DEMO_LENDER: "0",
    LOG_LEVEL: "error",
    CHAYONG_TEST_MODE: "1",
    // All calls come from 127.0.0.1; the ceiling itself is tested elsewhere.
    CHAYONG_IP_REQUESTS_PER_MINUTE: "0",
  };
  const servers: ServerProcess[] = [];
  let manualActions = 0;
  let stopping = false;
  try {
    await seed(engine, database, seededContracts);
    for (let i = 0; i < 2; i += 1) servers.push(await startServerProcess(env, { entry: "dist" }));
    const watch = (index: number) =>
      servers[index]?.child.once("exit", () => {
        if (!stopping && !expectedExit.has(index)) {
          manualActions += 1;
          progress(`server ${index} exited on its own:\n${servers[index]?.output().slice(-2000)}`);
        }
      });
    const expectedExit = new Set<number>();
    watch(0);
    watch(1);

    // Round-robin over the two processes, as a load balancer; a refused connection is retried.
    let turn = 0;
    const balanced: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      const target = new URL(request.url);
      const origin = new URL(servers[turn++ % servers.length]?.url ?? "");
      target.host = origin.host;
      return fetch(new Request(target, request));
    };
    const session: ProcessSession = { token: null, loginInfo: null };
    const client = processClient(servers[0]?.url ?? "", {
      adid: "bench-faults",
      session,
      fetch: balanced,
      timeoutMs: 10_000,
    });
    await client.logIn(lenderPhone, async (e164) => {
      const answer = await fetch(`${servers[0]?.url}/__test/sms?phone=${encodeURIComponent(e164)}`);
      return answer.ok ? ((await answer.json()) as { code: string }).code : undefined;
    });
    // The instalments that still owe enough for every repayment of the run (100 each).
    const owing: { id: string; instalmentIndex: number }[] = [];
    for (let cursor: string | undefined; ; ) {
      const page = await client.api.contract.query({ type: "all", pageSize: 50, cursor });
      for (const contract of page.items) {
        if (contract.status !== "type6" && contract.status !== "type4") continue;
        const ledger = await client.api.contract.ledger({ id: contract.id });
        const most = [...ledger.instalments].sort((a, b) => b.outstanding - a.outstanding)[0];
        if (most !== undefined && most.outstanding >= 200_000) {
          owing.push({ id: contract.id, instalmentIndex: most.index });
        }
      }
      if (page.nextCursor === null) break;
      cursor = page.nextCursor;
    }
    if (owing.length < repayers) throw new Error("the seeded book owes too little");
    progress(`${owing.length} contracts owe; ${creators} creators and ${repayers} repayers start`);

    // What each fault saw: a call belongs to the fault active (or recovering) when it was sent.
    let phase = "steady";
    const tallies = new Map<string, Tally>();
    const tally = () => {
      let current = tallies.get(phase);
      if (current === undefined) {
        current = { acknowledged: 0, fiveHundreds: 0, hung: 0 };
        tallies.set(phase, current);
      }
      return current;
    };
    const acknowledged: Acknowledged[] = [];
    const lastAnswered = new Array<number>(creators + repayers).fill(0);
    let running = true;
    const today = new Date().toISOString().slice(0, 10);

    /** Sends one write until it is answered, with the same key every time. */
    const once = async (
      worker: number,
      kind: Acknowledged["kind"],
      send: (key: string) => Promise<unknown>,
    ) => {
      const key = randomUUID().replaceAll("-", "");
      for (;;) {
        const counted = tally();
        const started = performance.now();
        try {
          await send(key);
          if (performance.now() - started > hungMs) counted.hung += 1;
          counted.acknowledged += 1;
          acknowledged.push({ kind, key });
          lastAnswered[worker] = Date.now();
          return;
        } catch (error) {
          if (performance.now() - started > hungMs) counted.hung += 1;
          if (isTransportError(error) && error.status === 500) counted.fiveHundreds += 1;
          if (
            isTransportError(error) &&
            error.status !== undefined &&
            ![500, 503, 429].includes(error.status)
          ) {
            throw new Error(`${kind} refused: ${error.status} ${error.serverMessage}`);
          }
          await sleep(250);
        }
      }
    };
    const workers = [
      ...Array.from({ length: creators }, (_, worker) => async () => {
        for (let n = 0; running; n += 1) {
          const phone =
            `0107${String(worker).padStart(2, "0")}${String(n % 100_000).padStart(5, "0")}`.slice(
              0,
              11,
            );
          await once(worker, "create", (idempotencyKey) =>
            client.api.contract.add({
              ...contractDraft(phone, { loanDate: today, repaymentDate: addDays(today, 31) }),
              idempotencyKey,
            }),
          );
        }
      }),
      ...Array.from({ length: repayers }, (_, index) => async () => {
        const worker = creators + index;
        const mine = owing.filter((_, i) => i % repayers === index);
        for (let n = 0; running; n += 1) {
          const target = mine[n % mine.length] as (typeof owing)[number];
          await once(worker, "repay", (idempotencyKey) =>
            client.api.contract.repay({
              id: target.id,
              idempotencyKey,
              instalmentIndex: target.instalmentIndex,
              repaymentAmount: 100,
              receivedOn: today,
            }),
          );
        }
      }),
    ];
    // A worker that fails stops the run (the cleanup below still runs: never an unhandled error).
    let failure: unknown = null;
    const working = workers.map((work) =>
      work().catch((error: unknown) => {
        failure ??= error;
        running = false;
      }),
    );

    const restartServer = async (index: number, signal: NodeJS.Signals) => {
      expectedExit.add(index);
      servers[index]?.child.kill(signal);
      await new Promise((resolve) => servers[index]?.child.once("exit", resolve));
      servers[index] = await startServerProcess(env, { entry: "dist" });
      expectedExit.delete(index);
      watch(index);
    };
    const faults: [label: string, inject: () => Promise<void>][] = [
      ["database restart", async () => void cluster.restart()],
      [
        "database stopped",
        async () => {
          cluster.stop();
          await sleep(outageS * 1000);
          cluster.start();
        },
      ],
      [
        "Redis killed",
        async () => {
          redis.kill();
          await sleep(5_000);
          await redis.start();
        },
      ],
      ["process killed (SIGKILL)", () => restartServer(1, "SIGKILL")],
      ["process stopped (SIGTERM)", () => restartServer(0, "SIGTERM")],
    ];
    const recovery = new Map<string, number[]>();
    await sleep(3_000);
    for (let round = 1; round <= rounds && running; round += 1) {
      for (const [label, inject] of faults) {
        phase = label;
        progress(`round ${round}: ${label}`);
        await inject();
        const ended = Date.now();
        // Back when every client has been answered since the fault ended (at most 60 s).
        while (lastAnswered.some((at) => at < ended) && Date.now() - ended < 60_000)
          await sleep(100);
        const took = (Math.max(...lastAnswered) - ended) / 1000;
        recovery.set(label, [...(recovery.get(label) ?? []), Math.max(0, took)]);
        phase = "steady";
        await sleep(2_000);
      }
    }
    running = false;
    await Promise.all(working);
    if (failure !== null) throw failure;

    // What the database holds against what was acknowledged.
    const sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
    const schema = `"${database.schemaName}"`;
    const createKeys = acknowledged.filter((a) => a.kind === "create").map((a) => a.key);
    const repayKeys = acknowledged.filter((a) => a.kind === "repay").map((a) => a.key);
    const [created] = await sql.unsafe(
      `select count(*)::int as keys from ${schema}.creations where idempotency_key = any($1)`,
      [createKeys],
    );
    // Every contract beyond the seeded book was created by a client.
    const [contracts] = await sql.unsafe(
      `select count(*)::int - ${seededContracts} as n from ${schema}.contracts`,
    );
    const [operations] = await sql.unsafe(
      `select count(*)::int as n, count(distinct idempotency_key)::int as keys from ${schema}.money_operations where idempotency_key = any($1)`,
      [repayKeys],
    );
    const [entries] = await sql.unsafe(
      `select count(*)::int as n from ${schema}.ledger_entries e join ${schema}.money_operations o on o.id = e.operation_id where o.idempotency_key = any($1)`,
      [repayKeys],
    );
    await sql.end();
    const lost =
      createKeys.length - Number(created?.keys) + (repayKeys.length - Number(operations?.keys));
    const duplicated =
      Math.max(0, Number(contracts?.n) - createKeys.length) +
      (Number(operations?.n) - Number(operations?.keys)) +
      Math.max(0, Number(entries?.n) - repayKeys.length);

    const rows = faults.map(([label]) => {
      const t = tallies.get(label) ?? { acknowledged: 0, fiveHundreds: 0, hung: 0 };
      const times = recovery.get(label) ?? [];
      return `| ${label} | ${times.length} | ${count(t.acknowledged)} | ${t.fiveHundreds} | ${t.hung} | ${Math.max(...times).toFixed(1)} |`;
    });
    const steady = tallies.get("steady") ?? { acknowledged: 0, fiveHundreds: 0, hung: 0 };
    console.info(
      [
        `Two processes, a PostgreSQL cluster and a Redis of the suite's own; ${creators} clients creating contracts and ${repayers} recording repayments, each retrying with its key.`,
        "",
        "| fault | rounds | acknowledged writes | 5xx | hung over 2 s | recovery, longest (s) |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        ...rows,
        `| (between faults) | | ${count(steady.acknowledged)} | ${steady.fiveHundreds} | ${steady.hung} | |`,
        "",
        `Over all ${count(acknowledged.length)} acknowledged writes (${count(createKeys.length)} creations, ${count(repayKeys.length)} repayments): **lost ${lost}, duplicated ${duplicated}**; manual action needed: **${manualActions}** (a process that exited on its own). Database outage ${outageS} s.`,
      ].join("\n"),
    );
  } finally {
    stopping = true;
    await Promise.all(servers.map((server) => server.stop().catch(() => null)));
    await database.dispose().catch(() => {});
    redis.stop();
    cluster.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
