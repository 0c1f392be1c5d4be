import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { type EndpointEntry, endpointList } from "@chayong/sdk/server";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { ServerContext } from "../context";
import { localeFromHeader } from "../messages/message-for";
import type { Outcome } from "../outcome";
import { registerUploadRoutes } from "../uploads/routes";
import { type Call, handleCall, sendFailure } from "./call";
import { handlers } from "./handlers";
import { registerTestRoutes } from "./test-routes";

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

/** Paths the API answers with envelopes (even when nothing is registered there). */
const apiPrefixes = ["/api/", "/auth/", "/upload/", "/__test/"];

declare module "fastify" {
  interface FastifyContextConfig {
    endpoint?: EndpointEntry;
  }
}

/**
 * The HTTP server: every implemented endpoint of the SDK table, the test routes in test mode,
 * and the built web app at '/' (API paths take precedence).
 */
export async function buildApp(ctx: ServerContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as FastifyBaseLogger,
    bodyLimit: bodyLimitBytes,
    trustProxy: ctx.config.trustProxy,
    // Answers carry their own request ids in the log; clients never see stack traces.
    return503OnClosing: true,
  });

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

  for (const entry of endpointList) {
    if (!entry.implemented) continue;
    if (entry.wire === "multipart") {
      await registerUploadRoutes(app, ctx, entry);
      continue;
    }
    const handler = handlers[entry.id as keyof typeof handlers] as unknown as (
      call: Call,
      input: unknown,
    ) => Promise<Outcome<unknown>>;
    app.route({
      method: entry.method,
      url: entry.path,
      config: { endpoint: entry },
      handler: (request, reply) => handleCall(ctx, entry, handler, request, reply),
    });
  }

  app.get("/healthz", async () => ({ ok: true }));

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
