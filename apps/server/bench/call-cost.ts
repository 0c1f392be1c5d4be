// bench:call-cost — the fixed cost of a signed-in call (README "Call cost benchmark"): the
// server started in-process on each engine (as bench/list.ts does), a lender logged in through
// the SDK, then N sequential calls of `/healthz` and of `user.current` (the cheapest signed-in
// read: for a lender it reads nothing beyond the caller), alternating so both see the same
// machine. Prints figures; never a timed test.
import { findEndpoint } from "@chayong/sdk/server";
import { ENVELOPE_QUERY_PARAM, encodePayload, HEADER } from "@chayong/transport";
import { addLender } from "../src/lenders/lenders";
import { startServer } from "../src/server";
import { createTestSmsProvider } from "../src/sms/sms-provider";
import {
  benchConfig,
  type Engine,
  elapsed,
  engines,
  lender,
  lenderPhone,
  logInBenchLender,
  median,
  positiveSetting,
  progress,
  warmups,
} from "./harness";

/** Calls of each kind (BENCH_CALLS): many, since each is about a millisecond. */
const calls = positiveSetting("BENCH_CALLS", 2000);

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

interface Kind {
  label: string;
  samples: number[];
}

async function runEngine(engine: Engine): Promise<Kind[]> {
  const database = engine.create();
  try {
    const config = benchConfig(database);
    const sms = createTestSmsProvider();
    const server = await startServer({ config, sms });
    try {
      const added = await addLender(
        server.context.db,
        { phone: lenderPhone, ...lender },
        new Date(),
      );
      if (!added.ok) throw new Error(added.problem);
      const { api, codec, token } = await logInBenchLender(server, config, sms);
      const entry = findEndpoint("user.current");
      // The same signed-in call without ky, transport and SDK: the request encrypted once.
      const plainUrl =
        entry.method === "GET"
          ? `${server.url}${entry.path}?${ENVELOPE_QUERY_PARAM}=${encodeURIComponent(encodePayload(codec, {}))}`
          : `${server.url}${entry.path}`;
      const plainInit: RequestInit = {
        method: entry.method,
        headers: {
          [HEADER.token]: token,
          "accept-language": "ko-KR",
          "content-type": "text/plain",
        },
        ...(entry.method === "GET" ? {} : { body: encodePayload(codec, {}) }),
      };
      const healthz = `${server.url}/healthz`;
      const kinds: [string, () => Promise<unknown>][] = [
        [
          "/healthz (fetch)",
          async () => {
            const response = await fetch(healthz);
            if (response.status !== 200) throw new Error(`/healthz answered ${response.status}`);
            await response.text();
          },
        ],
        [
          "user.current (SDK)",
          async () => {
            const user = await api.user.current();
            if (user.role !== "lender") throw new Error("user.current: not the bench lender");
          },
        ],
        [
          "user.current (fetch, request encrypted once)",
          async () => {
            const response = await fetch(plainUrl, plainInit);
            const text = await response.text();
            if (response.status !== 200 || text.length < 100) {
              throw new Error(`user.current answered ${response.status}`);
            }
          },
        ],
      ];
      const results: Kind[] = kinds.map(([label]) => ({ label, samples: [] }));
      progress(`${engine.name}: ${calls} calls of each kind after ${warmups * 20} warm-ups…`);
      for (let round = 0; round < warmups * 20 + calls; round++) {
        for (const [index, [, run]] of kinds.entries()) {
          const time = await elapsed(run);
          if (round >= warmups * 20) results[index]?.samples.push(time);
        }
      }
      return results;
    } finally {
      await server.close();
    }
  } finally {
    await database.dispose();
  }
}

const ms = (n: number) => n.toFixed(3);

if (engines.length === 0) throw new Error("no engine to run (BENCH_ENGINES, BENCH_DATABASE_URL)");
if (!engines.some((engine) => engine.name === "PostgreSQL")) {
  progress("(set BENCH_DATABASE_URL or TEST_DATABASE_URL to also run on PostgreSQL)");
}
console.info("## Call cost benchmark results\n");
console.info(`Node ${process.version}, ${new Date().toISOString()}, ${calls} calls of each kind\n`);
for (const engine of engines) {
  const results = await runEngine(engine);
  const base = median(results[0]?.samples ?? []);
  console.info(`### ${engine.name}\n`);
  console.info("| call | median ms | p95 ms | median − /healthz ms |");
  console.info("| --- | --- | --- | --- |");
  for (const { label, samples } of results) {
    const mid = median(samples);
    console.info(`| ${label} | ${ms(mid)} | ${ms(percentile(samples, 95))} | ${ms(mid - base)} |`);
  }
  const sdk = median(results[1]?.samples ?? []) - base;
  console.info(
    `\n- target signed-in cheap read (user.current, SDK) at most 1.0 ms over /healthz: ${sdk <= 1 ? "met" : "MISSED"} (${ms(sdk)} ms)\n`,
  );
}
