import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../testing/test-database";
import { type Database, rowsOf } from "./database";
import { migrate, readMigrations } from "./migrate";
import { contracts, ledgerEntries, moneyOperations, users } from "./schema";

describe("migrations", () => {
  let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    database = testDb.database;
  });
  afterAll(async () => {
    await testDb?.close();
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
      number: "C-2026-000001",
      lenderId: userId,
      borrowerPhone: "+821012345678",
      name: "c",
      instalment: false,
      jurisdiction: "KR",
      currency: "KRW",
      timeZone: "Asia/Seoul",
      terms: { loanAmount: 1 },
      createdAt: now,
      linkExpiresAt: now,
    });
    const operationId = randomUUID();
    await db.insert(moneyOperations).values({
      id: operationId,
      contractId,
      actorId: userId,
      idempotencyKey: "k".repeat(16),
      kind: "repay",
      requestSha256: "0".repeat(64),
      answer: {},
      recordedAt: now,
    });
    await db.insert(ledgerEntries).values({
      id: randomUUID(),
      contractId,
      seq: 1,
      kind: "repayment",
      instalmentIndex: 1,
      amount: 100,
      date: "2026-01-01",
      operationId,
      actorId: userId,
      recordedAt: now,
    });
    await expect(db.execute(sql`update ledger_entries set amount = 1`)).rejects.toThrow();
    // What an operation answered under its key stays as it was.
    await expect(db.execute(sql`update money_operations set answer = '{}'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from money_operations`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(db.execute(sql`delete from contracts`)).rejects.toThrow();

    // Before signing the terms may still change (e.g. nothing prevents a fix by the lender).
    await db.execute(sql`update contracts set terms = '{"loanAmount":2}' where id = ${contractId}`);
    await db.execute(sql`update contracts set signed_at = now() where id = ${contractId}`);
    await expect(
      db.execute(sql`update contracts set terms = '{"loanAmount":3}' where id = ${contractId}`),
    ).rejects.toThrow();
    // The contract number is printed on the signed document: frozen too.
    await expect(
      db.execute(sql`update contracts set number = 'C-2026-000002' where id = ${contractId}`),
    ).rejects.toThrow();
    // Marking a renewal is still allowed after signing.
    await db.execute(sql`update contracts set renewal = true where id = ${contractId}`);
  });
});

describe("migration 0002 (the money read model)", () => {
  let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    database = testDb.database;
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it("gives the contracts made before it their read model: each instalment as scheduled", async () => {
    const [before, after] = [readMigrations().slice(0, 2), readMigrations()];
    await migrate(database, before);
    const { db } = database;
    await db.execute(
      sql`insert into users (id, phone, role, created_at) values ('u1', '+821000000001', 'lender', now())`,
    );
    const terms = {
      loanDate: "2026-01-01",
      schedule: [
        { index: 1, dueDate: "2026-02-01", amount: 400 },
        { index: 2, dueDate: "2026-03-01", amount: 600 },
      ],
    };
    for (const [id, signed] of [
      ["c1", true],
      ["c2", false],
    ] as const) {
      await db.execute(sql`insert into contracts (id, code, lender_id, borrower_phone, name, instalment,
        jurisdiction, currency, time_zone, terms, created_at, signed_at)
        values (${id}, ${id}, 'u1', '+821011112222', 'c', true, 'KR', 'KRW', 'Asia/Seoul',
        ${JSON.stringify(terms)}::jsonb, now(), ${signed ? sql`now()` : null})`);
    }
    expect(await migrate(database, after)).toEqual(after.slice(2).map((m) => m.tag));
    const rows = rowsOf<{
      contract_id: string;
      instalment_index: number;
      principal_outstanding: string;
    }>(
      await db.execute(
        sql`select contract_id, instalment_index, principal_outstanding from contract_instalments order by 1, 2`,
      ),
    );
    expect(
      rows.map((r) => [r.contract_id, r.instalment_index, Number(r.principal_outstanding)]),
    ).toEqual([
      ["c1", 1, 400],
      ["c1", 2, 600],
      ["c2", 1, 400],
      ["c2", 2, 600],
    ]);
    const phases = rowsOf<{ id: string; phase: string; next_due_date: unknown }>(
      await db.execute(sql`select id, phase, next_due_date::text from contracts order by id`),
    );
    expect(phases).toEqual([
      { id: "c1", phase: "owing", next_due_date: "2026-02-01" },
      { id: "c2", phase: "type1", next_due_date: "2026-02-01" },
    ]);
  });

  it("refuses to run over ledger entries it cannot turn into a read model", async () => {
    const other = await openTestDatabase();
    try {
      const { db } = other.database;
      await migrate(other.database, readMigrations().slice(0, 2));
      await db.execute(
        sql`insert into users (id, phone, role, created_at) values ('u1', '+821000000001', 'lender', now())`,
      );
      await db.execute(sql`insert into contracts (id, code, lender_id, borrower_phone, name,
        instalment, jurisdiction, currency, time_zone, terms, created_at)
        values ('c1', 'k1', 'u1', '+821011112222', 'c', false, 'KR', 'KRW', 'Asia/Seoul', '{}', now())`);
      await db.execute(sql`insert into ledger_entries (id, contract_id, kind, instalment_index,
        amount, date, actor_id, recorded_at) values ('e1', 'c1', 'waiver', 1, 5, '2026-01-01', 'u1', now())`);
      await expect(migrate(other.database)).rejects.toThrow(/ledger entries exist/);
    } finally {
      await other.close();
    }
  });
});

