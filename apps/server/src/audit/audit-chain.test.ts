import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, rowsOf } from "../db/database";
import { migrate, readMigrations } from "../db/migrate";
import { auditEvents } from "../db/schema";
import { runOperatorCommand } from "../operator/commands";
import { createTestDatabase, operatorEnvFor, type TestDatabase } from "../testing/test-database";
import { recordAudit } from "./audit";
import {
  auditContentSql,
  chainGenesis,
  chainHash,
  readChainHead,
  verifyAuditChain,
} from "./audit-chain";

const at = new Date("2026-03-02T05:00:00.123000Z");
const lender = { userId: "lender-1", role: "lender" as const };

/** Opens the database, migrated (a fresh PostgreSQL schema is empty; PGlite's copy is not). */
async function open(testDb: TestDatabase): Promise<Database> {
  const opened = await openDatabase(testDb.config, testDb.schemaName);
  if (!opened.ok) throw new Error("the test database is locked");
  await migrate(opened.database);
  return opened.database;
}

/** An edit an administrator could make with the append-only guard turned off. */
async function unguarded(database: Database, statement: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw("alter table audit_events disable trigger user"));
    await tx.execute(sql.raw(statement));
    await tx.execute(sql.raw("alter table audit_events enable trigger user"));
  });
}

async function writeSome(database: Database, count: number, subject = "contract-1") {
  for (let index = 0; index < count; index += 1) {
    await recordAudit(database.db, {
      actor: lender,
      action: "contract.view",
      subjectId: subject,
      ip: "10.0.0.1",
      device: "Mozilla/5.0 (iPhone) 'quoted' \\ back",
      at: new Date(at.getTime() + index),
    });
  }
}

