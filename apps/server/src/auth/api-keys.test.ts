import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../audit/audit";
import { apiKeys } from "../db/schema";
import { messageFor } from "../messages/message-for";
import { runOperatorCommand } from "../operator/commands";
import { borrowerAPhone, contractDraft, lenderBPhone } from "../testing/fixtures";
import { encodeTestPng } from "../testing/png";
import { refusal } from "../testing/refusal";
import { operatorEnvFor, type TestDatabase } from "../testing/test-database";
import {
  demoLenderPhone,
  startTestServer,
  type TestClient,
  type TestServer,
} from "../testing/test-server";

const forbidden = messageFor("access.forbidden", "ko-KR");
const sessionInvalid = messageFor("session.invalid", "ko-KR");

async function expectRefused(call: Promise<unknown>, status: 301 | 403): Promise<void> {
  const error = await refusal(call);
  expect([error.status, error.serverMessage]).toEqual([
    status,
    status === 301 ? sessionInvalid : forbidden,
  ]);
  expect(error.body ?? null).toBeNull();
}

describe("API keys (README 'API keys')", () => {
  let ts: TestServer;
  let lenderA: TestClient;
  let lenderB: TestClient;
  const keyClient = (key: string) => ts.client({ apiKey: key });

  beforeAll(async () => {
    ts = await startTestServer();
    await ts.addLender(lenderBPhone, "Lender B");
    lenderA = ts.client();
    lenderB = ts.client();
    await lenderA.logIn(demoLenderPhone);
    await lenderB.logIn(lenderBPhone);
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  it("a lender creates a key (shown once), lists it without its secret, revokes it", async () => {
    const created = await lenderA.api.apiKey.create({ name: "  nightly export ", scope: "read" });
    expect(created).toMatchObject({
      name: "nightly export",
      scope: "read",
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(created.key).toMatch(new RegExp(`^cyk_${created.prefix}_[A-Za-z0-9_-]{43}$`));

    const listed = await lenderA.api.apiKey.list();
    const { key, ...withoutSecret } = created;
    expect(listed).toContainEqual(withoutSecret);
    const secret = key.slice(`cyk_${created.prefix}_`.length);
    expect(JSON.stringify(listed)).not.toContain(secret);
    // Stored as its SHA-256 only.
    const rows = await ts.server.context.db.select().from(apiKeys);
    expect(JSON.stringify(rows)).not.toContain(secret);
    // Another lender neither sees nor revokes it.
    expect(await lenderB.api.apiKey.list()).toEqual([]);
    expect((await refusal(lenderB.api.apiKey.revoke({ id: created.id }))).status).toBe(404);

    const revoked = await lenderA.api.apiKey.revoke({ id: created.id });
    expect(revoked.revokedAt).toBe(ts.clock.now().toISOString());
    expect((await lenderA.api.apiKey.list()).find((k) => k.id === created.id)?.revokedAt).toBe(
      revoked.revokedAt,
    );
    const me = await lenderA.api.user.current();
    const audited = await readAuditEvents(ts.server.context.db, { subjectId: created.id });
    expect(audited.map(({ action, details }) => [action, details])).toEqual([
      [
        "apiKey.create",
        { lenderId: me.userId, name: "nightly export", scope: "read", prefix: created.prefix },
      ],
      ["apiKey.revoke", { lenderId: me.userId, prefix: created.prefix }],
    ]);
  });

  it("a read key reads as its lender, records its last use once a minute, and cannot write", async () => {
    await lenderA.api.template.add({ name: "Read me", lender: "Kim", merchantName: "Kim Co" });
    const { key, id } = await lenderA.api.apiKey.create({ name: "reader", scope: "read" });
    const tool = keyClient(key);

    expect(await tool.api.user.current()).toMatchObject({ phone: "+821000000000", role: "lender" });
    const usedAt = ts.clock.now().toISOString();
    expect((await tool.api.template.query({ name: "" })).map((t) => t.name)).toContain("Read me");
    expect((await tool.api.contract.query()).items).toBeInstanceOf(Array);
    const lastUsed = async () =>
      (await lenderA.api.apiKey.list()).find((k) => k.id === id)?.lastUsedAt;
    expect(await lastUsed()).toBe(usedAt);
    ts.clock.advance(30_000);
    await tool.api.contract.statistics();
    expect(await lastUsed()).toBe(usedAt); // within the minute: not written again
    ts.clock.advance(31_000);
    await tool.api.contract.statistics();
    expect(await lastUsed()).toBe(ts.clock.now().toISOString());

    await expectRefused(
      tool.api.template.add({ name: "No", lender: "Kim", merchantName: "Kim Co" }),
      403,
    );
    await expectRefused(tool.api.contract.add(contractDraft(borrowerAPhone)), 403);
  });

  it("a full key writes as its lender, audited as that key", async () => {
    const { key, id } = await lenderA.api.apiKey.create({ name: "writer", scope: "full" });
    const contract = await keyClient(key).api.contract.add(contractDraft(borrowerAPhone));
    expect(contract.merchantName).toBe("Kim Co");
    const me = await lenderA.api.user.current();
    const [added] = await readAuditEvents(ts.server.context.db, {
      action: "contract.add",
      subjectId: contract.id,
    });
    expect(added?.actor).toEqual({ userId: me.userId, role: "lender", apiKeyId: id });
    // The lender's own session call is audited without a key.
    const own = await lenderA.api.contract.add(contractDraft(borrowerAPhone));
    const [ownAdded] = await readAuditEvents(ts.server.context.db, {
      action: "contract.add",
      subjectId: own.id,
    });
    expect(ownAdded?.actor.apiKeyId).toBeNull();
  });

  it("every call a key makes is audited as that key, reads and refusals included", async () => {
    const { key, id } = await lenderA.api.apiKey.create({ name: "auditor", scope: "full" });
    const tool = keyClient(key);
    await tool.api.contract.query();
    await refusal(tool.api.contract.detail({ id: "no-such-contract" }));
    const calls = await readAuditEvents(ts.server.context.db, {
      action: "apiKey.call",
      actorApiKeyId: id,
    });
    expect(calls.map((call) => [call.subjectId, call.details])).toEqual([
      ["contract.query", { status: 200 }],
      ["contract.detail", { status: 404 }],
    ]);
    // A session's read leaves no row.
    const before = await readAuditEvents(ts.server.context.db, { action: "apiKey.call" });
    await lenderA.api.contract.query();
    const after = await readAuditEvents(ts.server.context.db, { action: "apiKey.call" });
    expect(after.length).toBe(before.length);
  });

  it("a revoked or unknown key is refused like a bad session, on every endpoint", async () => {
    const { key, id } = await lenderA.api.apiKey.create({ name: "to revoke", scope: "full" });
    const tool = keyClient(key);
    await tool.api.contract.query();
    await lenderA.api.apiKey.revoke({ id });
    await expectRefused(tool.api.contract.query(), 301);
    await expectRefused(tool.api.config.service({ configKey: "line" }), 301);
    const forged = `cyk_${key.slice(4, 12)}_${randomBytes(32).toString("base64url")}`;
    await expectRefused(keyClient(forged).api.contract.query(), 301);
    await expectRefused(keyClient("not-a-key").api.user.current(), 301);
  });

  it("no key manages keys, logs out or uploads, whatever its scope", async () => {
    for (const scope of ["read", "full"] as const) {
      const created = await lenderA.api.apiKey.create({ name: `${scope} key`, scope });
      const tool = keyClient(created.key);
      await expectRefused(tool.api.apiKey.create({ name: "another", scope: "full" }), 403);
      await expectRefused(tool.api.apiKey.list(), 403);
      await expectRefused(tool.api.apiKey.revoke({ id: created.id }), 403);
      await expectRefused(tool.api.auth.logout(), 403);
      await expectRefused(tool.api.auth.sendCode({ phone: demoLenderPhone }), 403);
      const png = new Blob([new Uint8Array(encodeTestPng(8, 8, (x) => x > 3))], {
        type: "image/png",
      });
      await expectRefused(tool.api.identity.uploadImage(png), 403);
      // Still alive: a key cannot revoke itself either.
      expect((await lenderA.api.apiKey.list()).find((k) => k.id === created.id)?.revokedAt).toBe(
        null,
      );
    }
  });

  it("a key sees its own lender's data only", async () => {
    const ofA = await lenderA.api.contract.add(contractDraft(borrowerAPhone));
    const { key } = await lenderB.api.apiKey.create({ name: "B's tool", scope: "full" });
    const toolOfB = keyClient(key);
    const page = await toolOfB.api.contract.query({ pageSize: 50 });
    expect(page.items.map((contract) => contract.id)).not.toContain(ofA.id);
    const error = await refusal(toolOfB.api.contract.detail({ id: ofA.id }));
    expect([403, 404]).toContain(error.status);
    await expectRefused(toolOfB.api.contract.cancel({ id: ofA.id }), 403);
  });
});

describe("apikey:add and apikey:revoke (operator commands)", () => {
  let ts: TestServer | undefined;
  let database: TestDatabase | undefined;
  afterAll(async () => {
    if (ts !== undefined) await ts.close();
    else await database?.dispose();
  });

  it("print a key once that then works, and revoke it by its prefix", async () => {
    const first = await startTestServer();
    database = first.database;
    // Stop the server only (the embedded database allows one process); keep the database.
    await first.server.close();
    const env = operatorEnvFor(database);
    const refused = await runOperatorCommand(
      ["apikey:add", "--lender", borrowerAPhone, "--name", "x", "--scope", "read"],
      env,
    );
    expect(refused).toMatchObject({ exitCode: 1, output: expect.stringMatching(/not a lender/) });
    const badScope = await runOperatorCommand(
      ["apikey:add", "--lender", demoLenderPhone, "--name", "x", "--scope", "admin"],
      env,
    );
    expect(badScope.exitCode).toBe(2);

    const added = await runOperatorCommand(
      ["apikey:add", "--lender", demoLenderPhone, "--name", "ops export", "--scope", "read"],
      env,
    );
    expect(added.exitCode).toBe(0);
    const key = added.output.split("\n").at(-1) ?? "";
    expect(key).toMatch(/^cyk_[0-9a-f]{8}_/);

    ts = await startTestServer({}, database);
    const tool = ts.client({ apiKey: key });
    expect(await tool.api.user.current()).toMatchObject({ phone: "+821000000000" });
    await ts.server.close();

    const revoked = await runOperatorCommand(
      ["apikey:revoke", "--lender", demoLenderPhone, "--key", key.slice(4, 12)],
      env,
    );
    expect(revoked).toMatchObject({ exitCode: 0, output: expect.stringMatching(/revoked/) });
    const [event] = await (async () => {
      ts = await startTestServer({}, database);
      return readAuditEvents(ts.server.context.db, { action: "apiKey.revoke" });
    })();
    expect(event?.actor).toEqual({ userId: null, role: "operator", apiKeyId: null });
    await expectRefused(ts.client({ apiKey: key }).api.user.current(), 301);
  }, 180_000);
});
