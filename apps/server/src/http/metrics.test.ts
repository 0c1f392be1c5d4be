import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusal } from "../testing/refusal";
import { demoLenderPhone, startTestServer, type TestServer } from "../testing/test-server";

// GET /metrics (README "Metrics"): real calls through the SDK move the counters of their endpoint
// ids and envelope statuses by exactly the calls made; without the token nothing is served.

const token = `${"m".repeat(20)}0123456789abcdef`;

/** Prometheus text format: `name{label="value",...} number` lines, by name and labels. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null) continue;
    const labels = [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)]
      .map(([, name, value]) => `${name}=${value}`)
      .sort()
      .join(",");
    found.set(`${match[1]}{${labels}}`, Number(match[3]));
  }
  return found;
}

describe("GET /metrics", () => {
  let ts: TestServer;
  let off: TestServer;

  beforeAll(async () => {
    [ts, off] = await Promise.all([
      startTestServer({ CHAYONG_METRICS_TOKEN: token }),
      startTestServer(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([ts?.close(), off?.close()]);
  });

  async function scrape(): Promise<Map<string, number>> {
    const answer = await fetch(`${ts.url}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return samples(await answer.text());
  }

  it("counts calls by endpoint id and envelope status, and SMS by provider and outcome", async () => {
    const before = await scrape();
    const client = ts.client();
    await refusal(client.api.user.current()); // 301: no session
    await refusal(client.api.user.current());
    await client.logIn(demoLenderPhone); // auth.sendCode 200, auth.login 200, one SMS delivered
    await client.api.user.current(); // 200
    // 400: the request schema refuses it before anything runs.
    const invalid = await refusal(client.api.contract.detail({ id: "" }));
    ts.sms.failNext();
    const undelivered = await refusal(client.api.auth.sendCode({ phone: "01077778888" }));
    const after = await scrape();

    const moved = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    const calls = (endpoint: string, status: number) =>
      moved(`chayong_calls_total{endpoint=${endpoint},status=${status}}`);
    expect(calls("user.current", 301)).toBe(2);
    expect(calls("user.current", 200)).toBe(1);
    expect(calls("auth.sendCode", 200)).toBe(1);
    expect(calls("auth.login", 200)).toBe(1);
    expect(invalid.status).toBe(400);
    expect(calls("contract.detail", 400)).toBe(1);
    expect(undelivered.status).toBe(500);
    expect(calls("auth.sendCode", 500)).toBe(1);
    // The histogram counts the same calls.
    expect(moved("chayong_call_duration_seconds_count{endpoint=user.current,status=301}")).toBe(2);
    expect(
      moved("chayong_call_duration_seconds_bucket{endpoint=user.current,le=+Inf,status=301}"),
    ).toBe(2);
    // Nothing else moved: every call counted once, under its endpoint id (never a URL).
    const callKeys = [...after.keys()].filter((key) => key.startsWith("chayong_calls_total"));
    expect(callKeys.reduce((sum, key) => sum + moved(key), 0)).toBe(7);
    for (const key of callKeys) expect(key).not.toContain("/");

    expect(moved("chayong_sms_sent_total{outcome=delivered,provider=test}")).toBe(1);
    expect(moved("chayong_sms_sent_total{outcome=failed,provider=test}")).toBe(1);

    // The database pool, and prom-client's process metrics.
    const engine = ts.database.config.kind;
    expect(after.get(`chayong_db_pool_size{engine=${engine}}`)).toBe(engine === "pglite" ? 1 : 10);
    if (engine === "postgres") {
      // The scrape's own pg_stat_activity query runs on one of the pool's connections.
      expect(after.get("chayong_db_connections{state=active}")).toBeGreaterThanOrEqual(1);
    }
    expect(after.get("process_cpu_user_seconds_total{}")).toBeGreaterThan(0);
    expect(after.has("nodejs_eventloop_lag_seconds{}")).toBe(true);
  });

  it("counts the jobs run by kind and outcome, and the queue by state", async () => {
    const before = await scrape();
    // One scan job done; then a failing one, left waiting for its next attempt.
    await fetch(`${ts.url}/__test/jobs/run`, { method: "POST" });
    const { enqueueJob } = await import("../jobs/job-queue");
    const now = ts.server.context.now();
    await enqueueJob(ts.server.context.db, { kind: "no.such.kind", payload: {}, runAt: now }, now);
    await ts.server.context.jobs.runDue();
    const after = await scrape();
    const moved = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    expect(moved("chayong_jobs_total{kind=notices.scan,outcome=done}")).toBe(1);
    expect(moved("chayong_jobs_total{kind=no.such.kind,outcome=retry}")).toBe(1);
    expect(moved("chayong_job_duration_seconds_count{kind=notices.scan}")).toBe(1);
    expect(after.get("chayong_jobs{state=waiting}")).toBe(1);
    expect(after.get("chayong_jobs{state=failed}")).toBe(0);
  });

  it("answers an API path that matches no endpoint as `unmatched`, whatever the URL", async () => {
    const before = await scrape();
    await fetch(`${ts.url}/api/v1/no/such/endpoint?phone=01012345678`);
    const after = await scrape();
    const key = "chayong_calls_total{endpoint=unmatched,status=404}";
    expect((after.get(key) ?? 0) - (before.get(key) ?? 0)).toBe(1);
  });

  it("refuses a scrape without the token, or with another one", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${token}x`, token]) {
      const answer = await fetch(`${ts.url}/metrics`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(answer.status).toBe(401);
      expect(await answer.text()).not.toContain("chayong_calls_total");
    }
  });

  it("is not served at all without CHAYONG_METRICS_TOKEN", async () => {
    expect(off.config.metricsToken).toBeNull();
    for (const authorization of [undefined, `Bearer ${token}`]) {
      const answer = await fetch(`${off.url}/metrics`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain("chayong_calls_total");
    }
  });
});
