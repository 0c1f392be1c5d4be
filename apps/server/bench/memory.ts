// The memory benchmark: the resident memory (RSS) at idle of the built server (dist/main.js) on
// PostgreSQL and on the embedded default (PGlite), against a bare Fastify server (one route) in
// the same Node binary; then the RSS of a Node that only imports one dependency the server loads,
// to show where the memory goes.
//
//   pnpm turbo run build --filter=@chayong/server...     (dist/main.js and the workspace packages)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm --filter @chayong/server bench:memory
//
// Settings: BENCH_RUNS (3; each process is started that many times and the median is shown),
// BENCH_IDLE_MS (5000: the wait after the last request before reading), BENCH_DATABASE_URL (or
// TEST_DATABASE_URL; without either PostgreSQL is skipped; the server gets a fresh schema
// `bench_<random>`, dropped afterwards), BENCH_IMPORTS=0 (skip the per-import table). Tables to
// stdout (Markdown), progress to stderr.
//
// Each measured process is started as `node --expose-gc --import <probe> <script>`: the probe (a
// few lines, the same in every process) answers SIGUSR2 with process.memoryUsage() before and
// after one full gc(), written to a file. RSS, anonymous and file-backed, is read from
// /proc/<pid>/status before the signal (the process as it idles) and again after the gc.

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dropSchema } from "../src/testing/test-database";
import { benchClient, benchIdentityKeys, median, postgresUrl, progress } from "./harness";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const idleMs = Number(process.env.BENCH_IDLE_MS ?? 5000);
const withImports = process.env.BENCH_IMPORTS !== "0";
if (!(Number.isInteger(runs) && runs >= 1))
  throw new Error("BENCH_RUNS must be a whole number >= 1");
if (!(idleMs >= 0)) throw new Error("BENCH_IDLE_MS must be >= 0");

const serverDir = fileURLToPath(new URL("..", import.meta.url));
const serverMain = join(serverDir, "dist/main.js");
if (!existsSync(serverMain)) throw new Error(`${serverMain} is missing: build the server first`);

const work = mkdtempSync(join(tmpdir(), "chayong-bench-memory-"));
const reportFile = join(work, "memory-report.json");
const probeFile = join(work, "memory-probe.mjs");
writeFileSync(
  probeFile,
  `import { renameSync, writeFileSync } from "node:fs";
process.on("SIGUSR2", () => {
  const idle = process.memoryUsage();
  globalThis.gc?.();
  writeFileSync(${JSON.stringify(`${reportFile}.part`)}, JSON.stringify({ idle, afterGc: process.memoryUsage() }));
  renameSync(${JSON.stringify(`${reportFile}.part`)}, ${JSON.stringify(reportFile)});
});
`,
);
// Resolved from apps/server, as the server resolves its own dependencies.
const fastifyUrl = import.meta.resolve("fastify");
const bareFastifyFile = join(work, "bare-fastify.mjs");
writeFileSync(
  bareFastifyFile,
  `import Fastify from ${JSON.stringify(fastifyUrl)};
const app = Fastify();
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: 0, host: "127.0.0.1" });
console.info("listening at http://127.0.0.1:" + app.server.address().port);
`,
);

// ---------------------------------------------------------------------------------------------
// One process: start, wait until it answers, ask, idle, read

interface Sample {
  rssMb: number;
  anonMb: number;
  fileMb: number;
  heapUsedMb: number;
  rssAfterGcMb: number;
  heapAfterGcMb: number;
}

interface ProcessSpec {
  args: string[];
  env?: Record<string, string>;
  /** The line the process prints once it listens, with its URL. */
  ready: RegExp;
  /** The requests made once it answers (null: none, it only imports). */
  exercise: ((url: string) => Promise<void>) | null;
}

const mb = (kilobytes: number) => kilobytes / 1024;

function statusOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status);
    if (!match) throw new Error(`/proc/${pid}/status has no ${name}`);
    return mb(Number(match[1]));
  };
  return { rss: field("VmRSS"), anon: field("RssAnon"), file: field("RssFile") };
}

