// The envelope throughput benchmark (#13): what the encrypted envelope (AES-CBC/PKCS7 + base64,
// packages/transport) costs the server's throughput. One lender's seeded book (bench/seed.ts) on
// the embedded default (PGlite) and on PostgreSQL; two GET endpoints driven by autocannon, the
// contract list page 1 (what the web app sends) and the current user (a cheap read), each in
// three modes on the same server, handler and database:
//
//   - plain: the codec bypassed. The server is handed a codec (ServerDependencies.codec, code
//     only, nothing a request can reach) that this bench switches between the real one and an
//     identity codec whose "ciphertext" is the JSON text itself; the request carries its JSON in
//     the same XKNCEGSKK parameter, the answer is the envelope's JSON.
//   - envelope: the real codec, as every spec client sends and reads it.
//   - compressed: the real codec and `x-chayong-accept-envelope: deflate-raw`, as the web app asks.
//
// The runs alternate (the order of the modes rotates each round) and the figures are medians, so
// machine noise favours no side; cost = 1 - envelope / plain. Then the answer bytes of each mode
// (and gzipped, as a proxy in front would send them), and the codec's own CPU time per call.
//
// The server runs in this process through startServer, as the other benches do (that is how it
// takes the switchable codec); autocannon fires from a worker thread (`workers: 1`): its own
// event loop, on the other core of a 2-core machine, so parsing answers never runs on the
// server's loop.
//
//   pnpm turbo run build --filter=@chayong/server...     (the workspace packages it imports)
//   pnpm --filter @chayong/server bench:envelope
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm --filter @chayong/server bench:envelope
//
// Settings: BENCH_ENVELOPE_SIZE (contracts in the book, 1000), BENCH_ENVELOPE_ROUNDS (measured
// rounds, 5), BENCH_ENVELOPE_SECONDS (one run, 10), BENCH_ENVELOPE_WARMUP_SECONDS (one warm-up
// run per endpoint and mode, 3), BENCH_ENVELOPE_CONNECTIONS (10); BENCH_ENGINES and
// BENCH_DATABASE_URL as bench/list.ts. Tables to stdout (Markdown), progress to stderr.

