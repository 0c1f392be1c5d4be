import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-database";
import { type Database, rowsOf } from "./database";
import { migrate } from "./migrate";
import { refreshPlannerStatistics } from "./planner-statistics";

describe("planner statistics of the embedded database", () => {
  let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    database = testDb.database;
    await migrate(database);
  });
  afterAll(async () => {
    await testDb?.close();
  });

  const statisticsOf = async (table: string) =>
    rowsOf<{ count: number | string }>(
      await database.db.execute(
        sql`select count(*) from pg_stats where schemaname = ${testDb.schemaName} and tablename = ${table}`,
      ),
    )[0]?.count;

  it("analyzes tables never analyzed, then only those whose row count moved enough", async () => {
    const { db } = database;
    await db.execute(
      sql`insert into users (id, phone, role, created_at) values ('u1', '+821000000001', 'lender', now())`,
    );
    await db.execute(sql`insert into contracts (id, code, number, lender_id, borrower_phone, name,
      instalment, jurisdiction, currency, time_zone, terms, created_at, link_expires_at)
      select 'c' || i, 'k' || i, 'C-2026-' || i, 'u1', '+821011112222', 'c', false, 'KR', 'KRW',
        'Asia/Seoul', '{}'::jsonb, now(), now() from generate_series(1, 600) i`);
    expect(await refreshPlannerStatistics(database)).toContain("contracts");
    expect(Number(await statisticsOf("contracts"))).toBeGreaterThan(0);
    // Nothing changed: nothing to do.
    expect(await refreshPlannerStatistics(database)).toEqual([]);
    // 600 more rows is a 100% change (above 10% and 500 rows): analyzed again.
    await db.execute(sql`insert into contracts (id, code, number, lender_id, borrower_phone, name,
      instalment, jurisdiction, currency, time_zone, terms, created_at, link_expires_at)
      select ${randomUUID()} || i, ${randomUUID()} || i, 'C-2027-' || i, 'u1', '+821011112222', 'c',
        false, 'KR', 'KRW', 'Asia/Seoul', '{}'::jsonb, now(), now() from generate_series(1, 600) i`);
    expect(await refreshPlannerStatistics(database)).toEqual(["contracts"]);
  });
});
