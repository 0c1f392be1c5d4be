import { normalizePhone } from "@chayong/domain";
import { endpointList } from "@chayong/sdk/server";
import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import type { ServerContext } from "../context";
import type { TestSmsProvider } from "../sms/sms-provider";

/** Longest answer delay a browser test may ask for. */
const maxDelayMs = 120_000;

const delayRequestSchema = v.strictObject({
  path: v.picklist(endpointList.map((entry) => entry.path)),
  ms: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(maxDelayMs)),
});

/**
 * Plain-JSON helpers for browser and end-to-end tests, registered only with CHAYONG_TEST_MODE=1
 * (which the configuration refuses in production):
 * - GET /__test/sms?phone=...   the last code the test SMS provider "sent" to that phone;
 * - POST /__test/delay {path, ms} delay the answers of an API path (0 removes the delay).
 */
export function registerTestRoutes(app: FastifyInstance, ctx: ServerContext): void {
  app.get("/__test/sms", async (request, reply) => {
    const phone = (request.query as { phone?: unknown }).phone;
    if (ctx.sms.name !== "test") {
      return reply.code(409).send({ error: "the SMS provider is not the test provider" });
    }
    const normalized = typeof phone === "string" ? normalizePhone(phone, "KR") : null;
    if (normalized === null || !normalized.ok)
      return reply.code(400).send({ error: "phone is not a valid number" });
    const message = (ctx.sms as TestSmsProvider).lastMessage(normalized.value);
    if (message === undefined)
      return reply.code(404).send({ error: "no code was sent to this phone" });
    return { phone: normalized.value, code: message.code };
  });

  app.post("/__test/delay", async (request, reply) => {
    let body: unknown;
    try {
      body = JSON.parse(String(request.body ?? ""));
    } catch {
      return reply.code(400).send({ error: "body must be JSON {path, ms}" });
    }
    const parsed = v.safeParse(delayRequestSchema, body);
    if (!parsed.success) {
      return reply.code(400).send({ error: `expected {path: an API path, ms: 0..${maxDelayMs}}` });
    }
    const { path, ms } = parsed.output;
    if (ms === 0) ctx.answerDelays.delete(path);
    else ctx.answerDelays.set(path, ms);
    return { path, ms };
  });
}