import { cpus, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { isDeepStrictEqual } from "node:util";
import { deflateRawSync, gzipSync } from "node:zlib";
import { findEndpoint } from "@chayong/sdk/server";
import {
  COMPRESSED_ENVELOPE,
  type Codec,
  createCodec,
  DEFAULT_HEADERS,
  DEFAULT_PACKAGE_NAME,
  decodeCompressedEnvelope,
  decodeEnvelope,
  decodeRequestPayload,
  ENCRYPTED_CONTENT_TYPE,
  ENVELOPE_QUERY_PARAM,
  type Envelope,
  encodeCompressedEnvelope,
  encodeEnvelope,
  encodePayload,
  HEADER,
  readEnvelope,
} from "@chayong/transport";
import { nodeCipherEngine } from "@chayong/transport/node";
import autocannon from "autocannon";
import { type RunningServer, startServer } from "../src/server";
import { createTestSmsProvider } from "../src/sms/sms-provider";
import {
  benchConfig,
  count,
  type Engine,
  engines,
  logInBenchLender,
  median,
  positiveSetting,
  progress,
  seed,
} from "./harness";

// ---------------------------------------------------------------------------------------------
// Settings

const bookSize = positiveSetting("BENCH_ENVELOPE_SIZE", 1000);
const rounds = positiveSetting("BENCH_ENVELOPE_ROUNDS", 5);
const seconds = positiveSetting("BENCH_ENVELOPE_SECONDS", 10);
const warmupSeconds = positiveSetting("BENCH_ENVELOPE_WARMUP_SECONDS", 3);
const connections = positiveSetting("BENCH_ENVELOPE_CONNECTIONS", 10);
/** The goal: the envelope costs at most 10 % of the plain throughput. */
const costGoal = 0.1;

type Mode = "plain" | "envelope" | "compressed";
const modes: readonly Mode[] = ["plain", "envelope", "compressed"];

interface Target {
  label: string;
  id: "contract.query" | "user.current";
  /** What the web app sends (undefined: no payload, sent as `{}`). */
  payload: unknown;
}

const targets: readonly Target[] = [
  {
    label: "contract list, page 1",
    id: "contract.query",
    payload: { type: "all", pageSize: 20 },
  },
  { label: "current user", id: "user.current", payload: undefined },
];

// ---------------------------------------------------------------------------------------------
// Codecs

/** The codec bypassed: the "ciphertext" is the JSON text itself. */
const identityCodec: Codec = {
  encrypt: (plaintext) => plaintext,
  decrypt: (ciphertext) => ciphertext,
  // Compressed answers are only asked for in the envelope's own mode; never reached here.
  encryptBytes: () => {
    throw new Error("the identity codec has no compressed form");
  },
  decryptBytes: () => {
    throw new Error("the identity codec has no compressed form");
  },
};

/** The server's codec: the real one or the identity codec, as this bench switches it. */
function switchableCodec(real: Codec) {
  let current = real;
  const codec: Codec = {
    encrypt: (plaintext) => current.encrypt(plaintext),
    decrypt: (ciphertext) => current.decrypt(ciphertext),
    encryptBytes: (bytes) => current.encryptBytes(bytes),
    decryptBytes: (ciphertext) => current.decryptBytes(ciphertext),
  };
  return {
    codec,
    use(mode: Mode) {
      current = mode === "plain" ? identityCodec : real;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Requests as the web client sends them (packages/transport/src/client: buildHeaders, request)

interface Prepared {
  url: string;
  headers: Record<string, string>;
}

function prepare(
  server: RunningServer,
  target: Target,
  mode: Mode,
  realCodec: Codec,
  token: string,
): Prepared {
  const entry = findEndpoint(target.id);
  if (entry.method !== "GET") throw new Error(`${target.id} is not a GET endpoint`);
  const payload = encodePayload(mode === "plain" ? identityCodec : realCodec, target.payload);
  const query = new URLSearchParams({ [ENVELOPE_QUERY_PARAM]: payload });
  const headers: Record<string, string> = {
    [HEADER.contentType]: ENCRYPTED_CONTENT_TYPE,
    ...DEFAULT_HEADERS,
    [HEADER.packageName]: DEFAULT_PACKAGE_NAME,
    [HEADER.token]: token,
    [HEADER.acceptLanguage]: "ko-KR",
  };
  if (mode === "compressed") headers[HEADER.acceptEnvelope] = COMPRESSED_ENVELOPE;
  return { url: `${server.url}${entry.path}?${query}`, headers };
}

interface Answer {
  /** The answer's text exactly as sent (autocannon's expected body). */
  text: string;
  envelope: Envelope;
}

/** One call by hand: the answer must be an envelope of status 200, in the mode's own form. */
async function call(prepared: Prepared, mode: Mode, realCodec: Codec): Promise<Answer> {
  const response = await fetch(prepared.url, { headers: prepared.headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  const compressed = response.headers.get(HEADER.envelopeEncoding) === COMPRESSED_ENVELOPE;
  if (compressed !== (mode === "compressed")) throw new Error(`${mode}: compressed ${compressed}`);
  const envelope =
    mode === "plain"
      ? readEnvelope(JSON.parse(text))
      : mode === "envelope"
        ? decodeEnvelope(realCodec, text)
        : await decodeCompressedEnvelope(realCodec, text);
  if (envelope.status !== 200) throw new Error(`${mode}: envelope ${envelope.status}`);
  return { text, envelope };
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface TargetRun {
  target: Target;
  /** Each measured run, in round order. */
  samples: Record<Mode, Fired[]>;
  bytes: Record<Mode, { raw: number; gzip: number }>;
  /** Median µs per call of the server's codec steps (this thread, no load). */
  codecMicros: Map<string, number>;
}

interface EngineRun {
  engine: Engine;
  targets: TargetRun[];
}

interface Fired {
  /** Requests per second (autocannon's mean of its one-second samples). */
  rate: number;
  /** The server thread's busy time per completed request (event loop utilisation), µs. */
  serverMicros: number;
  /** Answers that differed from the expected body. */
  mismatches: number;
}

async function fire(prepared: Prepared, duration: number, expectBody: string): Promise<Fired> {
  const before = performance.eventLoopUtilization();
  const result = await autocannon({
    url: prepared.url,
    method: "GET",
    headers: prepared.headers,
    connections,
    duration,
    workers: 1,
    expectBody,
  });
  const busy = performance.eventLoopUtilization(before);
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) {
    throw new Error(
      `autocannon: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
    );
  }
  return {
    rate: result.requests.average,
    serverMicros: (busy.active * 1000) / result.requests.total,
    mismatches: result.mismatches,
  };
}

/** Median µs per call of `run`, over 31 batches of `batch` calls. */
function micros(run: () => unknown, batch = 200): number {
  for (let i = 0; i < batch * 5; i++) run();
  const perCall: number[] = [];
  for (let b = 0; b < 31; b++) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) run();
    perCall.push(((performance.now() - start) * 1000) / batch);
  }
  return median(perCall);
}

async function runEngine(engine: Engine): Promise<EngineRun> {
  const database = engine.create();
  try {
    await seed(engine, database, bookSize);
    const config = benchConfig(database);
    const sms = createTestSmsProvider();
    // The real codec exactly as createServer builds it when none is handed in.
    const realCodec = createCodec({
      key: config.cipher.key,
      iv: config.cipher.iv,
      engine: nodeCipherEngine,
    });
    const switchable = switchableCodec(realCodec);
    const server = await startServer({ config, sms, codec: switchable.codec });
    try {
      const { token } = await logInBenchLender(server, config, sms);
      const runs: TargetRun[] = [];
      const prepared = new Map<string, Prepared>();
      const key = (target: Target, mode: Mode) => `${target.id} ${mode}`;

      for (const target of targets) {
        const answers = {} as Record<Mode, Answer>;
        for (const mode of modes) {
          switchable.use(mode);
          const request = prepare(server, target, mode, realCodec, token);
          answers[mode] = await call(request, mode, realCodec);
          prepared.set(key(target, mode), request);
        }
        switchable.use("envelope");
        // The same answer in every mode: only the codec differs.
        const plainEnvelope = answers.plain.envelope;
        for (const mode of modes) {
          if (!isDeepStrictEqual(answers[mode].envelope, plainEnvelope))
            throw new Error(`${target.id}: ${mode} answered another envelope than plain`);
        }
        const bytes = {} as TargetRun["bytes"];
        for (const mode of modes) {
          const raw = Buffer.from(answers[mode].text, "utf8");
          bytes[mode] = { raw: raw.length, gzip: gzipSync(raw).length };
        }
        const ciphertext = encodePayload(realCodec, target.payload);
        const codecMicros = new Map<string, number>([
          ["request: identity decode", micros(() => decodeRequestPayload(identityCodec, "{}"))],
          ["request: AES decode", micros(() => decodeRequestPayload(realCodec, ciphertext))],
          ["answer: JSON (plain)", micros(() => encodeEnvelope(identityCodec, plainEnvelope))],
          ["answer: JSON + AES + base64", micros(() => encodeEnvelope(realCodec, plainEnvelope))],
          [
            "answer: JSON + deflate + AES + base64",
            micros(() =>
              encodeCompressedEnvelope(realCodec, plainEnvelope, (b) => deflateRawSync(b)),
            ),
          ],
        ]);
        runs.push({
          target,
          samples: { plain: [], envelope: [], compressed: [] },
          bytes,
          codecMicros,
        });
      }

      // Every answer of a run must be the one a call by hand gets just before it. The list
      // changes when the lender's day does (statuses, days overdue): a run that crossed
      // midnight in Seoul is run again; any other difference stops the bench.
      const runOnce = async (run: TargetRun, mode: Mode, duration: number): Promise<Fired> => {
        switchable.use(mode);
        const request = prepared.get(key(run.target, mode)) as Prepared;
        for (let attempt = 1; ; attempt++) {
          const expected = (await call(request, mode, realCodec)).text;
          const fired = await fire(request, duration, expected);
          await sleep(500); // let the connections close before the next run
          if (fired.mismatches === 0) return fired;
          const changed = (await call(request, mode, realCodec)).text !== expected;
          if (!changed || attempt === 2) {
            throw new Error(`${run.target.id} ${mode}: ${fired.mismatches} answers differed`);
          }
          progress(`  ${run.target.id} ${mode}: the answer changed during the run, again`);
        }
      };

      progress(`  warm-up: ${warmupSeconds} s per endpoint and mode`);
      for (const run of runs) for (const mode of modes) await runOnce(run, mode, warmupSeconds);
      for (let round = 0; round < rounds; round++) {
        // Each round starts with another mode, so no mode always runs first or last.
        const order = modes.map((_, i) => modes[(i + round) % modes.length] as Mode);
        for (const run of runs) {
          for (const mode of order) {
            const fired = await runOnce(run, mode, seconds);
            run.samples[mode].push(fired);
            progress(
              `  round ${round + 1}/${rounds} ${run.target.id} ${mode}: ${fired.rate.toFixed(0)} req/s, server ${fired.serverMicros.toFixed(0)} µs/request`,
            );
          }
        }
      }
      switchable.use("envelope");
      return { engine, targets: runs };
    } finally {
      await server.close();
    }
  } finally {
    await database.dispose();
  }
}

// ---------------------------------------------------------------------------------------------
// Printing

function table(header: string[], rows: string[][]): string {
  const lines = [header, header.map(() => "---"), ...rows];
  return lines.map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

const percent = (n: number) => `${(n * 100).toFixed(1)} %`;
const rate = (n: number) => n.toFixed(0);
const bytesText = (n: number) => count(n);

function printEngine({ engine, targets: runs }: EngineRun): void {
  const out: string[] = [];
  out.push(`### ${engine.name}`);
  out.push("");
  out.push(
    `${count(bookSize)} contracts; autocannon, ${connections} connections, ${seconds} s per run, median of ${rounds} runs per mode after a ${warmupSeconds} s warm-up, modes alternating. Cost = 1 - mode / plain.`,
  );
  out.push("");
  const medians = (run: TargetRun) => ({
    plain: median(run.samples.plain.map((fired) => fired.rate)),
    envelope: median(run.samples.envelope.map((fired) => fired.rate)),
    compressed: median(run.samples.compressed.map((fired) => fired.rate)),
  });
  const serverMicros = (run: TargetRun, mode: Mode) =>
    median(run.samples[mode].map((fired) => fired.serverMicros)).toFixed(0);
  out.push(
    table(
      [
        "endpoint",
        "plain req/s",
        "envelope req/s",
        "envelope cost",
        `goal ≤ ${percent(costGoal)}`,
        "compressed req/s",
        "compressed cost",
        "server µs/request: plain / envelope / compressed",
      ],
      runs.map((run) => {
        const m = medians(run);
        const cost = 1 - m.envelope / m.plain;
        return [
          run.target.label,
          rate(m.plain),
          rate(m.envelope),
          percent(cost),
          cost <= costGoal ? "met" : "MISSED",
          rate(m.compressed),
          percent(1 - m.compressed / m.plain),
          modes.map((mode) => serverMicros(run, mode)).join(" / "),
        ];
      }),
    ),
  );
  out.push("");
  out.push(
    "Server µs/request: the server thread's busy time (event loop utilisation) over the run divided by the requests it answered; medians. Every run (req/s, in round order):",
  );
  out.push("");
  for (const run of runs) {
    for (const mode of modes) {
      out.push(
        `- ${run.target.label}, ${mode}: ${run.samples[mode].map((fired) => rate(fired.rate)).join(", ")}`,
      );
    }
  }
  out.push("");
  out.push(
    "Answer bytes (the body as sent; gzip: what a proxy compressing HTTP would send; the server itself does not):",
  );
  out.push("");
  out.push(
    table(
      [
        "endpoint",
        "plain JSON",
        "envelope",
        "compressed envelope",
        "plain JSON gzip",
        "envelope gzip",
        "compressed gzip",
      ],
      runs.map((run) => [
        run.target.label,
        bytesText(run.bytes.plain.raw),
        `${bytesText(run.bytes.envelope.raw)} (${(run.bytes.envelope.raw / run.bytes.plain.raw).toFixed(2)}×)`,
        `${bytesText(run.bytes.compressed.raw)} (${(run.bytes.compressed.raw / run.bytes.plain.raw).toFixed(2)}×)`,
        bytesText(run.bytes.plain.gzip),
        bytesText(run.bytes.envelope.gzip),
        bytesText(run.bytes.compressed.gzip),
      ]),
    ),
  );
  out.push("");
  out.push(
    "The server's codec steps alone, µs per call (median of 31 batches, no load); share = the extra µs of the envelope over plain × plain req/s, the CPU the envelope takes at that rate:",
  );
  out.push("");
  const labels = [...(runs[0]?.codecMicros.keys() ?? [])];
  out.push(
    table(
      ["step", ...runs.map((run) => run.target.label)],
      [
        ...labels.map((label) => [
          label,
          ...runs.map((run) => (run.codecMicros.get(label) ?? Number.NaN).toFixed(1)),
        ]),
        [
          "envelope extra per call (AES decode + encode − plain)",
          ...runs.map((run) => extraMicros(run).toFixed(1)),
        ],
        [
          "share of one core at the plain rate",
          ...runs.map((run) => percent((extraMicros(run) * medians(run).plain) / 1e6)),
        ],
      ],
    ),
  );
  out.push("");
  console.info(out.join("\n"));
}

function extraMicros(run: TargetRun): number {
  const step = (label: string) => run.codecMicros.get(label) ?? Number.NaN;
  return (
    step("request: AES decode") -
    step("request: identity decode") +
    step("answer: JSON + AES + base64") -
    step("answer: JSON (plain)")
  );
}

// ---------------------------------------------------------------------------------------------

if (engines.length === 0) throw new Error("no engine to run (BENCH_ENGINES, BENCH_DATABASE_URL)");
progress(`envelope benchmark: ${engines.map((engine) => engine.name).join(" and ")}`);
if (!engines.some((engine) => engine.name === "PostgreSQL")) {
  progress("(set BENCH_DATABASE_URL or TEST_DATABASE_URL to also run on PostgreSQL)");
}
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
console.info("## Envelope throughput benchmark results\n");
console.info(
  `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${new Date().toISOString()}; load average at the start ${load()}\n`,
);
for (const engine of engines) printEngine(await runEngine(engine));
console.info(`Load average at the end: ${load()}`);
