import type { AddressInfo } from "node:net";
import { type Codec, createCodec } from "@chayong/transport";
import { nodeCipherEngine } from "@chayong/transport/node";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { type SessionCache, startSessionCache } from "./auth/session-cache";
import {
  type ConfigProblem,
  describeConfigProblems,
  type Environment,
  type IdentityEnginesConfig,
  loadConfig,
  type ServerConfig,
} from "./config/config";
import type { ServerContext } from "./context";
import { loadSigningCertificate } from "./contracts/seal/signing-certificate";
import { rebuildBookDays } from "./customers/book-days";
import { openDatabase } from "./db/database";
import { migrate } from "./db/migrate";
import { keepPlannerStatistics } from "./db/planner-statistics";
import { rebuildPendingReadModels } from "./db/read-model-rebuilds";
import { fileStoresFor } from "./files/file-stores";
import { buildApp } from "./http/app";
import type { FaceAnalyzer } from "./identity/face/embedding-face-verifier";
import type { FaceVerifier } from "./identity/face/face-verifier";
import { createHttpFaceVerifier } from "./identity/face/http-face-verifier";
import { createHumanFaceAnalyzer } from "./identity/face/human-face-analyzer";
import { createHumanFaceVerifier } from "./identity/face/human-face-verifier";
import { loadOrCreateIdentityKeys } from "./identity/identity-keys-file";
import type { IdCardReader } from "./identity/ocr/id-card-reader";
import { createTesseractIdCardReader } from "./identity/ocr/tesseract-id-card-reader";
import { PersonalDataCipher } from "./identity/personal-data-cipher";
import { createJobRunner, everyInterval, type JobHandler } from "./jobs/job-queue";
import { addLender, countLenders, lenderPhone } from "./lenders/lenders";
import { createLogger } from "./logging/logger";
import { createMetrics } from "./metrics/metrics";
import { noticeJobHandlers, runJobs } from "./notices/notices";
import { runOperatorCommand } from "./operator/commands";
import { listenForOperatorCommands } from "./operator/operator-channel";
import { createRequestCeiling, type RequestCeiling } from "./request-ceiling/request-ceiling";
import { createSmsProvider, type SmsProvider } from "./sms/sms-provider";
import { FileAddresses } from "./uploads/file-addresses";

/**
 * What tests (and embedders) may replace: the clock, the SMS provider, the logger, and the
 * recognition engines (a vendor's face matcher; one engine shared by many test servers).
 */
export interface ServerDependencies {
  now?: () => Date;
  sms?: SmsProvider;
  logger?: Logger;
  faces?: FaceVerifier;
  /** The engine the liveness check analyses frames with (shared with the local verifier). */
  faceAnalyzer?: FaceAnalyzer;
  idCards?: IdCardReader;
  /**
   * The envelope codec instead of the configured AES one: for benchmarks and tests only
   * (bench/envelope.ts compares it with an identity codec). Code only, never a setting or a
   * request: nothing a client sends can turn encryption off.
   */
  codec?: Codec;
}

export interface ChayongServer {
  app: FastifyInstance;
  context: ServerContext;
  /** The signed-in callers this process keeps (auth/session-cache.ts); the HTTP layer reads them. */
  sessions: SessionCache;
  /** The demo lender's phone (E.164) when the embedded default has one. */
  demoLenderPhone: string | null;
  /** Migrations applied by this start. */
  migrationsApplied: string[];
  close(): Promise<void>;
}

export class ServerStartError extends Error {
  override readonly name = "ServerStartError";
  readonly problems: ConfigProblem[];

  constructor(message: string, problems: ConfigProblem[] = []) {
    super(message);
    this.problems = problems;
  }
}

/**
 * Opens the database, applies migrations, creates the demo lender (embedded default, first
 * start) and builds the HTTP app, without listening yet.
 */
