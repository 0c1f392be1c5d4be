import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Duplex } from "node:stream";
import { type EndpointEntry, endpointList } from "@chayong/sdk/server";
import { encodeEnvelope } from "@chayong/transport";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { SessionCache } from "../auth/session-cache";
import type { Call } from "../calls/call";
import type { ServerContext } from "../context";
import { readMigrations } from "../db/migrate";
import { localeFromHeader } from "../messages/message-for";
import type { Outcome } from "../outcome";
import {
  readCustomerService,
  serviceImagePath,
  storedServiceImageKey,
} from "../service-config/service-config";
import { envelopeOf, handleCall, retryAfterS, sendFailure } from "./call-pipeline";
import { createdOnce, creationEndpoints } from "./creations";
import { handlers, inputProblems } from "./handler-registry";
import { registerLoadShedding } from "./load-shedding";
import { registerMetrics } from "./metrics";
import { checkReadiness, storageReadiness } from "./readiness";
import { registerTestRoutes } from "./test-routes";
import { failureForThrown } from "./thrown-failures";
import { registerUploadRoutes } from "./upload-routes";

/**
 * Largest request body. The biggest payload is a signature PNG of up to 1 MiB: base64 in JSON,
 * encrypted, base64 again, that is about 1.9 MiB.
 */
export const bodyLimitBytes = 2 * 1024 * 1024;

/**
 * How long a browser may keep a file of the built web app. Vite names everything under assets/
 * after its content, so those never change; the rest (index.html, the service worker sw.js, the
 * manifest, icons) keeps its name across versions and is checked again every time, or a phone
 * would stay on an old version (apps/web/README.md "Installable app").
 */
export function webCacheControl(relativePath: string): string {
  return relativePath.split(sep).join("/").startsWith("assets/")
    ? "public, max-age=31536000, immutable"
    : "no-cache";
}

/**
 * The answer to a request Node's HTTP parser rejected (no request object exists yet): the
 * envelope refusal written straight to the socket, then the connection closed, since the rest
 * of the bad request cannot be read past.
 */
