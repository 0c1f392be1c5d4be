import { getHeapStatistics } from "node:v8";
import underPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../context";
import { localeFromHeader } from "../messages/message-for";
import { retryAfterS, sendFailure } from "./call-pipeline";

/**
 * Sheds load instead of queueing it (docs/operations.md, "Overload"): past what the process can
 * serve, an API call is answered at once with 503 `server.busy` and `Retry-After`, so the calls
 * it does take keep their usual latency and its memory does not grow with a queue.
 * - At most `CHAYONG_MAX_CALLS_IN_FLIGHT` API calls at a time (0: no cap): the next is refused
 *   without being read.
 * - While the event loop lags (a mean delay over `CHAYONG_MAX_EVENT_LOOP_DELAY_MS` in the last
 *   quarter second) or the heap is nearly full, every API call is refused
 *   (`@fastify/under-pressure`).
 * Liveness, readiness, metrics and the web app's files are never refused.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  ctx: ServerContext,
): Promise<void> {
  const shed = (request: FastifyRequest, reply: FastifyReply) => {
    const entry = request.routeOptions.config.endpoint;
    ctx.metrics?.shed();
    reply.header("retry-after", String(retryAfterS));
    sendFailure(
      ctx,
      entry ?? null,
      reply,
      { status: 503, key: "server.busy" },
      localeFromHeader(request.headers["accept-language"]),
    );
    return reply;
  };

  const cap = ctx.config.maxCallsInFlight;
  if (cap > 0) {
    let inFlight = 0;
    app.addHook("onRequest", async (request, reply) => {
      if (request.routeOptions.config.endpoint === undefined) return;
      if (inFlight >= cap) return shed(request, reply);
      inFlight += 1;
      // 'close' comes once, answered or abandoned by the client.
      reply.raw.once("close", () => {
        inFlight -= 1;
      });
    });
  }

  if (ctx.config.maxEventLoopDelayMs === 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: ctx.config.maxEventLoopDelayMs,
    maxHeapUsedBytes: heapCeilingBytes(),
    sampleInterval: 250,
    pressureHandler: (request, reply) => {
      // Only API calls are shed; any other request goes on. Fastify skips the route of a reply
      // already sent, so the handler answers `undefined` either way.
      if (request.routeOptions.config.endpoint !== undefined) shed(request, reply);
      return undefined;
    },
  });
}

/** Nine tenths of the heap Node may grow to: past it, collections take over the process. */
function heapCeilingBytes(): number {
  return Math.floor(getHeapStatistics().heap_size_limit * 0.9);
}
