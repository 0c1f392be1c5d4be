// What the benchmarks share (bench/list.ts, bench/statistics.ts, bench/envelope.ts,
// bench/memory.ts, bench/load.ts): their settings, the two engines, the timing helpers, the
// seeded book of one lender (bench/seed.ts), and a client of the server (benchClient: the SDK
// over the transport, as the app calls it) with the bench lender's login.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EndpointId } from "@chayong/sdk";
import { findEndpoint } from "@chayong/sdk/server";
import {
  type Codec,
  DEFAULT_HEADERS,
  DEFAULT_PACKAGE_NAME,
  ENCRYPTED_CONTENT_TYPE,
  ENVELOPE_QUERY_PARAM,
  encodePayload,
  HEADER,
} from "@chayong/transport";
import { sql } from "drizzle-orm";
import type { DatabaseConfig, ServerConfig } from "../src/config/config";
import { loadConfig } from "../src/config/config";
import { openDatabase, quoteIdentifier } from "../src/db/database";
import { migrate } from "../src/db/migrate";
import { plannedTables } from "../src/db/planner-statistics";
import { addLender } from "../src/lenders/lenders";
import type { RunningServer } from "../src/server";
import type { TestSmsProvider } from "../src/sms/sms-provider";
import { processClient } from "../src/testing/process-client";
import { dropSchema } from "../src/testing/test-database";
import { seedBook } from "./seed";

// ---------------------------------------------------------------------------------------------
// Settings

const env = process.env;
export const sizes = (env.BENCH_SIZES?.trim() || "1000,10000,100000")
  .split(",")
  .map((text) => Number(text.trim().replaceAll("_", "")))
  .filter((size) => Number.isInteger(size) && size > 0)
  .sort((a, b) => a - b);
export const runs = Number(env.BENCH_RUNS ?? 30);
export const warmups = Number(env.BENCH_WARMUPS ?? 5);
export const count = (n: number) => n.toLocaleString("en-US");
/** A bench setting from the environment that must be a positive whole number. */
export function positiveSetting(name: string, fallback: number): number {
  const value = Number(env[name]?.trim() || fallback);
  if (!(Number.isInteger(value) && value > 0))
    throw new Error(`${name} must be a positive integer`);
  return value;
}
export const postgresUrl = (env.BENCH_DATABASE_URL?.trim() || env.TEST_DATABASE_URL?.trim()) ?? "";
const engineNames = (env.BENCH_ENGINES?.trim() || "pglite,postgres").split(",");
export const lenderPhone = "01000000000";
export const lender = { name: "Bench Lender", merchantName: "Bench Loans" };

if (sizes.length === 0) throw new Error("BENCH_SIZES names no size");
if (!(runs >= 1 && warmups >= 0)) throw new Error("BENCH_RUNS must be >= 1, BENCH_WARMUPS >= 0");

// ---------------------------------------------------------------------------------------------
// Databases: a fresh PGlite folder, or a fresh schema of PostgreSQL (as src/testing does)

export interface BenchDatabase {
  config: DatabaseConfig;
  schemaName: string;
  dispose(): Promise<void>;
}

export interface Engine {
  name: "PGlite" | "PostgreSQL";
  /** Where the planner's statistics come from, as the tables name it. */
  statistics: string;
  /** Run on each table after seeding, before the server starts (null: nothing). */
  maintenance: "VACUUM ANALYZE" | null;
  create(): BenchDatabase;
}

