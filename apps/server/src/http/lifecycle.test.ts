import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, rowsOf } from "../db/database";
import { startTestServer, type TestServer } from "../testing/test-server";
import { checkReadiness } from "./readiness";

describe("readiness (/readyz) and liveness (/healthz)", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(async () => {
    await ts?.close();
  });
  const readyz = async () => {
    const answer = await fetch(`${ts.url}/readyz`);
    return { status: answer.status, body: await answer.json() };
  };

  it("is ready when the database answers with every migration applied", async () => {
    expect(await readyz()).toEqual({ status: 200, body: { ok: true } });
    expect((await fetch(`${ts.url}/healthz`)).status).toBe(200);
  });

  it("is not ready while a migration of the folder is missing, nor while stopping", async () => {
    const db = ts.server.context.db;
    const [last] = rowsOf<{ tag: string; hash: string }>(
      await db.execute(sql`select tag, hash from chayong_migrations order by tag desc limit 1`),
    );
    if (last === undefined) throw new Error("no migration applied");
    await db.execute(sql`delete from chayong_migrations where tag = ${last.tag}`);
    try {
      const notReady = await readyz();
      expect(notReady).toEqual({
        status: 503,
        body: { ok: false, reason: `migrations not applied: ${last.tag}` },
      });
      // Alive all the same: a restart would not help.
      expect((await fetch(`${ts.url}/healthz`)).status).toBe(200);
    } finally {
      await db.execute(
        sql`insert into chayong_migrations (tag, hash) values (${last.tag}, ${last.hash})`,
      );
    }
    expect((await readyz()).status).toBe(200);

    ts.server.context.lifecycle.draining = true;
    try {
      expect(await readyz()).toEqual({ status: 503, body: { ok: false, reason: "stopping" } });
    } finally {
      ts.server.context.lifecycle.draining = false;
    }
  });

  it("is not ready when the database does not answer", async () => {
    const failing = {
      db: { execute: () => Promise.reject(new Error("connection refused")) },
    } as unknown as Database;
    expect(await checkReadiness(failing, ["0000_init"])).toEqual({
      ok: false,
      reason: "the database does not answer",
    });
  });
});

describe("graceful shutdown", () => {
  it("finishes a call in flight, then closes the database, and takes no new connections", async () => {
    const ts = await startTestServer();
    try {
      const delayed = await fetch(`${ts.url}/__test/delay`, {
        method: "POST",
        body: JSON.stringify({ path: "/api/v1/config", ms: 1_500 }),
      });
      expect(delayed.status).toBe(200);
      const databaseClose = vi.spyOn(ts.server.context.database, "close");
      const delayLookups = vi.spyOn(ts.server.context.answerDelays, "get");
      let answered = false;
      const inFlight = ts
        .client()
        .api.config.service({ configKey: "line" })
        .finally(() => {
          answered = true;
        });
      // Wait until the call is inside the server, waiting out its 1.5 s (a fixed sleep is too
      // short on a loaded CI machine, and a call not yet accepted would be refused, not drained).
      await vi.waitFor(() => expect(delayLookups).toHaveBeenCalledWith("/api/v1/config"), {
        timeout: 10_000,
      });
      const closing = ts.server.close();
      await sleep(100);
      // Stopping, yet the call is still running and the database still open for it.
      expect([answered, databaseClose.mock.calls.length]).toEqual([false, 0]);
      await expect(inFlight).resolves.toBeDefined();
      await closing;
      expect(databaseClose).toHaveBeenCalledOnce();
      expect(ts.server.context.lifecycle.draining).toBe(true);
      await expect(ts.server.context.db.execute(sql`select 1`)).rejects.toThrow();
      await expect(fetch(`${ts.url}/healthz`)).rejects.toThrow();
    } finally {
      await ts.close();
    }
  });
});
