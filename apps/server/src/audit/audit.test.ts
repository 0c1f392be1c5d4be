import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { auditEvents } from "../db/schema";
import { openTestDatabase } from "../testing/test-database";
import { readAuditEvents, recordAudit } from "./audit";

describe("the audit log: recorded by action, read back checked", () => {
  let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  const at = new Date("2026-03-02T05:00:00Z");
  const lender = { userId: "lender-1", role: "lender" as const };

  beforeAll(async () => {
    testDb = await openTestDatabase();
    database = testDb.database;
    await migrate(database);
  });
  afterAll(async () => {
    await testDb?.close();
  });

  it("stores the action's subject and details, and reads them back typed", async () => {
    const { db } = database;
    await recordAudit(db, {
      actor: lender,
      action: "contract.cancel",
      subjectId: "contract-1",
      ip: "127.0.0.1",
      at,
      details: { status: "type2" },
    });
    await recordAudit(db, {
      actor: lender,
      action: "contract.view",
      subjectId: "contract-1",
      ip: null,
      at,
    });

    const [row] = await db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.action} = 'contract.cancel'`);
    expect(row).toMatchObject({ subjectType: "contract", details: { status: "type2" } });

    const events = await readAuditEvents(db, { subjectType: "contract", subjectId: "contract-1" });
    expect(events.map(({ action, details }) => [action, details])).toEqual([
      ["contract.cancel", { status: "type2" }],
      ["contract.view", {}],
    ]);
    const [cancelled] = await readAuditEvents(db, { action: "contract.cancel" });
    expect(cancelled?.details.status).toBe("type2");
    expect(cancelled?.actor).toEqual({ userId: "lender-1", role: "lender", apiKeyId: null });
  });

  it("reads a signature recorded before the signer's identity was kept as identity null", async () => {
    const { db } = database;
    await db.insert(auditEvents).values({
      at,
      actorId: "borrower-1",
      actorRole: "borrower",
      action: "contract.sign",
      subjectType: "contract",
      subjectId: "contract-old",
      details: { termsSha256: "ab".repeat(32), signatureBytes: 2048 },
    });
    const [signed] = await readAuditEvents(db, {
      action: "contract.sign",
      subjectId: "contract-old",
    });
    expect(signed?.details).toEqual({
      termsSha256: "ab".repeat(32),
      signatureBytes: 2048,
      identity: null,
    });
  });

  it("reads a repayment audited under its former name, contract.update, as contract.repay", async () => {
    const { db } = database;
    const details = {
      operationId: "op-old",
      entries: [
        {
          id: "e1",
          kind: "repayment" as const,
          instalmentIndex: 1,
          amount: 1000,
          date: "2026-03-01",
        },
      ],
    };
    await db.insert(auditEvents).values({
      at,
      actorId: "lender-1",
      actorRole: "lender",
      action: "contract.update",
      subjectType: "contract",
      subjectId: "contract-repaid",
      details,
    });
    await recordAudit(db, {
      actor: lender,
      action: "contract.repay",
      subjectId: "contract-repaid",
      ip: null,
      at: new Date(at.getTime() + 1000),
      details: { ...details, operationId: "op-new" },
    });
    const repaid = await readAuditEvents(db, {
      action: "contract.repay",
      subjectId: "contract-repaid",
    });
    expect(repaid.map((event) => [event.action, event.details.operationId])).toEqual([
      ["contract.repay", "op-old"],
      ["contract.repay", "op-new"],
    ]);
    // The row itself is kept as it was written.
    const [kept] = await db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.details}->>'operationId' = 'op-old'`);
    expect(kept?.action).toBe("contract.update");
  });

  it("refuses to guess: a row whose details break its action's schema, or an unknown action, throws", async () => {
    const { db } = database;
    await db.insert(auditEvents).values({
      at,
      actorId: null,
      actorRole: null,
      action: "contract.sign",
      subjectType: "contract",
      subjectId: "contract-bad",
      details: { termsSha256: 42 },
    });
    await expect(readAuditEvents(db, { subjectId: "contract-bad" })).rejects.toThrow(
      /contract\.sign.*termsSha256/,
    );
    await db.insert(auditEvents).values({
      at,
      actorId: null,
      actorRole: null,
      action: "contract.teleport",
      subjectType: "contract",
      subjectId: "contract-odd",
      details: {},
    });
    await expect(readAuditEvents(db, { subjectId: "contract-odd" })).rejects.toThrow(
      /unknown action "contract\.teleport"/,
    );
  });
});
