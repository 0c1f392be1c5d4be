import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "../calls/caller";
import { publishInvalidation } from "../db/invalidations";
import { sessions } from "../db/schema";
import { refusal } from "../testing/refusal";
import { startTestServer, type TestServer } from "../testing/test-server";
import { SessionCache, sessionTag, userTag } from "./session-cache";

const caller = (n: number): Caller => ({
  userId: `user-${n}`,
  sessionId: `session-${n}`,
  apiKey: null,
  phone: `+8210000000${n}`,
  role: "borrower",
  lender: null,
});
const at = (ms: number) => new Date(Date.UTC(2026, 2, 2) + ms);
const far = at(30 * 24 * 60 * 60 * 1000);

describe("the session cache (README 'How a call is handled', step 2)", () => {
  function liveCache(ttlMs = 30_000, maxEntries = 10) {
    const cache = new SessionCache(ttlMs, maxEntries);
    cache.setLive(true);
    return cache;
  }

  it("answers a kept caller until its time-to-live or the session's end, whichever is first", () => {
    const cache = liveCache();
    cache.set("a", caller(1), far, at(0), cache.begin());
    cache.set("b", caller(2), at(10_000), at(0), cache.begin());
    expect(cache.get("a", at(29_999))).toEqual(caller(1));
    expect(cache.get("a", at(30_000))).toBeUndefined();
    expect(cache.get("b", at(9_999))).toEqual(caller(2));
    expect(cache.get("b", at(10_000))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps at most its bound, dropping the least recently used", () => {
    const cache = liveCache(30_000, 3);
    for (const n of [1, 2, 3]) cache.set(`t${n}`, caller(n), far, at(0), cache.begin());
    expect(cache.get("t1", at(1))).toBeDefined(); // t2 is now the least recently used
    cache.set("t4", caller(4), far, at(2), cache.begin());
    expect(cache.size).toBe(3);
    expect(cache.get("t2", at(3))).toBeUndefined();
    expect(["t1", "t3", "t4"].map((key) => cache.get(key, at(3))?.userId)).toEqual([
      "user-1",
      "user-3",
      "user-4",
    ]);
  });

  it("drops the callers of an invalidated session or user, and only those", () => {
    const cache = liveCache();
    for (const n of [1, 2, 3]) cache.set(`t${n}`, caller(n), far, at(0), cache.begin());
    cache.invalidate([sessionTag("session-1"), userTag("user-3")]);
    expect(["t1", "t2", "t3"].map((key) => cache.get(key, at(1))?.userId)).toEqual([
      undefined,
      "user-2",
      undefined,
    ]);
  });

  it("does not keep a load that an invalidation overtook (it may have read the row before the change)", () => {
    const cache = liveCache();
    const epoch = cache.begin();
    cache.invalidate([sessionTag("session-9")]);
    cache.set("t1", caller(1), far, at(0), epoch);
    expect(cache.get("t1", at(1))).toBeUndefined();
  });

  it("answers nothing from memory while invalidations may not reach it, and forgets what it kept", () => {
    const cache = new SessionCache();
    // Not listening yet: nothing is kept.
    cache.set("t1", caller(1), far, at(0), cache.begin());
    expect(cache.get("t1", at(1))).toBeUndefined();
    cache.setLive(true);
    cache.set("t1", caller(1), far, at(0), cache.begin());
    expect(cache.get("t1", at(1))).toBeDefined();
    const loading = cache.begin();
    cache.setLive(false);
    expect(cache.get("t1", at(1))).toBeUndefined();
    cache.set("t2", caller(2), far, at(0), cache.begin());
    expect(cache.size).toBe(0);
    // Back: what was kept before may have missed an invalidation; a load from before is not kept.
    cache.setLive(true);
    expect(cache.get("t1", at(1))).toBeUndefined();
    cache.set("t3", caller(3), far, at(0), loading);
    expect(cache.size).toBe(0);
  });
});

describe("the session cache in a server", () => {
  let ts: TestServer;

  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(async () => {
    await ts?.close();
  });

  const cache = () => ts.server.sessions;

  it("answers a signed-in call from memory, and refuses the very next call after logout", async () => {
    const client = await ts.loggedInClient("01071000001");
    await client.api.user.current();
    expect(cache().size).toBeGreaterThan(0);
    await client.api.user.current();
    // Logout sends the invalidation from its transaction: the very next call is refused.
    await client.api.auth.logout();
    expect(await refusal(client.api.user.current())).toMatchObject({ status: 301 });
  });

  it("forgets a session when an invalidation names it (sent by any writer of the database)", async () => {
    const client = await ts.loggedInClient("01071000002");
    await client.api.user.current();
    const { db } = ts.server.context;
    // Revoked without an invalidation: the cache still answers (why every writer sends one)…
    const [session] = await db
      .update(sessions)
      .set({ revokedAt: ts.clock.now() })
      .where(
        sql`${sessions.revokedAt} is null and ${sessions.userId} = (select id from users where phone = '+821071000002')`,
      )
      .returning({ id: sessions.id });
    await expect(client.api.user.current()).resolves.toBeDefined();
    // …until one names it.
    await db.transaction((tx) => publishInvalidation(tx, [sessionTag(session?.id ?? "")]));
    for (let i = 0; i < 50 && cache().size > 0; i++) await sleep(10);
    expect(await refusal(client.api.user.current())).toMatchObject({ status: 301 });
  });

  it("expires a kept caller after 30 s of the server's clock", async () => {
    const client = await ts.loggedInClient("01071000003");
    await client.api.user.current();
    await ts.server.context.db
      .update(sessions)
      .set({ revokedAt: ts.clock.now() })
      .where(sql`${sessions.userId} = (select id from users where phone = '+821071000003')`);
    await expect(client.api.user.current()).resolves.toBeDefined();
    ts.clock.advance(30_000);
    expect(await refusal(client.api.user.current())).toMatchObject({ status: 301 });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "PostgreSQL: while the listening connection is lost, every call asks the database",
    async () => {
      const client = await ts.loggedInClient("01071000004");
      await client.api.user.current();
      expect(cache().isLive).toBe(true);
      const { db, database } = ts.server.context;
      const listener = `${database.pool?.applicationName}-listen`;
      await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listener}`,
      );
      for (let i = 0; i < 200 && cache().isLive; i++) await sleep(5);
      expect(cache().isLive).toBe(false);
      expect(cache().size).toBe(0);
      // A revocation whose invalidation this process could not hear: refused all the same.
      await db
        .update(sessions)
        .set({ revokedAt: ts.clock.now() })
        .where(sql`${sessions.userId} = (select id from users where phone = '+821071000004')`);
      expect(await refusal(client.api.user.current())).toMatchObject({ status: 301 });
      // It listens again on a new connection, and keeps callers again.
      for (let i = 0; i < 400 && !cache().isLive; i++) await sleep(10);
      expect(cache().isLive).toBe(true);
      const other = await ts.loggedInClient("01071000005");
      await other.api.user.current();
      expect(cache().size).toBe(1);
    },
  );
});