describe("migration 0008 (contract numbers)", () => {
  it("numbers the contracts made before it per lender and year, in the order they were made", async () => {
    const testDb = await openTestDatabase();
    try {
      const all = readMigrations();
      const before = all.slice(
        0,
        all.findIndex((m) => m.tag === "0008_contract_number"),
      );
      await migrate(testDb.database, before);
      const { db } = testDb.database;
      await db.execute(sql`insert into users (id, phone, role, created_at) values
        ('u1', '+821000000001', 'lender', now()), ('u2', '+821000000002', 'lender', now())`);
      // u1: two in 2025 (one made at 23:30 UTC on 31 December 2025, already 2026 in Seoul) and
      // one in 2026; u2: one in 2026. Inserted out of order: the creation time decides.
      for (const [id, lender, createdAt] of [
        ["c3", "u1", "2026-03-01T00:00:00Z"],
        ["c1", "u1", "2025-05-01T00:00:00Z"],
        ["c2", "u1", "2025-12-31T23:30:00Z"],
        ["c4", "u1", "2025-06-01T00:00:00Z"],
        ["c5", "u2", "2026-01-02T00:00:00Z"],
      ] as const) {
        await db.execute(sql`insert into contracts (id, code, lender_id, borrower_phone, name,
          instalment, jurisdiction, currency, time_zone, terms, created_at)
          values (${id}, ${id}, ${lender}, '+821011112222', 'c', false, 'KR', 'KRW', 'Asia/Seoul',
          '{}', ${createdAt})`);
      }
      await migrate(testDb.database);
      const numbers = rowsOf<{ id: string; number: string }>(
        await db.execute(sql`select id, number from contracts order by id`),
      );
      expect(numbers).toEqual([
        { id: "c1", number: "C-2025-000001" },
        { id: "c2", number: "C-2026-000001" },
        { id: "c3", number: "C-2026-000002" },
        { id: "c4", number: "C-2025-000002" },
        { id: "c5", number: "C-2026-000001" },
      ]);
      const counters = rowsOf<{ lender_id: string; year: number; last_number: number }>(
        await db.execute(
          sql`select lender_id, year, last_number from contract_number_counters order by 1, 2`,
        ),
      );
      expect(counters).toEqual([
        { lender_id: "u1", year: 2025, last_number: 2 },
        { lender_id: "u1", year: 2026, last_number: 2 },
        { lender_id: "u2", year: 2026, last_number: 1 },
      ]);
      // One lender cannot hold one number twice.
      await expect(
        db.execute(sql`update contracts set number = 'C-2025-000001' where id = 'c4'`),
      ).rejects.toThrow();
    } finally {
      await testDb.close();
    }
    // A database of its own, migrated twice: slow on a busy machine.
  }, 120_000);
});

describe("migration 0010 (the repayment's kind)", () => {
  it("rewrites 'update' to 'repay', keeps money operations append-only, and leaves audit rows as written", async () => {
    const testDb = await openTestDatabase();
    try {
      const all = readMigrations();
      await migrate(
        testDb.database,
        all.slice(
          0,
          all.findIndex((m) => m.tag === "0010_repayment_kind"),
        ),
      );
      const { db } = testDb.database;
      await db.execute(
        sql`insert into users (id, phone, role, created_at) values ('u1', '+821000000001', 'lender', now())`,
      );
      await db.execute(sql`insert into contracts (id, code, number, lender_id, borrower_phone, name,
        instalment, jurisdiction, currency, time_zone, terms, created_at)
        values ('c1', 'k1', 'C-2026-000001', 'u1', '+821011112222', 'c', false, 'KR', 'KRW',
        'Asia/Seoul', '{}', now())`);
      for (const [id, kind] of [
        ["op1", "update"],
        ["op2", "renew"],
      ] as const) {
        await db.execute(sql`insert into money_operations (id, contract_id, actor_id,
          idempotency_key, kind, request_sha256, answer, recorded_at)
          values (${id}, 'c1', 'u1', ${`key-of-${id}-0123456789`}, ${kind}, ${"0".repeat(64)},
          '{}', now())`);
      }
      await db.execute(sql`insert into audit_events (at, actor_id, actor_role, action,
        subject_type, subject_id, details)
        values (now(), 'u1', 'lender', 'contract.update', 'contract', 'c1', '{}')`);

      await migrate(testDb.database);
      const kinds = rowsOf<{ id: string; kind: string }>(
        await db.execute(sql`select id, kind from money_operations order by id`),
      );
      expect(kinds).toEqual([
        { id: "op1", kind: "repay" },
        { id: "op2", kind: "renew" },
      ]);
      // The old word is refused from now on, and the table's guard is back in place.
      await expect(
        db.execute(sql`insert into money_operations (id, contract_id, actor_id, idempotency_key,
          kind, request_sha256, answer, recorded_at)
          values ('op3', 'c1', 'u1', 'key-of-op3-0123456789', 'update', '', '{}', now())`),
      ).rejects.toThrow();
      await expect(
        db.execute(sql`update money_operations set kind = 'renew' where id = 'op1'`),
      ).rejects.toThrow();
      // Audit rows are never rewritten; the reader knows the old name (audit-events.ts).
      const actions = rowsOf<{ action: string }>(
        await db.execute(sql`select action from audit_events`),
      );
      expect(actions).toEqual([{ action: "contract.update" }]);
    } finally {
      await testDb.close();
    }
  }, 120_000);
});