function answerClientError(ctx: ServerContext, error: ClientError, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  // As Node's own handler: never write into an answer already under way on this connection.
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && answering?.headersSent !== true) {
    const key =
      error.code === "HPE_HEADER_OVERFLOW" ? "request.bodyTooLarge" : "request.invalidCiphertext";
    const body = encodeEnvelope(ctx.codec, envelopeOf({ status: 400, key }, "ko-KR"));
    socket.end(
      `HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    return;
  }
  socket.destroy(error);
}

type ClientError = Error & { code?: string };

/** Paths the API answers with envelopes (even when nothing is registered there). */
const apiPrefixes = ["/api/", "/auth/", "/upload/", "/__test/"];
/** Paths the per-IP request ceiling counts: the API, not the web app's files or health checks. */
const ceilingPrefixes = ["/api/", "/auth/", "/upload/"];

declare module "fastify" {
  interface FastifyContextConfig {
    endpoint?: EndpointEntry;
  }
}

/**
 * The HTTP server: every implemented endpoint of the SDK table, the test routes in test mode,
 * and the built web app at '/' (API paths take precedence).
 */
/**
 * The HTTP app of a server. `sessions`: the signed-in callers its process keeps
 * (auth/session-cache.ts), which only the HTTP layer's authorisation reads.
 */
export async function buildApp(
  ctx: ServerContext,
  sessions: SessionCache | null,
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    bodyLimit: bodyLimitBytes,
    trustProxy: ctx.config.trustProxy,
    // Answers carry their own request ids in the log; clients never see stack traces.
    return503OnClosing: true,
    // Node's HTTP parser refuses a request line plus headers over its 16 KiB maxHeaderSize (a
    // 100 KB query, a 64 KB header) before Fastify sees a request; Fastify's default would then
    // write a bare HTTP 431. Clients read only HTTP 200 envelopes, so answer the refusal as one.
    clientErrorHandler: (error, socket) => answerClientError(ctx, error, socket),
  });

  // Null until the call pipeline answers an envelope (call-pipeline.ts), per reply.
  app.decorateReply("envelopeStatus", null);

  // Every body is read as text: encrypted payloads are base64 whatever content type a client
  // claims, and the test routes parse their own JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: { code?: string; statusCode?: number }, request, reply) => {
    const locale = localeFromHeader(request.headers["accept-language"]);
    const entry = request.routeOptions.config.endpoint ?? null;
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return sendFailure(ctx, entry, reply, { status: 400, key: "request.bodyTooLarge" }, locale);
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, "malformed request");
      return sendFailure(
        ctx,
        entry,
        reply,
        { status: 400, key: "request.invalidCiphertext" },
        locale,
      );
    }
    const fault = failureForThrown(ctx, error, request.log, entry?.id ?? null);
    if (fault !== null) {
      reply.header("retry-after", String(retryAfterS));
      return sendFailure(ctx, entry, reply, fault, locale);
    }
    request.log.error({ err: error }, "call failed");
    return sendFailure(ctx, entry, reply, { status: 500, key: "server.error" }, locale);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (apiPrefixes.some((prefix) => path.startsWith(prefix))) {
      const locale = localeFromHeader(request.headers["accept-language"]);
      return sendFailure(ctx, null, reply, { status: 404, key: "access.notFound" }, locale);
    }
    reply.code(404).type("text/plain; charset=utf-8").send("Not found");
  });

  // While stopping, every answer closes its connection: a kept-alive one would hold the close.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (ctx.lifecycle.draining) reply.header("connection", "close");
    return payload;
  });

  // First: a call the process cannot take is refused before any other work (Redis, the session).
  await registerLoadShedding(app, ctx);

  const ceiling = ctx.requestCeiling;
  if (ceiling !== null) {
    app.addHook("onRequest", async (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      if (!ceilingPrefixes.some((prefix) => path.startsWith(prefix))) return;
      const taken = await ceiling.take(request.ip);
      if (taken.allowed) return;
      const locale = localeFromHeader(request.headers["accept-language"]);
      reply.header("retry-after", String(Math.max(1, Math.ceil(taken.retryAfterMs / 1000))));
      const entry = request.routeOptions.config?.endpoint ?? null;
      sendFailure(ctx, entry, reply, { status: 429, key: "common.operationTooFrequent" }, locale);
      return reply;
    });
  }

  // Before the routes, so the hook counts each of them (README "Metrics").
  if (ctx.metrics !== null && ctx.config.metricsToken !== null)
    registerMetrics(app, ctx.metrics, ctx.config.metricsToken);

  const multipartEntries = endpointList.filter(
    (entry) => entry.implemented && entry.wire === "multipart",
  );
  await registerUploadRoutes(app, ctx, sessions, multipartEntries);
  for (const entry of endpointList) {
    if (!entry.implemented || entry.wire === "multipart") continue;
    const own = handlers[entry.id as keyof typeof handlers] as unknown as (
      call: Call,
      input: unknown,
    ) => Promise<Outcome<unknown>>;
    // A creation is done once per idempotency key (docs/idempotency.md).
    const handler = creationEndpoints.has(entry.id) ? createdOnce(entry.id, own) : own;
    app.route({
      method: entry.method,
      url: entry.path,
      config: { endpoint: entry },
      handler: (request, reply) =>
        handleCall(
          ctx,
          sessions,
          entry,
          handler,
          request,
          reply,
          inputProblems[entry.id as keyof typeof inputProblems],
        ),
    });
  }

  // The QR image an operator stored (config:set-service --line-img-file): public, as the
  // contact is, and only the current one; its key is its content's hash, so it never changes.
  app.get<{ Params: { key: string } }>(`${serviceImagePath}/:key`, async (request, reply) => {
    const key = storedServiceImageKey(await readCustomerService(ctx.db));
    const bytes = key === request.params.key ? await ctx.files.get(key) : null;
    if (bytes === null) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    return reply
      .type(imageTypeOfKey(key ?? ""))
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

  // Liveness: the process answers. Readiness: it can serve calls (README, "Scale-out").
  app.get("/healthz", async () => ({ ok: true }));
  const expectedMigrations = readMigrations().map((migration) => migration.tag);
  app.get("/readyz", async (_request, reply) => {
    const readiness = ctx.lifecycle.draining
      ? { ok: false as const, reason: "stopping" }
      : ((await storageReadiness(ctx)) ?? (await checkReadiness(ctx.database, expectedMigrations)));
    return reply.code(readiness.ok ? 200 : 503).send(readiness);
  });

  if (ctx.config.testMode) registerTestRoutes(app, ctx);

  const webDir = ctx.config.webDir;
  if (webDir !== null && existsSync(join(webDir, "index.html"))) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: "/",
      wildcard: true,
      index: ["index.html"],
      // The build writes .br and .gz beside every text file (apps/web scripts/precompress-plugin.ts):
      // the browser gets the one it accepts, nothing is compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header("cache-control", webCacheControl(relative(webDir, path)));
      },
    });
    ctx.logger.info({ webDir }, "serving the web app");
  } else if (webDir !== null) {
    ctx.logger.info(
      { webDir },
      "no built web app there (index.html missing); serving the API only",
    );
  }

  return app;
}

/** A stored image's type from its key's extension (files/file-store.ts names keys so). */
function imageTypeOfKey(key: string): string {
  if (key.endsWith(".png")) return "image/png";
  if (key.endsWith(".webp")) return "image/webp";
  return "image/jpeg";
}