function waitForLine(child: ChildProcess, ready: RegExp, output: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no ready line within 60 s")), 60_000);
    let pending = "";
    const onData = (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        output.push(line);
        if (output.length > 40) output.shift();
        const match = ready.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(match[1] ?? "");
        }
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${output.join("\n")}`));
    });
  });
}

async function measureOnce(spec: ProcessSpec): Promise<Sample> {
  rmSync(reportFile, { force: true });
  const output: string[] = [];
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--import", pathToFileURL(probeFile).href, ...spec.args],
    {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? "", ...spec.env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const url = await waitForLine(child, spec.ready, output);
    if (spec.exercise !== null) await spec.exercise(url);
    await sleep(idleMs);
    const pid = child.pid as number;
    const idle = statusOf(pid);
    child.kill("SIGUSR2");
    for (let waited = 0; !existsSync(reportFile); waited += 50) {
      if (waited > 10_000) throw new Error("the memory probe did not answer");
      await sleep(50);
    }
    await sleep(200); // let the pages the gc freed go back before reading RSS again
    const report = JSON.parse(readFileSync(reportFile, "utf8")) as {
      idle: NodeJS.MemoryUsage;
      afterGc: NodeJS.MemoryUsage;
    };
    const afterGc = statusOf(pid);
    return {
      rssMb: idle.rss,
      anonMb: idle.anon,
      fileMb: idle.file,
      heapUsedMb: report.idle.heapUsed / 2 ** 20,
      rssAfterGcMb: afterGc.rss,
      heapAfterGcMb: report.afterGc.heapUsed / 2 ** 20,
    };
  } finally {
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(killer);
  }
}

/** The median of each figure over `runs` starts. */
async function measure(
  label: string,
  spec: () => Promise<{ spec: ProcessSpec; dispose?: () => Promise<void> }>,
) {
  const samples: Sample[] = [];
  for (let run = 1; run <= runs; run++) {
    const { spec: started, dispose } = await spec();
    try {
      samples.push(await measureOnce(started));
    } finally {
      await dispose?.();
    }
    progress(`${label}: run ${run}/${runs}: ${samples.at(-1)?.rssMb.toFixed(1)} MB`);
  }
  const of = (key: keyof Sample) => median(samples.map((sample) => sample[key]));
  return {
    rssMb: of("rssMb"),
    anonMb: of("anonMb"),
    fileMb: of("fileMb"),
    heapUsedMb: of("heapUsedMb"),
    rssAfterGcMb: of("rssAfterGcMb"),
    heapAfterGcMb: of("heapAfterGcMb"),
  } satisfies Sample;
}

// ---------------------------------------------------------------------------------------------
// The processes

async function exerciseBare(url: string) {
  for (let i = 0; i < 5; i++) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`bare Fastify answered ${response.status}`);
    await response.arrayBuffer();
  }
}

/** As a client would: the health check, the web app's page, and two public calls through the
 * envelope (a read, and a login code sent to the console SMS provider; the second is refused by
 * the cooldown, still an envelope answer). */
async function exerciseServer(url: string) {
  // The server runs with the development cipher (no CHAYONG_CIPHER_* in its environment).
  const { api } = benchClient({ url, adid: "bench-memory" });
  for (let i = 0; i < 3; i++) {
    const health = await fetch(`${url}/healthz`);
    if (!health.ok) throw new Error(`/healthz answered ${health.status}`);
    await health.arrayBuffer();
    await (await fetch(`${url}/`)).arrayBuffer(); // the web app when built, else a 404
    await api.config.service({ configKey: "line" });
    await api.auth.sendCode({ phone: "01012345678" }).catch(() => undefined);
  }
}

const serverReady = /Chayong is running at (\S+)/;
const serverEnv = (dataDir: string): Record<string, string> => ({
  CHAYONG_DATA_DIR: dataDir,
  PORT: "0",
  HOST: "127.0.0.1",
});

const bareFastify = async () => ({
  spec: {
    args: [bareFastifyFile],
    ready: /listening at (\S+)/,
    exercise: exerciseBare,
  } satisfies ProcessSpec,
});

const serverOnPglite = async () => {
  const dataDir = mkdtempSync(join(work, "pglite-"));
  return {
    spec: {
      args: [serverMain],
      env: serverEnv(dataDir),
      ready: serverReady,
      exercise: exerciseServer,
    } satisfies ProcessSpec,
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
};

const serverOnPostgres = async () => {
  const dataDir = mkdtempSync(join(work, "postgres-"));
  const schemaName = `bench_${randomBytes(8).toString("hex")}`;
  return {
    spec: {
      args: [serverMain],
      env: {
        ...serverEnv(dataDir),
        ...benchIdentityKeys,
        DATABASE_URL: postgresUrl,
        CHAYONG_DATABASE_SCHEMA: schemaName,
      },
      ready: serverReady,
      exercise: exerciseServer,
    } satisfies ProcessSpec,
    dispose: async () => {
      try {
        await dropSchema(postgresUrl, schemaName);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
};

/** A Node that imports the modules (resolved from apps/server), then idles. */
function importing(specifiers: readonly string[]) {
  const file = join(work, `import-${randomBytes(4).toString("hex")}.mjs`);
  const urls = specifiers.map((specifier) => import.meta.resolve(specifier));
  writeFileSync(
    file,
    `${urls.map((url) => `await import(${JSON.stringify(url)});`).join("\n")}
console.info("imported");
setInterval(() => {}, 60_000);
`,
  );
  return async () => ({
    spec: { args: [file], ready: /^(imported)$/, exercise: null } satisfies ProcessSpec,
  });
}

// What the server imports: at start (dist/main.js and its chunks), or on first use.
const imports: { label: string; specifiers: string[]; loaded: string }[] = [
  { label: "nothing (node itself)", specifiers: [], loaded: "—" },
  { label: "fastify", specifiers: ["fastify"], loaded: "start" },
  {
    label: "@fastify/static, @fastify/multipart",
    specifiers: ["@fastify/static", "@fastify/multipart"],
    loaded: "start",
  },
  { label: "pino", specifiers: ["pino"], loaded: "start" },
  {
    label: "drizzle-orm + pg-core + both drivers, from node_modules",
    specifiers: [
      "drizzle-orm",
      "drizzle-orm/pg-core",
      "drizzle-orm/postgres-js",
      "drizzle-orm/pglite",
    ],
    loaded: "start (bundled into dist/)",
  },
  { label: "postgres (postgres.js)", specifiers: ["postgres"], loaded: "start" },
  { label: "@electric-sql/pglite", specifiers: ["@electric-sql/pglite"], loaded: "PGlite only" },
  { label: "valibot", specifiers: ["valibot"], loaded: "start" },
  {
    label: "@chayong/domain (with libphonenumber-js)",
    specifiers: ["@chayong/domain"],
    loaded: "start",
  },
  {
    label: "@chayong/transport (with ky)",
    specifiers: ["@chayong/transport", "@chayong/transport/node"],
    loaded: "start",
  },
  { label: "@chayong/sdk/server", specifiers: ["@chayong/sdk/server"], loaded: "start" },
  { label: "@chayong/i18n", specifiers: ["@chayong/i18n"], loaded: "start" },
  {
    label: "pdf-lib, @pdf-lib/fontkit",
    specifiers: ["pdf-lib", "@pdf-lib/fontkit"],
    loaded: "first contract PDF",
  },
  { label: "sharp (libvips)", specifiers: ["sharp"], loaded: "first image" },
  { label: "@aws-sdk/client-s3", specifiers: ["@aws-sdk/client-s3"], loaded: "S3 file store only" },
];

// ---------------------------------------------------------------------------------------------
// Run and print

const fixed = (value: number) => value.toFixed(1);
const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;

function table(header: string[], rows: string[][]) {
  return [
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

try {
  progress(`${process.version}; ${runs} runs each, ${idleMs} ms idle before reading`);
  const processes: [string, () => Promise<{ spec: ProcessSpec; dispose?: () => Promise<void> }>][] =
    [["bare Fastify (one route)", bareFastify]];
  if (postgresUrl !== "") processes.push(["server on PostgreSQL", serverOnPostgres]);
  else progress("PostgreSQL skipped: set BENCH_DATABASE_URL");
  processes.push(["server on PGlite (embedded)", serverOnPglite]);

  const results: [string, Sample][] = [];
  for (const [label, spec] of processes) results.push([label, await measure(label, spec)]);
  const base = (results[0] as [string, Sample])[1];

  console.info(`\n**Idle processes** (${process.version}; median of ${runs} starts; MB)\n`);
  console.info(
    table(
      [
        "process",
        "RSS",
        "RSS / bare Fastify",
        "anonymous",
        "file-backed",
        "heap used",
        "RSS after gc()",
        "heap after gc()",
      ],
      results.map(([label, sample]) => [
        label,
        fixed(sample.rssMb),
        ratio(sample.rssMb, base.rssMb),
        fixed(sample.anonMb),
        fixed(sample.fileMb),
        fixed(sample.heapUsedMb),
        fixed(sample.rssAfterGcMb),
        fixed(sample.heapAfterGcMb),
      ]),
    ),
  );
  const postgres = results.find(([label]) => label === "server on PostgreSQL");
  if (postgres !== undefined) {
    const measured = postgres[1].rssMb / base.rssMb;
    console.info(
      `\n- server on PostgreSQL within 2× of bare Fastify: ${measured <= 2 ? "met" : "**missed**"} (${measured.toFixed(2)}×)`,
    );
  }

  const importResults: [(typeof imports)[number], Sample][] = [];
  for (const entry of withImports ? imports : []) {
    importResults.push([
      entry,
      await measure(`import ${entry.label}`, importing(entry.specifiers)),
    ]);
  }
  const node = importResults[0]?.[1];
  if (node !== undefined) {
    console.info(
      `\n**A Node that only imports** (median of ${runs}; MB; "+" is over node itself)\n`,
    );
    console.info(
      table(
        [
          "imports",
          "server loads it",
          "RSS",
          "+ RSS",
          "+ anonymous",
          "heap used",
          "RSS after gc()",
          "heap after gc()",
        ],
        importResults.map(([entry, sample]) => [
          entry.label,
          entry.loaded,
          fixed(sample.rssMb),
          fixed(sample.rssMb - node.rssMb),
          fixed(sample.anonMb - node.anonMb),
          fixed(sample.heapUsedMb),
          fixed(sample.rssAfterGcMb),
          fixed(sample.heapAfterGcMb),
        ]),
      ),
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
