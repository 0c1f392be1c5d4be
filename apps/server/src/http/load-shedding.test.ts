import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageFor } from "../messages/message-for";
import { refusal } from "../testing/refusal";
import { startTestServer, type TestServer } from "../testing/test-server";

/**
 * Issue #27: past what it can serve, a process answers at once with 503 'busy' and Retry-After
 * instead of queueing (docs/operations.md, "Overload"). Here its cap is 2 calls in flight and
 * each call of one path is held 1.5 s.
 */
describe("shedding load past the calls in flight (docs/operations.md)", () => {
  let ts: TestServer;
  const path = "/api/v1/config";

  const hold = (ms: number) =>
    fetch(`${ts.url}/__test/delay`, { method: "POST", body: JSON.stringify({ path, ms }) });

  beforeAll(async () => {
    ts = await startTestServer({ CHAYONG_MAX_CALLS_IN_FLIGHT: "2" });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("answers the calls it can take, refuses the rest at once with 503 busy, and takes calls again after", async () => {
    await hold(1_500);
    const client = ts.client();
    const call = async () => {
      const started = Date.now();
      const outcome = await client.api.config
        .service({ configKey: "line" })
        .then(() => "answered" as const)
        .catch((error: { status?: number; serverMessage?: string }) => error);
      return { outcome, ms: Date.now() - started };
    };
    const calls = await Promise.all(Array.from({ length: 6 }, call));
    const answered = calls.filter((result) => result.outcome === "answered");
    const refused = calls.flatMap((result) => (result.outcome === "answered" ? [] : [result]));
    expect(answered).toHaveLength(2);
    expect(refused).toHaveLength(4);
    for (const { outcome, ms } of refused) {
      expect(outcome).toMatchObject({
        status: 503,
        serverMessage: messageFor("server.busy", "ko-KR"),
      });
      // Refused without waiting behind the two held calls.
      expect(ms).toBeLessThan(1_000);
    }

    // Liveness and readiness are never shed, even while the cap is reached.
    const busy = [call(), call()];
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${ts.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${ts.url}/readyz`)).status).toBe(200);
    await Promise.all(busy);

    await hold(0);
    await expect(client.api.config.service({ configKey: "line" })).resolves.toBeDefined();
  });

  it("counts a call its client gave up on as finished", async () => {
    await hold(1_000);
    const client = ts.client();
    for (let round = 0; round < 3; round += 1) {
      const abandoned = new AbortController();
      const calls = [0, 1].map(() =>
        client.api.config
          .service({ configKey: "line" }, { signal: abandoned.signal })
          .catch(() => null),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      abandoned.abort();
      await Promise.all(calls);
    }
    await hold(0);
    // Had the six abandoned calls still counted, these would be refused.
    const refused = await Promise.all(
      [0, 1].map(() =>
        client.api.config
          .service({ configKey: "line" })
          .then(() => null)
          .catch((error: unknown) => error),
      ),
    );
    expect(refused).toEqual([null, null]);
  });

  it("sends Retry-After with its 503, for clients that wait before they try again", async () => {
    await hold(1_500);
    const client = ts.client();
    const held = [0, 1].map(() => client.api.config.service({ configKey: "line" }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = await fetch(`${ts.url}${path}?configKey=line`, {
      headers: { "accept-language": "zh-TW" },
    });
    expect(answer.headers.get("retry-after")).toBe("5");
    const refused = await refusal(client.api.config.service({ configKey: "line" }));
    expect(refused.status).toBe(503);
    await Promise.all(held);
    await hold(0);
  });
});
