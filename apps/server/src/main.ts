/**
 * `pnpm --filter @chayong/server start`: reads the configuration from the environment, starts
 * the server and prints where it listens and how to log in.
 */
import pino from "pino";
import { describeConfigProblems, loadConfig } from "./config/config";
import { createLogger } from "./logging/logger";
import { ServerStartError, startServer } from "./server";
import { readCustomerService } from "./service-config/service-config";

function nationalFormat(e164: string): string {
  const korean = /^\+82(\d{2})(\d{3,4})(\d{4})$/.exec(e164);
  return korean ? `0${korean[1]}-${korean[2]}-${korean[3]}` : e164;
}

async function main(): Promise<void> {
  const loaded = loadConfig(process.env);
  if (!loaded.ok) {
    console.error(
      `Chayong server cannot start: invalid configuration:\n${describeConfigProblems(loaded.problems)}`,
    );
    process.exit(1);
  }
  // Synchronous writes keep the log and the banner below in the order they happened.
  const logger = createLogger(loaded.config.logLevel, pino.destination({ dest: 1, sync: true }));
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({ config: loaded.config, logger });
  } catch (error) {
    if (error instanceof ServerStartError) {
      console.error(`Chayong server cannot start: ${error.message}`);
      process.exit(1);
    }
    if ((error as { code?: string }).code === "EADDRINUSE") {
      const { host, port } = loaded.config;
      console.error(
        `Chayong server cannot start: ${host}:${port} is already in use (another server running?); stop it or set PORT`,
      );
      process.exit(1);
    }
    throw error;
  }
  const { config } = server.context;
  const lines = [
    "",
    `  Chayong is running at ${server.url}`,
    `  Database: ${config.database.kind === "pglite" ? `embedded PGlite in ${config.database.dataDir}` : "PostgreSQL (DATABASE_URL)"}`,
  ];
  if (server.demoLenderPhone !== null) {
    lines.push(
      `  Demo lender login: phone ${nationalFormat(server.demoLenderPhone)} — press "send code";`,
      `  the code appears in this log (console SMS provider).`,
    );
  }
  const contact = await readCustomerService(server.context.db);
  if (contact.line === "" && contact.line_url === "" && contact.line_img === "") {
    // The app's service panel says only 'no contact yet' until an operator sets one.
    lines.push(
      "  Customer service: no contact set; the app's service panel shows none until you run",
      "  pnpm --filter @chayong/server config:set-service --line <ID> --line-url <URL> [--line-img-file qr.png]",
      "  (it may run beside this server).",
    );
  }
  if (config.testMode)
    lines.push("  TEST MODE: GET /__test/sms?phone=... answers the last code sent.");
  console.info(`${lines.join("\n")}\n`);

  // Graceful stop (README, "Scale-out"): /readyz answers 503, no new connections, calls in
  // flight finish (at most shutdownGraceMs), then Redis and the database pool close. A second
  // signal stops at once.
  let stopping = false;
  const stop = async (signal: string, exitCode = 0) => {
    if (stopping) {
      server.context.logger.warn({ signal }, "stopping now, without waiting for calls");
      process.exit(1);
    }
    stopping = true;
    server.context.logger.info({ signal }, "stopping: finishing calls in flight");
    try {
      await server.close();
    } catch (error) {
      server.context.logger.error({ err: error }, "stopping failed");
      process.exit(1);
    }
    server.context.logger.info("stopped");
    process.exit(exitCode);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  // An error nothing caught (docs/operations.md, "Errors nothing caught"): a driver's callback
  // that throws after its connection closed must not take every call in flight down with it.
  // Logged, and the process keeps serving; only errors that keep coming (the process is no
  // longer sound) stop it, gracefully, for its supervisor to start a fresh one.
  const recent: number[] = [];
  const uncaught = (kind: string) => (error: unknown) => {
    server.context.logger.error({ err: error, kind }, "error nothing caught; still serving");
    const now = Date.now();
    recent.push(now);
    while (recent.length > 0 && (recent[0] ?? now) < now - uncaughtWindowMs) recent.shift();
    if (recent.length >= uncaughtLimit && !stopping) {
      server.context.logger.fatal(
        { errors: recent.length, windowMs: uncaughtWindowMs },
        "errors nothing caught keep coming: stopping so a fresh process takes over",
      );
      void stop(kind, 1);
    }
  };
  process.on("uncaughtException", uncaught("uncaughtException"));
  process.on("unhandledRejection", uncaught("unhandledRejection"));
}

/** So many uncaught errors within the window stop the process (see `uncaught` in main). */
const uncaughtLimit = 10;
const uncaughtWindowMs = 60_000;

await main();
