import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Metrics } from "../metrics/metrics";

/**
 * `GET /metrics` behind the bearer token, and the hook that counts every API call once it is
 * answered. Calls are labelled with the route's endpoint id; an API path that matches no
 * endpoint counts as `unmatched`, so the label set stays bounded whatever URLs clients send.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.addHook("onResponse", async (request, reply) => {
    const status = reply.envelopeStatus;
    const endpoint = request.routeOptions.config?.endpoint?.id;
    // Neither an endpoint nor an envelope: the web app's files, health checks, /metrics itself.
    if (endpoint === undefined && status === null) return;
    metrics.call(endpoint ?? "unmatched", status ?? reply.statusCode, reply.elapsedTime / 1000);
  });

  const expected = sha256(`Bearer ${token}`);
  // Scraped every few seconds: its lines would drown the log at info.
  app.get("/metrics", { logLevel: "warn" }, async (request, reply) => {
    const given = sha256(request.headers.authorization ?? "");
    if (!timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .type("text/plain; charset=utf-8")
        .send("a bearer token is required (CHAYONG_METRICS_TOKEN)\n");
    }
    const { contentType, text } = await metrics.scrape();
    return reply.header("cache-control", "no-store").type(contentType).send(text);
  });
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
