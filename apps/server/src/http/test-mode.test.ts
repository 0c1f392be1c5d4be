import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { createCodec, decodeEnvelope } from "@chayong/transport";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractDraft } from "../testing/fixtures";
import { demoLenderPhone, startTestServer, type TestServer } from "../testing/test-server";

describe("test mode routes and the web app", () => {
  let ts: TestServer;
  let plain: TestServer;
  let webDir: string;

  beforeAll(async () => {
    ts = await startTestServer();
    webDir = mkdtempSync(join(tmpdir(), "chayong-web-"));
    writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Chayong web</title>");
    writeFileSync(join(webDir, "app.js"), "console.log('app')");
    writeFileSync(join(webDir, "sw.js"), "self.addEventListener('fetch', () => {})");
    writeFileSync(join(webDir, "manifest.webmanifest"), '{"name":"차용"}');
    mkdirSync(join(webDir, "assets"));
    writeFileSync(join(webDir, "assets", "index-AbC123.js"), "export {}");
    // As the web build writes them: the same file, compressed, beside it.
    const big = `export const text = "${"차용 ".repeat(2000)}";`;
    writeFileSync(join(webDir, "assets", "app-XyZ789.js"), big);
    writeFileSync(join(webDir, "assets", "app-XyZ789.js.br"), brotliCompressSync(big));
    writeFileSync(join(webDir, "assets", "app-XyZ789.js.gz"), gzipSync(big));
    plain = await startTestServer({ CHAYONG_TEST_MODE: "0", CHAYONG_WEB_DIR: webDir });
  });
  afterAll(async () => {
    await ts?.close();
    await plain?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("GET /__test/sms answers the last code sent to a phone", async () => {
    await ts.client().api.auth.sendCode({ phone: demoLenderPhone });
    const response = await fetch(`${ts.url}/__test/sms?phone=%2B821000000000`);
    expect(await response.json()).toEqual({
      phone: "+821000000000",
      code: ts.sms.lastCode("+821000000000"),
    });
    expect((await fetch(`${ts.url}/__test/sms?phone=01099998888`)).status).toBe(404);
    expect((await fetch(`${ts.url}/__test/sms?phone=nope`)).status).toBe(400);
  });

  it("POST /__test/delay holds the answers of one API path until removed", async () => {
    const setDelay = (body: unknown) =>
      fetch(`${ts.url}/__test/delay`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await setDelay({ path: "/api/v1/config", ms: 400 })).status).toBe(200);
    const client = ts.client();
    // The server's own clock is the test clock, so the wait is measured on the real one.
    const started = performance.now();
    await client.api.config.service({ configKey: "line" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    await setDelay({ path: "/api/v1/config", ms: 0 });
    expect(ts.server.context.answerDelays.size).toBe(0);
    expect((await setDelay({ path: "/not/an/api", ms: 10 })).status).toBe(400);
    expect((await setDelay("nonsense")).status).toBe(400);
  });

  it("POST /__test/clock moves every clock reading of the server, and null brings the real one back", async () => {
    const setClock = (body: unknown) =>
      fetch(`${ts.url}/__test/clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const moved = await setClock({ now: "2027-01-15T01:00:00.000Z" });
    expect(await moved.json()).toEqual({ now: "2027-01-15T01:00:00.000Z" });
    // What the server writes reads the moved clock: a contract made now is made in 2027.
    const lender = await ts.loggedInClient("01000000000");
    const made = await lender.api.contract.add(
      contractDraft("01011112222", { loanDate: "2027-01-15", repaymentDate: "2027-02-15" }),
    );
    expect(made.createdAt).toBe("2027-01-15T01:00:00.000Z");
    expect(made.number).toBe("C-2027-000001");
    expect((await setClock({ now: "yesterday" })).status).toBe(400);
    expect((await setClock({ when: null })).status).toBe(400);
    const back = (await (await setClock({ now: null })).json()) as { now: string };
    expect(back.now).toBe(ts.clock.now().toISOString());
    // The jobs route answers what ran; the messages route lists every text to a phone.
    const ran = await fetch(`${ts.url}/__test/jobs/run`, { method: "POST" });
    expect(await ran.json()).toMatchObject({ done: expect.any(Number), failed: 0 });
    const messages = await fetch(`${ts.url}/__test/messages?phone=01000000000`);
    expect(await messages.json()).toMatchObject({
      phone: "+821000000000",
      messages: expect.arrayContaining([
        { kind: "code", text: expect.stringContaining("인증번호"), at: expect.any(String) },
      ]),
    });
    expect((await fetch(`${ts.url}/__test/messages?phone=nope`)).status).toBe(400);
  });

  it("has no test routes without test mode, and serves the web app beside the API", async () => {
    const codec = createCodec({ key: plain.config.cipher.key, iv: plain.config.cipher.iv });
    const sms = await fetch(`${plain.url}/__test/sms?phone=01000000000`);
    expect(decodeEnvelope(codec, await sms.text()).status).toBe(404);
    for (const [method, path] of [
      ["POST", "/__test/clock"],
      ["POST", "/__test/jobs/run"],
      ["GET", "/__test/messages?phone=01000000000"],
    ]) {
      const answer = await fetch(`${plain.url}${path}`, {
        method,
        body: method === "POST" ? "{}" : undefined,
      });
      expect(decodeEnvelope(codec, await answer.text()).status).toBe(404);
    }
    const index = await fetch(`${plain.url}/`);
    expect(index.headers.get("content-type")).toMatch(/text\/html/);
    expect(await index.text()).toContain("Chayong web");
    expect(await (await fetch(`${plain.url}/app.js`)).text()).toContain("console.log");
    await expect(plain.client().api.config.service({ configKey: "line" })).resolves.toHaveProperty(
      "extInfoJSON",
    );
  });

  it("serves the service worker and the manifest with their types, checked again on every open", async () => {
    const index = await fetch(`${plain.url}/`);
    expect(index.headers.get("cache-control")).toBe("no-cache");
    const worker = await fetch(`${plain.url}/sw.js`);
    expect(worker.headers.get("content-type")).toMatch(/^(application|text)\/javascript/);
    // A long cache would keep phones on the old version (the browser checks sw.js for updates).
    expect(worker.headers.get("cache-control")).toBe("no-cache");
    const manifest = await fetch(`${plain.url}/manifest.webmanifest`);
    expect(manifest.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get("cache-control")).toBe("no-cache");
    expect(await manifest.json()).toEqual({ name: "차용" });
    // Vite names these after their content: they never change, so keep them.
    const asset = await fetch(`${plain.url}/assets/index-AbC123.js`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("sends the precompressed file the browser accepts, the plain one otherwise", async () => {
    const url = `${plain.url}/assets/app-XyZ789.js`;
    const plainText = await fetch(url, { headers: { "accept-encoding": "identity" } });
    expect(plainText.headers.get("content-encoding")).toBeNull();
    const expected = await plainText.text();
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(url, { headers: { "accept-encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("content-type")).toMatch(/javascript/);
      // fetch decodes it: the same text.
      expect(await response.text()).toBe(expected);
    }
  });
});
