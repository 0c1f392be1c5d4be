import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/test-database";
import { type Database, openDatabase } from "./database";
import { migrate, readMigrations } from "./migrate";
import { contracts, ledgerEntries, users } from "./schema";

describe("migrations", () => {
  let testDb: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDb = createTestDatabase();
    const opened = await openDatabase(testDb.config, testDb.schemaName);
    if (!opened.ok) throw new Error("database is locked");
    database = opened.database;
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.dispose();
  });

  it("applies every committed migration once, and nothing on the next start", async () => {
    const all = readMigrations().map((m) => m.tag);
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(await migrate(database)).toEqual(all);
    expect(await migrate(database)).toEqual([]);
  });

  it("refuses a committed migration that was edited after it was applied", async () => {
    const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, hash: "edited" } : m));
    await expect(migrate(database, edited)).rejects.toThrow(/0000_initial was changed/);
  });

  it("keeps the ledger append-only and signed terms frozen, in the database itself", async () => {
    const { db } = database;
    const now = new Date();
    const userId = randomUUID();
    await db
      .insert(users)
      .values({ id: userId, phone: `+8210${Date.now() % 1e8}`, role: "lender", createdAt: now });
    const contractId = randomUUID();
    await db.insert(contracts).values({
      id: contractId,
      code: randomUUID(),
      lenderId: userId,
      borrowerPhone: "+821012345678",
      name: "c",
      instalment: false,
      jurisdiction: "KR",
      currency: "KRW",
      timeZone: "Asia/Seoul",
      terms: { loanAmount: 1 },
      createdAt: now,
    });
    await db.insert(ledgerEntries).values({
      id: randomUUID(),
      contractId,
      kind: "repayment",
      instalmentIndex: 1,
      amount: 100,
      date: "2026-01-01",
      actorId: userId,
      recordedAt: now,
    });
    await expect(db.execute(sql`update ledger_entries set amount = 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(db.execute(sql`delete from contracts`)).rejects.toThrow();

    // Before signing the terms may still change (e.g. nothing prevents a fix by the lender).
    await db.execute(sql`update contracts set terms = '{"loanAmount":2}' where id = ${contractId}`);
    await db.execute(sql`update contracts set signed_at = now() where id = ${contractId}`);
    await expect(
      db.execute(sql`update contracts set terms = '{"loanAmount":3}' where id = ${contractId}`),
    ).rejects.toThrow();
    // Marking a renewal is still allowed after signing.
    await db.execute(sql`update contracts set renewal = true where id = ${contractId}`);
  });
});