export async function createServer(
  config: ServerConfig,
  dependencies: ServerDependencies = {},
): Promise<ChayongServer> {
  const logger = dependencies.logger ?? createLogger(config.logLevel);
  const baseNow = dependencies.now ?? (() => new Date());
  // Test mode lets a browser test move the whole server through time (POST /__test/clock): an
  // offset on the base clock, so time still passes from the instant it was set to.
  let clockOffsetMs = 0;
  const now = config.testMode ? () => new Date(baseNow().getTime() + clockOffsetMs) : baseNow;
  const testClock = config.testMode
    ? {
        set(instant: Date | null) {
          clockOffsetMs = instant === null ? 0 : instant.getTime() - baseNow().getTime();
        },
      }
    : null;
  const opened = await openDatabase(config.database, config.databaseSchema);
  if (!opened.ok) {
    throw new ServerStartError(
      `the data folder is in use by process ${opened.holderPid}; stop it first (PGlite allows one process per folder)`,
    );
  }
  const database = opened.database;
  let requestCeiling: RequestCeiling | null = null;
  let stopSessionCache = async () => {};
  let stopJobWorker = async () => {};
  try {
    const migrationsApplied = await migrate(database);
    if (migrationsApplied.length > 0)
      logger.info({ migrations: migrationsApplied }, "database migrated");
    await rebuildPendingReadModels(database.db, now(), logger, {
      lender_book_days: rebuildBookDays,
    });
    // PostgreSQL's autovacuum keeps planner statistics fresh; the embedded PGlite has none.
    const statistics =
      database.kind === "pglite" ? await keepPlannerStatistics(database, logger) : null;

    let demoLenderPhone: string | null = null;
    if (config.demoLender !== null) {
      const demo = config.demoLender;
      if ((await countLenders(database.db)) === 0) {
        const added = await addLender(
          database.db,
          { phone: demo.phone, name: demo.name, merchantName: demo.merchantName },
          now(),
        );
        if (!added.ok) throw new ServerStartError(`CHAYONG_DEMO_LENDER_PHONE: ${added.problem}`);
        logger.info({ phone: added.phone }, "demo lender created");
        demoLenderPhone = added.phone;
      } else {
        demoLenderPhone = await lenderPhone(database.db, demo.phone);
      }
    }

    const sessions = await startSessionCache(database, logger);
    stopSessionCache = sessions.stop;
    const personalData = await openPersonalData(config);
    const fileStores = await fileStoresFor(config.files);
    if (config.ipRequestsPerMinute !== null) {
      requestCeiling = await createRequestCeiling(config.ipRequestsPerMinute, config.redis, logger);
    }

    const faceAnalyzer = dependencies.faceAnalyzer ?? createHumanFaceAnalyzer();
    const metrics = config.metricsToken === null ? null : await createMetrics(database);
    // The handlers need the context, and the context the runner: filled in once it exists.
    const jobHandlers: Record<string, JobHandler> = {};
    const context: ServerContext = {
      config,
      database,
      db: database.db,
      now,
      testClock,
      jobs: createJobRunner({ db: database.db, handlers: jobHandlers, now, logger, metrics }),
      sms: dependencies.sms ?? createSmsProvider(config.sms, logger, now),
      logger,
      codec:
        dependencies.codec ??
        createCodec({
          key: config.cipher.key,
          iv: config.cipher.iv,
          engine: nodeCipherEngine,
        }),
      personalData,
      fileAddresses: new FileAddresses(personalData.derivedKey("file addresses")),
      ...fileStores,
      signingCertificate: once(() => loadSigningCertificate(config.signing)),
      faces: dependencies.faces ?? faceVerifierFor(config.identityEngines, logger, faceAnalyzer),
      faceAnalyzer,
      idCards: dependencies.idCards ?? idCardReaderFor(config.identityEngines.tesseractCommand),
      answerDelays: new Map(),
      requestCeiling,
      lifecycle: { draining: false },
      metrics,
    };
    Object.assign(jobHandlers, noticeJobHandlers(context));
    if (config.jobsPollMs !== null) {
      stopJobWorker = everyInterval(config.jobsPollMs, () => runJobs(context), logger).stop;
    }
    if (config.cipher.usesDevDefaults) {
      logger.warn(
        "using the public development cipher key and IV (set CHAYONG_CIPHER_KEY / CHAYONG_CIPHER_IV)",
      );
    }
    if (config.testMode)
      logger.warn("TEST MODE: /__test/ routes are on; never run this in production");
    const app = await buildApp(context, sessions.cache);
    // The embedded data folder is this process's alone: operator commands come in by its socket.
    const stopOperatorChannel =
      config.database.kind === "pglite"
        ? await listenForOperatorCommands(config.database.dataDir, (argv) =>
            runOperatorCommand(argv, {}, now, {
              config,
              database,
              files: context.files,
            }),
          )
        : null;
    let closed = false;
    return {
      app,
      context,
      sessions: sessions.cache,
      demoLenderPhone,
      migrationsApplied,
      async close() {
        if (closed) return;
        closed = true;
        // Readiness fails first, so a load balancer still polling stops sending calls here.
        context.lifecycle.draining = true;
        await stopOperatorChannel?.();
        statistics?.stop();
        await stopJobWorker();
        try {
          await closeApp(app, shutdownGraceMs, logger);
          // An engine handed in by the caller is the caller's to close.
          if (dependencies.faces === undefined) await context.faces.close?.();
          // The liveness check's analyzer, when no local verifier owned it (a vendor's service).
          if (
            dependencies.faceAnalyzer === undefined &&
            config.identityEngines.faceVerifier.kind !== "local"
          ) {
            await faceAnalyzer.close?.();
          }
        } finally {
          try {
            await stopSessionCache();
            await requestCeiling?.close();
          } finally {
            await database.close();
          }
        }
      },
    };
  } catch (error) {
    await stopJobWorker();
    await stopSessionCache();
    await requestCeiling?.close();
    await database.close();
    throw error;
  }
}

