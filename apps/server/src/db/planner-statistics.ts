import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { type Database, quoteIdentifier, rowsOf } from "./database";

/** The tables whose row counts and value spreads decide the plans of the lists. */
export const plannedTables = [
  "contracts",
  "contract_instalments",
  "ledger_entries",
  "lender_book_days",
] as const;

export interface StatisticsOptions {
  /** Re-analyze a table when its row count moved by more than this share since the last time. */
  changeRatio?: number;
  /** ...and by at least this many rows (small tables need no fresh statistics). */
  minimumChange?: number;
}

/**
 * Runs ANALYZE on each planned table that was never analyzed or whose row count moved by more
 * than `changeRatio` (and `minimumChange` rows) since it was; answers the tables analyzed.
 * `reltuples` is the row count the last ANALYZE saw (-1 or 0 before any).
 */
export async function refreshPlannerStatistics(
  database: Database,
  { changeRatio = 0.1, minimumChange = 500 }: StatisticsOptions = {},
): Promise<string[]> {
  const analyzed: string[] = [];
  for (const table of plannedTables) {
    const [row] = rowsOf<{ seen: number | string; now: number | string }>(
      await database.db.execute(sql`
        select c.reltuples as seen, (select count(*) from ${sql.raw(quoteIdentifier(table))}) as now
        from pg_class c
        where c.oid = to_regclass(${`${quoteIdentifier(database.schemaName)}.${quoteIdentifier(table)}`})`),
    );
    if (row === undefined) continue;
    const seen = Number(row.seen);
    const now = Number(row.now);
    const never = seen < 0 || (seen === 0 && now > 0);
    const moved = Math.abs(now - seen) > Math.max(minimumChange, seen * changeRatio);
    if (!never && !moved) continue;
    await database.db.execute(sql.raw(`analyze ${quoteIdentifier(table)}`));
    analyzed.push(table);
  }
  return analyzed;
}

export interface StatisticsKeeper {
  stop(): void;
}

/** How often the embedded database's tables are checked for stale statistics. */
export const statisticsCheckIntervalMs = 10 * 60 * 1000;

/**
 * PostgreSQL's autovacuum keeps the planner's statistics fresh; the embedded PGlite has none.
 * Without statistics the planner guesses, and at 100,000 contracts the overdue page read every
 * owing contract and sorted them (105 ms a page, 14 ms with statistics: apps/server/README.md). So the embedded
 * default analyzes its list tables at start when they need it and checks every 10 minutes after.
 * ANALYZE samples at most 30,000 rows a table, so it costs about a second at any book size.
 */
export async function keepPlannerStatistics(
  database: Database,
  logger: Logger,
  intervalMs = statisticsCheckIntervalMs,
): Promise<StatisticsKeeper> {
  const refresh = async () => {
    const started = performance.now();
    const analyzed = await refreshPlannerStatistics(database);
    if (analyzed.length > 0) {
      logger.info(
        { tables: analyzed, ms: Math.round(performance.now() - started) },
        "planner statistics refreshed",
      );
    }
  };
  await refresh();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    refresh()
      .catch((error: unknown) => logger.warn({ err: error }, "planner statistics not refreshed"))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
