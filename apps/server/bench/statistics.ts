// The statistics benchmark: one lender's book of 1,000 / 10,000 / 100,000 contracts in every
// state (bench/seed.ts), on the embedded default (PGlite) and on PostgreSQL; the 'me' dashboards
// (v1 /api/v1/contract/statistics, v2 /api/v2/contract/statistics) asked through the real API,
// the two read-model queries behind them on their own, and, for comparison, the whole book read
// and computed in memory as the server did before the read model (the reference the answers are
// checked against, once per book).
//
//   pnpm turbo run build --filter=@chayong/server...     (the workspace packages it imports)
//   pnpm --filter @chayong/server bench:statistics
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm --filter @chayong/server bench:statistics
//
// Settings as bench/list.ts (BENCH_SIZES, BENCH_RUNS, BENCH_WARMUPS, BENCH_DATABASE_URL,
// BENCH_ENGINES); tables to stdout (Markdown), progress to stderr.

import { isDeepStrictEqual } from "node:util";
import { statisticsWindowDays, todayIn } from "@chayong/domain";
import { eq, sql } from "drizzle-orm";
import { bookSumsOf, sumOverdueInstalments } from "../src/customers/book-days";
import { type Db, rowsOf } from "../src/db/database";
import { lenderOverdueDays } from "../src/db/schema";
import { startServer } from "../src/server";
import { createTestSmsProvider } from "../src/sms/sms-provider";
import { referenceStatisticsOf } from "../src/testing/statistics-reference";
import {
  benchConfig,
  count,
  type Engine,
  elapsed,
  engines,
  logInBenchLender,
  progress,
  roundRobin,
  runs,
  seed,
  sizes,
  warmups,
} from "./harness";

const timeZone = "Asia/Seoul";

interface BookRun {
  engine: Engine["name"];
  size: number;
  bookDayRows: number;
  overdueContracts: number;
  medians: Map<string, number>;
  referenceMs: number;
  matches: boolean;
}

async function runBook(engine: Engine, size: number): Promise<BookRun> {
  const database = engine.create();
  try {
    const { lenderId } = await seed(engine, database, size);
    const config = benchConfig(database);
    const sms = createTestSmsProvider();
    const server = await startServer({ config, sms });
    try {
      const db = server.context.db;
      const { api } = await logInBenchLender(server, config, sms);
      const now = new Date();
      const today = todayIn(timeZone, now);

      progress(`  checking the answers against the in-memory reference…`);
      const [v1, v2] = [await api.contract.statistics(), await api.contract.statisticsWindows()];
      let reference: Awaited<ReturnType<typeof referenceStatisticsOf>> | undefined;
      const referenceMs = await elapsed(async () => {
        reference = await referenceStatisticsOf(db, lenderId, timeZone, now);
      });
      const matches =
        reference !== undefined &&
        isDeepStrictEqual(v1, reference.statistics) &&
        isDeepStrictEqual(v2, reference.windows);
      if (!matches)
        progress(`  ${engine.name} ${count(size)}: the answers differ from the reference`);

      progress(`  measuring…`);
      const medians = await roundRobin([
        ["v1 API", () => api.contract.statistics()],
        ["v2 API", () => api.contract.statisticsWindows()],
        ["sums query", () => bookSumsOf(db, lenderId, today, statisticsWindowDays)],
        ["overdue query", () => sumOverdueInstalments(db, lenderId, today)],
        [
          // The first read of a day sums the overdue instalments and keeps the answer.
          "v1 API, first read of the day",
          async () => {
            await db.delete(lenderOverdueDays).where(eq(lenderOverdueDays.lenderId, lenderId));
            await api.contract.statistics();
          },
        ],
      ]);
      const { rows: bookDayRows } = await countRows(
        db,
        `select count(*)::int as n from lender_book_days where lender_id = '${lenderId}'`,
      );
      const { rows: overdueContracts } = await countRows(
        db,
        `select count(*)::int as n from contracts where lender_id = '${lenderId}' and phase = 'owing' and next_due_date < '${today}'::date`,
      );
      return {
        engine: engine.name,
        size,
        bookDayRows,
        overdueContracts,
        medians,
        referenceMs,
        matches,
      };
    } finally {
      await server.close();
    }
  } finally {
    await database.dispose();
  }
}

async function countRows(db: Db, query: string): Promise<{ rows: number }> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql.raw(query)));
  return { rows: Number(row?.n ?? 0) };
}

const ms = (n: number | undefined) => (n === undefined ? "-" : n.toFixed(2));
const times = (n: number) => `${n.toFixed(2)}×`;

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

const results: BookRun[] = [];
for (const engine of engines) {
  for (const size of sizes) {
    progress(`${engine.name}: book of ${count(size)}`);
    results.push(await runBook(engine, size));
  }
}

const out: string[] = [
  `Median of ${runs} rounds after ${warmups} warm-ups, each call once per round (ms). "First read of the day": v1 with the day's kept overdue figures deleted first (the sum over the overdue instalments; deleting them is in the time). "Sums query" and "overdue query" are the two read-model queries alone. "In memory" is the whole book read and computed by the domain once, as the server did before the read model.`,
  "",
];
for (const engine of engines) {
  const mine = results.filter((run) => run.engine === engine.name);
  const first = mine[0];
  if (first === undefined) continue;
  out.push(`**${engine.name}**`, "");
  out.push(
    table(
      [
        "book size",
        "v1 API",
        "v2 API",
        "v1, first read of the day",
        "sums query",
        "overdue query",
        "in memory",
        "v1 / v1 at smallest",
        "read-model rows",
        "overdue contracts",
        "answers = reference",
      ],
      mine.map((run) => [
        count(run.size),
        ms(run.medians.get("v1 API")),
        ms(run.medians.get("v2 API")),
        ms(run.medians.get("v1 API, first read of the day")),
        ms(run.medians.get("sums query")),
        ms(run.medians.get("overdue query")),
        ms(run.referenceMs),
        times((run.medians.get("v1 API") ?? 0) / (first.medians.get("v1 API") ?? 1)),
        count(run.bookDayRows),
        count(run.overdueContracts),
        run.matches ? "yes" : "**NO**",
      ]),
    ),
    "",
  );
  const last = mine.at(-1) ?? first;
  const scale = Math.max(
    (last.medians.get("v1 API") ?? 0) / (first.medians.get("v1 API") ?? 1),
    (last.medians.get("v2 API") ?? 0) / (first.medians.get("v2 API") ?? 1),
  );
  out.push(
    `- ${count(last.size)} within 2× of ${count(first.size)} (v1 and v2): ${scale <= 2 ? "met" : "MISSED"} (${times(scale)})`,
  );
  if (engine.name === "PostgreSQL") {
    const slowest = Math.max(last.medians.get("v1 API") ?? 0, last.medians.get("v2 API") ?? 0);
    out.push(
      `- under 50 ms at ${count(last.size)}: ${slowest < 50 ? "met" : "MISSED"} (${ms(slowest)} ms)`,
    );
  }
  out.push("");
}
process.stdout.write(`${out.join("\n")}\n`);
if (results.some((run) => !run.matches)) process.exitCode = 1;