/** How long a stopping server lets calls in flight finish before it cuts their connections. */
export const shutdownGraceMs = 10_000;

/**
 * Graceful stop: no new connections, idle keep-alive connections closed, calls in flight
 * answered (Fastify's close). Calls still running after `graceMs` lose their connections, so a
 * hung call cannot keep the process (and its database pool) from stopping.
 */
async function closeApp(app: FastifyInstance, graceMs: number, logger: Logger): Promise<void> {
  const closing = app.close();
  // A connection kept alive after its last answer would hold the close until it times out.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<"grace over">((resolve) => {
    timer = setTimeout(() => resolve("grace over"), graceMs);
    timer.unref();
  });
  try {
    if ((await Promise.race([closing, graceOver])) === "grace over") {
      logger.warn({ graceMs }, "calls still running after the shutdown grace; closing them");
      app.server.closeAllConnections();
      await closing;
    }
  } finally {
    clearTimeout(timer);
    clearInterval(idleSweep);
  }
}

/** The local engine, or a vendor's service (docs/identity.md, "A vendor's service"). */
function faceVerifierFor(
  engines: IdentityEnginesConfig,
  logger: Logger,
  analyzer: FaceAnalyzer,
): FaceVerifier {
  const { faceVerifier, faceThresholds: thresholds } = engines;
  // The local engine shares the liveness check's analyzer: its models load once.
  if (faceVerifier.kind === "local") return createHumanFaceVerifier({ thresholds, analyzer });
  // The host only: the URL's path or query may hold a secret, and the key is never logged.
  logger.info(
    { faceVerifier: new URL(faceVerifier.url).host, thresholds },
    "faces are matched by a vendor's service",
  );
  return createHttpFaceVerifier({ ...faceVerifier, thresholds });
}

/** Tesseract, or with OCR off a reader that says so (the form is then filled by hand). */
function idCardReaderFor(command: string | null): IdCardReader {
  if (command !== null) return createTesseractIdCardReader({ command });
  const off = { available: false, reason: "OCR is off (CHAYONG_TESSERACT=off)" } as const;
  return { read: async () => off, locate: async () => off };
}

/** The ID number keys: configured, or the embedded default's own (docs/identity.md). */
async function openPersonalData(config: ServerConfig): Promise<PersonalDataCipher> {
  try {
    const keys =
      config.identityKeys ??
      (config.database.kind === "pglite"
        ? await loadOrCreateIdentityKeys(config.database.dataDir)
        : null);
    if (keys === null) {
      throw new Error(
        "CHAYONG_IDENTITY_KEYS and CHAYONG_IDENTITY_LOOKUP_KEY are needed with DATABASE_URL",
      );
    }
    return new PersonalDataCipher(keys);
  } catch (error) {
    throw new ServerStartError(
      `identity keys: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export interface StartOptions extends ServerDependencies {
  /** Default: read from `env`. */
  config?: ServerConfig;
  /** Default: process.env. */
  env?: Environment;
}

export interface RunningServer extends ChayongServer {
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
}

/** createServer + listen. With config.port 0 the system picks a free port (tests). */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  let config = options.config;
  if (config === undefined) {
    const loaded = loadConfig(options.env ?? process.env);
    if (!loaded.ok) {
      throw new ServerStartError(
        `invalid configuration:\n${describeConfigProblems(loaded.problems)}`,
        loaded.problems,
      );
    }
    config = loaded.config;
  }
  const server = await createServer(config, options);
  try {
    await server.app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await server.close();
    throw error;
  }
  const { port } = server.app.server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  return { ...server, port, url: `http://${host.includes(":") ? `[${host}]` : host}:${port}` };
}

/** A lazy value made at its first use; a failure is not kept (the next use tries again). */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = null;
      throw error;
    });
    return made;
  };
}