const pglite: Engine = {
  name: "PGlite",
  statistics: "as shipped: the server's own statistics",
  maintenance: null,
  create() {
    const dataDir = mkdtempSync(join(tmpdir(), "chayong-bench-"));
    return {
      config: { kind: "pglite", dataDir },
      schemaName: "public",
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

export function postgresEngine(url: string): Engine {
  return {
    name: "PostgreSQL",
    statistics: "after VACUUM ANALYZE, as autovacuum would",
    maintenance: "VACUUM ANALYZE",
    create() {
      const schemaName = `bench_${randomBytes(8).toString("hex")}`;
      return {
        config: { kind: "postgres", url },
        schemaName,
        dispose: () => dropSchema(url, schemaName),
      };
    },
  };
}

export const engines: Engine[] = [];
if (engineNames.includes("pglite")) engines.push(pglite);
if (engineNames.includes("postgres") && postgresUrl !== "")
  engines.push(postgresEngine(postgresUrl));

// ---------------------------------------------------------------------------------------------
// Measuring

export const progress = (text: string) => process.stderr.write(`${text}\n`);

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export async function elapsed(run: () => unknown): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

export type Step = [label: string, run: () => unknown];

/** The median of each step over `runs` rounds (after `warmups`), each step once per round. */
export async function roundRobin(steps: readonly Step[]): Promise<Map<string, number>> {
  const samples = new Map<string, number[]>(steps.map(([label]) => [label, []]));
  for (let round = 0; round < warmups + runs; round++) {
    for (const [label, run] of steps) {
      const time = await elapsed(run);
      if (round >= warmups) samples.get(label)?.push(time);
    }
  }
  return new Map([...samples].map(([label, times]) => [label, median(times)]));
}

/** Throwaway keys: the bench stores no ID numbers, but a server on PostgreSQL needs keys named. */
export const benchIdentityKeys = {
  CHAYONG_IDENTITY_KEYS: `bench:${randomBytes(32).toString("base64")}`,
  CHAYONG_IDENTITY_LOOKUP_KEY: randomBytes(32).toString("base64"),
};

export const benchConfig = (database: BenchDatabase) => {
  const loaded = loadConfig({
    ...benchIdentityKeys,
    PORT: "0",
    HOST: "127.0.0.1",
    CHAYONG_TEST_MODE: "1",
    CHAYONG_WEB_DIR: "none",
    CHAYONG_DEMO_LENDER: "0",
    LOG_LEVEL: "silent",
  });
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join("; "));
  return { ...loaded.config, database: database.config, databaseSchema: database.schemaName };
};

/**
 * Seeds the book on its own handle before any server runs (a PGlite folder takes one process),
 * so the server then starts on a full book as it would after a restart: on PGlite its statistics
 * keeper finds the tables never analyzed and analyzes them during the start. PostgreSQL gets a
 * VACUUM ANALYZE here instead, standing in for its autovacuum (off on the test server).
 */
export async function seed(engine: Engine, database: BenchDatabase, size: number) {
  const config = benchConfig(database);
  const opened = await openDatabase(config.database, config.databaseSchema);
  if (!opened.ok) throw new Error("the bench database is locked");
  const { db, kind } = opened.database;
  try {
    await migrate(opened.database);
    const added = await addLender(db, { phone: lenderPhone, ...lender }, new Date());
    if (!added.ok) throw new Error(added.problem);
    progress(`${engine.name}: seeding ${count(size)} contracts…`);
    const seeded = await seedBook({
      db,
      kind,
      lenderId: added.userId,
      lender,
      size,
      now: new Date(),
      onProgress: (done) => {
        if (done % 20_000 === 0) progress(`  ${count(done)}`);
      },
    });
    progress(`  seeded in ${seeded.seconds.toFixed(1)} s`);
    let maintenanceSeconds: number | null = null;
    if (engine.maintenance !== null) {
      const started = performance.now();
      for (const table of ["users", ...plannedTables]) {
        await db.execute(sql.raw(`${engine.maintenance} ${quoteIdentifier(table)}`));
      }
      maintenanceSeconds = (performance.now() - started) / 1000;
    }
    return { seeded, lenderId: added.userId, maintenanceSeconds };
  } finally {
    await opened.database.close();
  }
}

/** What a bench client needs to know of the server it calls. */
export interface BenchClientOptions {
  url: string;
  /** The server's cipher (ServerConfig.cipher); default: the development key, as a server
   * started without CHAYONG_CIPHER_KEY / CHAYONG_CIPHER_IV uses. */
  cipher?: { key: Uint8Array; iv: Uint8Array };
  /** The device id it reports (x-chayong-adid). */
  adid?: string;
}

/**
 * A client of the server as a Node tool is one (src/testing/process-client.ts), reporting the
 * device `bench` unless told otherwise.
 */
export function benchClient(options: BenchClientOptions) {
  return processClient(options.url, {
    adid: options.adid ?? "bench",
    ...(options.cipher ? { cipher: options.cipher } : {}),
  });
}

/** The bench lender logs in through the SDK and the transport (node:crypto codec, as a Node tool would). */
export async function logInBenchLender(
  server: RunningServer,
  config: ServerConfig,
  sms: TestSmsProvider,
) {
  const client = benchClient({ url: server.url, cipher: config.cipher });
  // The in-process provider keeps codes by the number as sent (E.164).
  const token = await client.logIn(lenderPhone, async (phone) =>
    sms.lastCode(`+82${phone.slice(1)}`),
  );
  return { api: client.api, codec: client.codec, token };
}

// ---------------------------------------------------------------------------------------------
// Requests as the web client sends them (packages/transport/src/client: buildHeaders, request),
// for load generators that send them themselves (autocannon)

/** The headers of a signed-in call. */
export function headersFor(token: string): Record<string, string> {
  return {
    [HEADER.contentType]: ENCRYPTED_CONTENT_TYPE,
    ...DEFAULT_HEADERS,
    [HEADER.packageName]: DEFAULT_PACKAGE_NAME,
    [HEADER.token]: token,
    [HEADER.acceptLanguage]: "ko-KR",
  };
}

/** The path and query of a GET call: its payload encrypted in the envelope parameter. */
export function getPath(codec: Codec, id: EndpointId, payload: unknown): string {
  const entry = findEndpoint(id);
  if (entry.method !== "GET") throw new Error(`${id} is not a GET endpoint`);
  return `${entry.path}?${new URLSearchParams({ [ENVELOPE_QUERY_PARAM]: encodePayload(codec, payload) })}`;
}