describe("the audit chain", { timeout: 120_000 }, () => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    for (const testDb of opened) await testDb.dispose();
  });

  it("chains every row as it is written; the check recomputes each hash and finds them whole", async () => {
    const testDb = createTestDatabase({ migrated: true });
    opened.push(testDb);
    const database = await open(testDb);
    try {
      await writeSome(database, 3);
      await recordAudit(database.db, {
        actor: lender,
        action: "contract.cancel",
        subjectId: '계약-1 "합의" 契約',
        ip: null,
        at,
        details: { status: "type2" },
      });
      const rows = await database.db.select().from(auditEvents).orderBy(auditEvents.chainSeq);
      expect(rows.map((row) => row.chainSeq)).toEqual([1, 2, 3, 4]);
      expect(rows[0]?.prevHash).toBe(chainGenesis);
      for (const [index, row] of rows.entries()) {
        if (index > 0) expect(row.prevHash).toBe(rows[index - 1]?.hash);
      }
      // The check's own copy of the content agrees with the database's function.
      const [content] = rowsOf<{ content: string }>(
        await database.db.execute(
          sql`select chayong_audit_content(e) as content from audit_events e where chain_seq = 4`,
        ),
      );
      expect(chainHash(rows[2]?.hash as string, content?.content as string)).toBe(rows[3]?.hash);
      expect(content?.content).toContain('"2026-03-02T05:00:00.123000Z"');

      // ...for every row, whatever its values (quotes, backslashes, Korean, nulls, JSON).
      const agreement = rowsOf<{ same: boolean }>(
        await database.db.execute(
          sql`select (${auditContentSql}) = chayong_audit_content(audit_events) as same from audit_events`,
        ),
      );
      expect(agreement.map((row) => row.same)).toEqual([true, true, true, true]);

      const check = await verifyAuditChain(database.db, 2);
      expect(check).toEqual({
        ok: true,
        rows: 4,
        head: { seq: 4, hash: rows[3]?.hash },
        printedHeads: 0,
      });
      expect(await readChainHead(database.db)).toEqual({ seq: 4, hash: rows[3]?.hash });
    } finally {
      await database.close();
    }
  });

  it("keeps one chain when twenty transactions write at once, and none when they roll back", async () => {
    const testDb = createTestDatabase({ migrated: true });
    opened.push(testDb);
    const database = await open(testDb);
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, writer) =>
          database.db.transaction(async (tx) => {
            await recordAudit(tx, {
              actor: lender,
              action: "contract.view",
              subjectId: `contract-${writer}`,
              ip: null,
              at,
            });
            await tx.execute(sql`select pg_sleep(0.01)`);
            await recordAudit(tx, {
              actor: lender,
              action: "contract.detail",
              subjectId: `contract-${writer}`,
              ip: null,
              at,
            });
          }),
        ),
      );
      await database.db
        .transaction(async (tx) => {
          await recordAudit(tx, {
            actor: lender,
            action: "contract.view",
            subjectId: "x",
            ip: null,
            at,
          });
          throw new Error("rolled back");
        })
        .catch(() => undefined);
      await writeSome(database, 1);
      expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, rows: 41 });
    } finally {
      await database.close();
    }
  });

  it("chains the rows written before the chain existed, in the order they were written", async () => {
    const testDb = createTestDatabase();
    opened.push(testDb);
    const connected = await openDatabase(testDb.config, testDb.schemaName);
    if (!connected.ok) throw new Error("the test database is locked");
    const database = connected.database;
    try {
      const migrations = readMigrations();
      const before = migrations.findIndex((migration) => migration.tag.startsWith("0014_"));
      await migrate(database, migrations.slice(0, before));
      for (const subject of ["a", "b", "c"]) {
        await database.db.execute(
          sql`insert into audit_events (at, action, subject_type, subject_id, details) values (${at.toISOString()}, 'contract.view', 'contract', ${subject}, '{"n": [1, "둘"]}')`,
        );
      }
      await migrate(database, migrations);
      const rows = await database.db.select().from(auditEvents).orderBy(auditEvents.id);
      expect(rows.map((row) => [row.subjectId, row.chainSeq])).toEqual([
        ["a", 1],
        ["b", 2],
        ["c", 3],
      ]);
      await writeSome(database, 1);
      expect(await verifyAuditChain(database.db)).toMatchObject({ ok: true, rows: 4 });
    } finally {
      await database.close();
    }
  });

  it("audit:verify names the first row changed or removed", async () => {
    const testDb = createTestDatabase({ migrated: true });
    opened.push(testDb);
    const env = operatorEnvFor(testDb);
    let database = await open(testDb);
    await writeSome(database, 5);
    const ids = (await database.db.select().from(auditEvents).orderBy(auditEvents.chainSeq)).map(
      (row) => row.id,
    );
    await database.close();

    const whole = await runOperatorCommand(["audit:verify"], env);
    expect(whole.exitCode).toBe(0);
    expect(whole.output).toMatch(
      /^The audit chain holds: 5 rows, head 5 [0-9a-f]{64}; 0 heads printed in sealed PDFs and statements agree\. \(\d+\.\d s\)$/,
    );

    const brokenBy = async (statement: string) => {
      database = await open(testDb);
      await unguarded(database, statement);
      await database.close();
      return runOperatorCommand(["audit:verify"], env);
    };

    // An edit of one field of the third row.
    const edited = await brokenBy(`update audit_events set ip = '10.9.9.9' where id = ${ids[2]}`);
    expect(edited.exitCode).toBe(1);
    expect(edited.output).toContain(`broken at row id ${ids[2]} (number 3)`);
    expect(edited.output).toContain("the row was changed");
    await brokenBy(`update audit_events set ip = '10.0.0.1' where id = ${ids[2]}`);

    // An edit that recomputed the row's own hash still breaks the next row's link.
    const rehashed = await brokenBy(
      `update audit_events e set ip = '10.9.9.9', hash = encode(sha256(convert_to(e.prev_hash || E'\\n' || chayong_audit_content(e), 'UTF8')), 'hex') where id = ${ids[2]}`,
    );
    expect(rehashed.exitCode).toBe(1);
    // The update recomputed from the old ip (the row as read); either way row 3 no longer holds.
    expect(rehashed.output).toMatch(new RegExp(`broken at row id (${ids[2]}|${ids[3]})`));

    const database2 = createTestDatabase({ migrated: true });
    opened.push(database2);
    const env2 = operatorEnvFor(database2);
    database = await open(database2);
    await writeSome(database, 4);
    const ids2 = (await database.db.select().from(auditEvents).orderBy(auditEvents.chainSeq)).map(
      (row) => row.id,
    );
    await unguarded(database, `delete from audit_events where id = ${ids2[1]}`);
    await database.close();
    const removed = await runOperatorCommand(["audit:verify"], env2);
    expect(removed.exitCode).toBe(1);
    expect(removed.output).toContain(`broken at row id ${ids2[2]} (number 3)`);
    expect(removed.output).toContain("was removed");
  });

  it("finds a row slipped in at the end, and rows removed from the end", async () => {
    const testDb = createTestDatabase({ migrated: true });
    opened.push(testDb);
    const database = await open(testDb);
    try {
      await writeSome(database, 3);
      const head = await readChainHead(database.db);
      await database.db.execute(sql.raw("alter table audit_events disable trigger user"));
      await database.db.execute(
        sql`insert into audit_events (at, action, subject_type, chain_seq, prev_hash, hash) values (${at.toISOString()}, 'contract.view', 'contract', 4, ${head.hash}, ${chainGenesis})`,
      );
      const [slipped] = rowsOf<{ id: string }>(
        await database.db.execute(sql`select id from audit_events where chain_seq = 4`),
      );
      expect(await verifyAuditChain(database.db)).toMatchObject({
        ok: false,
        rowId: Number(slipped?.id),
        reason: "beyondHead",
      });
      await database.db.execute(sql`delete from audit_events where chain_seq >= 3`);
      await database.db.execute(sql.raw("alter table audit_events enable trigger user"));
      expect(await verifyAuditChain(database.db)).toMatchObject({
        ok: false,
        rows: 2,
        rowId: null,
        reason: "headMismatch",
      });
    } finally {
      await database.close();
    }
  });
});
