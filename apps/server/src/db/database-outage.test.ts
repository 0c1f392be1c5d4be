import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLender } from "../lenders/lenders";
import { messageFor } from "../messages/message-for";
import { serverPackageDir } from "../package-dir";
import { type DatabaseProxy, startDatabaseProxy } from "../testing/database-proxy";
import { type ProcessSession, processClient } from "../testing/process-client";
import { refusal } from "../testing/refusal";
import { type ServerProcess, startServerProcess } from "../testing/server-process";
import { dropSchema } from "../testing/test-database";
import { openDatabase } from "./database";

const databaseUrl = process.env.TEST_DATABASE_URL?.trim() ?? "";
const lenderPhone = "01020270001";

/** How long a call may take while the database is away (issue #27: 2 s), with CI's slack. */
const failFastMs = 2_500;

/** Asks until `check` passes or `withinMs` is over; answers how long it took. */
async function until(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Issue #27: a server process on a PostgreSQL that goes away, through a proxy the test breaks
 * (a restart drops the connections, a stopped database refuses them, a hung one never answers).
 * The process must keep running, answer 503 'service temporarily unavailable' within seconds
 * while the database is away, and serve again once it is back, with no manual action.
 */
describe.skipIf(databaseUrl === "")(
  "a server whose database goes away (skipped without TEST_DATABASE_URL: PGlite lives in the process)",
  () => {
    const schemaName = `t_${randomBytes(8).toString("hex")}`;
    const filesDir = mkdtempSync(join(tmpdir(), "chayong-outage-"));
    let proxy: DatabaseProxy;
    let server: ServerProcess;
    const session: ProcessSession = { token: null, loginInfo: null };
    let client: ReturnType<typeof processClient>;

    beforeAll(async () => {
      proxy = await startDatabaseProxy(databaseUrl);
      server = await startServerProcess({
        DATABASE_URL: proxy.url,
        CHAYONG_DATABASE_SCHEMA: schemaName,
        CHAYONG_IDENTITY_KEYS: `k1:${randomBytes(32).toString("base64")}`,
        CHAYONG_IDENTITY_LOOKUP_KEY: randomBytes(32).toString("base64"),
        PORT: "0",
        HOST: "127.0.0.1",
        CHAYONG_TEST_MODE: "1",
        CHAYONG_WEB_DIR: "none",
        CHAYONG_FILE_STORE: "local",
        CHAYONG_FILES_DIR: filesDir,
        CHAYONG_TESSERACT: "off",
        LOG_LEVEL: "warn",
      });
      const opened = await openDatabase({ kind: "postgres", url: databaseUrl }, schemaName);
      if (!opened.ok) throw new Error("cannot open the test schema");
      try {
        const added = await addLender(
          opened.database.db,
          { phone: lenderPhone, name: "Kim", merchantName: "Kim Co" },
          new Date(),
        );
        if (!added.ok) throw new Error(added.problem);
      } finally {
        await opened.database.close();
      }
      client = processClient(server.url, { adid: "database-outage", session, timeoutMs: 20_000 });
      await client.logIn(lenderPhone);
    }, 120_000);

    afterAll(async () => {
      try {
        proxy.resume();
        expect(await server.stop()).toBe(0);
      } finally {
        await proxy.close();
        await dropSchema(databaseUrl, schemaName);
        rmSync(filesDir, { recursive: true, force: true });
      }
    });

    const ready = async () => (await fetch(new URL("/readyz", server.url))).status === 200;

    it("answers reads after its connections were cut or their backends terminated (a restart: 57P01)", async () => {
      await client.api.template.query({ name: "" });
      const killer = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        for (let round = 0; round < 3; round += 1) {
          // Several connections in the pool, all cut at once.
          await Promise.all(
            Array.from({ length: 6 }, () => client.api.template.query({ name: "" })),
          );
          proxy.dropConnections();
          expect(Array.isArray(await client.api.template.query({ name: "" }))).toBe(true);
          const terminated = await killer`
            select pg_terminate_backend(pid) as done from pg_stat_activity
            where client_port = any(${proxy.upstreamPorts()}::int[])`;
          expect(terminated.length).toBeGreaterThan(0);
          expect(Array.isArray(await client.api.template.query({ name: "" }))).toBe(true);
          expect((await client.api.user.current()).userId).toBe(session.loginInfo?.userId);
        }
      } finally {
        await killer.end();
      }
      expect(server.child.exitCode).toBeNull();
    });

    it("answers 503 'temporarily unavailable' within seconds while the database is stopped, and serves once it is back", async () => {
      proxy.stop();
      for (const call of [
        () => client.api.template.query({ name: "" }),
        () => client.api.user.current(),
        () => client.api.contract.query({ pageSize: 10 }),
      ]) {
        const started = Date.now();
        const refused = await refusal(call());
        expect(Date.now() - started).toBeLessThan(failFastMs);
        expect(refused.status).toBe(503);
        expect(refused.serverMessage).toBe(messageFor("server.unavailable", "ko-KR"));
      }
      expect(await ready()).toBe(false);

      proxy.resume();
      await until(ready, 10_000);
      await until(async () => Array.isArray(await client.api.template.query({ name: "" })), 5_000);
      expect(server.child.exitCode).toBeNull();
    });

    it("answers 503 within seconds while the database hangs, and serves once it answers again", async () => {
      proxy.hang();
      const started = Date.now();
      const refused = await refusal(client.api.template.query({ name: "" }));
      // At most half a second to the next probe, its second without an answer, then the call goes.
      expect(Date.now() - started).toBeLessThan(failFastMs);
      expect(refused.status).toBe(503);

      proxy.resume();
      await until(ready, 10_000);
      await until(async () => Array.isArray(await client.api.template.query({ name: "" })), 5_000);
      expect(server.child.exitCode).toBeNull();
      expect(server.output()).not.toMatch(/TypeError|uncaught/i);
    });
  },
);

