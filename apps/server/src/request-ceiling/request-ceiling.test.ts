import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_IP_REQUESTS_PER_MINUTE, loadConfig } from "../config/config";
import { messageFor } from "../messages/message-for";
import { refusal } from "../testing/refusal";
import { startTestServer, type TestServer } from "../testing/test-server";
import { describeRedisError } from "./request-ceiling";

const redisUrl = process.env.TEST_REDIS_URL?.trim() ?? "";

describe("the per-IP request ceiling", () => {
  const started: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((ts) => ts.close()));
  });
  async function start(env: Record<string, string>) {
    const ts = await startTestServer(env);
    started.push(ts);
    return ts;
  }
  const serviceConfig = (ts: TestServer) => ts.client().api.config.service({ configKey: "line" });

  it("is 600 a minute by default, off in test mode unless set, and checks its settings", () => {
    const configOf = (env: Record<string, string>) => {
      const loaded = loadConfig(env);
      if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.variable).join());
      return loaded.config;
    };
    expect(configOf({}).ipRequestsPerMinute).toBe(DEFAULT_IP_REQUESTS_PER_MINUTE);
    expect(configOf({ CHAYONG_IP_REQUESTS_PER_MINUTE: "0" }).ipRequestsPerMinute).toBeNull();
    expect(configOf({ CHAYONG_TEST_MODE: "1" }).ipRequestsPerMinute).toBeNull();
    expect(
      configOf({ CHAYONG_TEST_MODE: "1", CHAYONG_IP_REQUESTS_PER_MINUTE: "5" }).ipRequestsPerMinute,
    ).toBe(5);
    expect(configOf({}).redis).toBeNull();
    expect(configOf({ REDIS_URL: "redis://127.0.0.1:6379" }).redis).toEqual({
      url: "redis://127.0.0.1:6379",
      keyPrefix: "chayong",
    });
    const bad = loadConfig({ REDIS_URL: "http://x", CHAYONG_IP_REQUESTS_PER_MINUTE: "-1" });
    expect(bad.ok ? [] : bad.problems.map((p) => p.variable)).toEqual([
      "CHAYONG_IP_REQUESTS_PER_MINUTE",
      "REDIS_URL",
    ]);
  });

  it("in memory: refuses call N+1 of one IP within the minute with 'too frequent', per IP", async () => {
    const ts = await start({ CHAYONG_IP_REQUESTS_PER_MINUTE: "5", CHAYONG_TRUST_PROXY: "1" });
    for (let call = 0; call < 5; call++) await serviceConfig(ts);
    const refused = await refusal(serviceConfig(ts));
    expect([refused.status, refused.serverMessage]).toEqual([
      429,
      messageFor("common.operationTooFrequent", "ko-KR"),
    ]);
    // Health checks and other IPs are not counted against it.
    expect((await fetch(`${ts.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${ts.url}/readyz`)).status).toBe(200);
    const otherIp = await fetch(`${ts.url}/api/v1/config?configKey=line`, {
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    const refusedRaw = await fetch(`${ts.url}/api/v1/config?configKey=line`);
    expect(otherIp.headers.get("retry-after")).toBeNull();
    expect(refusedRaw.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("fails open to a per-process count when Redis is unreachable", async () => {
    // Port 1: nothing listens there, so every Redis command fails at once.
    const ts = await start({
      CHAYONG_IP_REQUESTS_PER_MINUTE: "3",
      REDIS_URL: "redis://127.0.0.1:1",
    });
    for (let call = 0; call < 3; call++) await serviceConfig(ts);
    expect((await refusal(serviceConfig(ts))).status).toBe(429);
  });

  it("says in words why Redis failed: never '[object Object]' (issue #27)", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), {
      code: "ECONNREFUSED",
    });
    const both = new AggregateError([new Error("connect ECONNREFUSED ::1:6379"), refused], "");
    expect(describeRedisError(both)).toBe(
      "connect ECONNREFUSED ::1:6379; connect ECONNREFUSED 127.0.0.1:1",
    );
    expect(describeRedisError(refused)).toBe("connect ECONNREFUSED 127.0.0.1:1");
    expect(describeRedisError({ reason: "closed" })).toBe('{"reason":"closed"}');
    expect(describeRedisError(new Error(""))).toBe("Error");
  });

  it.skipIf(redisUrl === "")(
    "with Redis (TEST_REDIS_URL): two servers share one count per IP",
    async () => {
      const shared = {
        CHAYONG_IP_REQUESTS_PER_MINUTE: "6",
        REDIS_URL: redisUrl,
        // A prefix of this run's own, so runs sharing the Redis never share a count.
        CHAYONG_REDIS_PREFIX: `chayong-test-${randomBytes(6).toString("hex")}`,
      };
      const [a, b] = await Promise.all([start(shared), start(shared)]);
      for (let call = 0; call < 3; call++) {
        await serviceConfig(a);
        await serviceConfig(b);
      }
      expect((await refusal(serviceConfig(a))).status).toBe(429);
      expect((await refusal(serviceConfig(b))).status).toBe(429);
    },
    // Two embedded servers start here: slow on a loaded 2-core CI machine.
    90_000,
  );
});
