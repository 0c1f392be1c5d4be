import { normalizePhone } from "@chayong/domain";
import { endpointList } from "@chayong/sdk/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as v from "valibot";
import type { ServerContext } from "../context";
import { runJobs } from "../notices/notices";
import type { TestSmsProvider } from "../sms/sms-provider";

/** Longest answer delay a browser test may ask for. */
const maxDelayMs = 120_000;

const clockRequestSchema = v.strictObject({
  now: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
});

/** The body as JSON, or undefined when it is not JSON. */
function jsonBody(body: unknown): unknown {
  if (typeof body === "object") return body;
  try {
    return JSON.parse(String(body ?? ""));
  } catch {
    return undefined;
  }
}

const delayRequestSchema = v.strictObject({
  path: v.picklist(endpointList.map((entry) => entry.path)),
  ms: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(maxDelayMs)),
});

/**
 * Plain-JSON helpers for browser and end-to-end tests, registered only with CHAYONG_TEST_MODE=1
 * (which the configuration refuses in production):
 * - GET /__test/sms?phone=...   the last code the test SMS provider "sent" to that phone;
 * - POST /__test/delay {path, ms} delay the answers of an API path (0 removes the delay);
 * - POST /__test/clock {now}     move every clock reading of the server to that ISO instant
 *   (time then runs on from it); null returns to the real clock;
 * - POST /__test/jobs/run        run every job due now (the reminder scan included) and answer
 *   when they are done, with how many ran and failed;
 * - GET /__test/messages?phone=... every text the test SMS provider "sent" to that phone:
 *   `{ phone, messages: [{ kind, text, at }] }` (kind: code, faceReview, reminder, overdue,
 *   receipt).
 */
export function registerTestRoutes(app: FastifyInstance, ctx: ServerContext): void {
  /** The test provider and the E.164 phone of `?phone=`, or the refusal already answered. */
  const testRecipient = (request: FastifyRequest, reply: FastifyReply) => {
    const phone = (request.query as { phone?: unknown }).phone;
    if (ctx.sms.name !== "test") {
      reply.code(409).send({ error: "the SMS provider is not the test provider" });
      return null;
    }
    const normalized = typeof phone === "string" ? normalizePhone(phone, "KR") : null;
    if (normalized === null || !normalized.ok) {
      reply.code(400).send({ error: "phone is not a valid number" });
      return null;
    }
    return { sms: ctx.sms as TestSmsProvider, phone: normalized.value };
  };

  app.get("/__test/sms", async (request, reply) => {
    const recipient = testRecipient(request, reply);
    if (recipient === null) return reply;
    // The last login code, not the last text: a notice may have come after it.
    const code = recipient.sms.lastCode(recipient.phone);
    if (code === undefined)
      return reply.code(404).send({ error: "no code was sent to this phone" });
    return { phone: recipient.phone, code };
  });

  app.get("/__test/messages", async (request, reply) => {
    const recipient = testRecipient(request, reply);
    if (recipient === null) return reply;
    const messages = recipient.sms.sentTo(recipient.phone);
    return {
      phone: recipient.phone,
      messages: messages.map(({ kind, text, at }) => ({ kind, text, at: at.toISOString() })),
    };
  });

  app.post("/__test/clock", async (request, reply) => {
    const parsed = v.safeParse(clockRequestSchema, jsonBody(request.body));
    if (!parsed.success || ctx.testClock === null) {
      return reply.code(400).send({ error: 'expected {"now": "<ISO instant>" | null}' });
    }
    ctx.testClock.set(parsed.output.now === null ? null : new Date(parsed.output.now));
    return { now: ctx.now().toISOString() };
  });

  app.post("/__test/jobs/run", async () => {
    const ran = await runJobs(ctx, { scan: "every call" });
    return { ...ran, now: ctx.now().toISOString() };
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