/**
 * The driver as pinned with its patch (patches/postgres@3.4.9.patch): a query on a connection
 * whose backend was terminated fails instead of throwing from a setImmediate where nothing can
 * catch it and ending the process (porsager/postgres#1208; seen in 2 of 6 fault rounds of issue
 * #27). In a child process, so a crash is an exit code. The race is the kernel's: unpatched, one
 * try in three crashed here, so the child tries eight times (all survive patched; checked).
 */
describe.skipIf(databaseUrl === "")("the PostgreSQL driver when a backend is terminated", () => {
  it("fails the transaction's and the reserved connection's queries, and the process lives on", () => {
    // Each step is bounded: a query on a reserved connection whose backend died may never settle
    // (porsager/postgres#1199; the product reserves none), and the child must still end.
    const script = `
      import postgres from "postgres";
      const url = process.argv[1];
      const within = (step) =>
        Promise.race([step, new Promise((resolve) => setTimeout(() => resolve("hung"), 3000))]);
      const outcomes = [];
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const sql = postgres(url, { max: 2, onnotice() {} });
        const killer = postgres(url, { max: 1, onnotice() {} });
        const transaction = await within(sql.begin(async (tx) => {
          const [{ pid }] = await tx\`select pg_backend_pid() as pid\`;
          await killer\`select pg_terminate_backend(\${pid})\`;
          await tx\`select 1\`;
        }).then(() => "committed", (error) => error.code));
        const reserved = await sql.reserve();
        const [{ pid }] = await reserved\`select pg_backend_pid() as pid\`;
        await killer\`select pg_terminate_backend(\${pid})\`;
        const first = await within(reserved\`select 1\`.then(() => "answered", (error) => error.code));
        const second = await within(reserved\`select 1\`.then(() => "answered", (error) => error.code));
        outcomes.push({ transaction, first, second });
        void sql.end({ timeout: 0 }).catch(() => {});
        void killer.end({ timeout: 0 }).catch(() => {});
      }
      console.log(JSON.stringify(outcomes));
      process.exit(0);
    `;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script, databaseUrl], {
      cwd: serverPackageDir(),
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(run.stderr).not.toMatch(/TypeError/);
    expect(run.status).toBe(0);
    const failed = ["CONNECTION_CLOSED", "ECONNRESET", "CONNECTION_DESTROYED"];
    for (const outcome of JSON.parse(run.stdout) as Record<string, string>[]) {
      // Never committed, never answered by a dead backend.
      expect(failed).toContain(outcome.transaction);
      expect(failed).toContain(outcome.first);
      expect([...failed, "hung"]).toContain(outcome.second);
    }
  });
});
