import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Api, createApi } from "@chayong/sdk";
import { createCodec, createTransport, type Locale, type Transport } from "@chayong/transport";
import { nodeCipherEngine } from "@chayong/transport/node";
import type { DestinationStream } from "pino";
import { loadConfig, type ServerConfig } from "../config/config";
import { addLender } from "../lenders/lenders";
import { createLogger } from "../logging/logger";
import { type RunningServer, startServer } from "../server";
import {
  createConsoleSmsProvider,
  createTestSmsProvider,
  type SmsProvider,
  type TestSmsProvider,
} from "../sms/sms-provider";
import { testClientTimeoutMs } from "./process-client";
import { rememberedFaceAnalyzer, rememberedIdCardReader } from "./remembered-engines";
import { createTestDatabase, type TestDatabase } from "./test-database";

/** A clock the tests move by hand. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
  set(instant: Date): void;
}

export function createTestClock(start = new Date("2026-03-02T01:00:00.000Z")): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(instant) {
      current = instant.getTime();
    },
  };
}

/** One app user talking to the server only through @chayong/sdk and @chayong/transport. */
export interface TestClient {
  api: Api;
  transport: Transport;
  token: string | null;
  locale: Locale;
  /** Send a code, read it from the test SMS provider, log in; keeps the token. */
  logIn(phone: string): Promise<void>;
}

export interface TestServer {
  server: RunningServer;
  url: string;
  config: ServerConfig;
  clock: TestClock;
  sms: TestSmsProvider;
  database: TestDatabase;
  /**
   * A client through the real SDK and transport; `compressedAnswers` as the web app sets it;
   * `apiKey` as an internal tool does (sent instead of any session token).
   */
  client(options?: { compressedAnswers?: boolean; apiKey?: string }): TestClient;
  /** A client logged in as `phone` (the code read from the test SMS provider). */
  loggedInClient(phone: string): Promise<TestClient>;
  /** An operator adding a lender (the `lender:add` command's function). */
  addLender(phone: string, name: string): Promise<void>;
  close(): Promise<void>;
}

export const demoLenderPhone = "01000000000";

/**
 * Starts the real server in-process on port 0, on a fresh PGlite folder (or a fresh schema of
 * TEST_DATABASE_URL), with the test SMS provider and a hand-moved clock. With `logDestination`, the
 * server's log (at env LOG_LEVEL) goes there, and every SMS is also written to it as the console
 * provider of the embedded default writes it. The face and OCR engines are the process's remembered
 * ones (remembered-engines.ts): each distinct image runs through them once.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  database: TestDatabase = createTestDatabase({ migrated: true }),
  options: {
    logDestination?: DestinationStream;
    /** Uploaded and sealed files in this folder, kept at close (a restart on the same data). */
    filesRoot?: string;
  } = {},
): Promise<TestServer> {
  const loaded = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    CHAYONG_TEST_MODE: "1",
    CHAYONG_WEB_DIR: "none",
    CHAYONG_DEMO_LENDER: "1",
    CHAYONG_DEMO_LENDER_PHONE: demoLenderPhone,
    LOG_LEVEL: "silent",
    ...env,
  });
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join("; "));
  const ownFilesRoot =
    loaded.config.files.kind === "s3" || options.filesRoot !== undefined
      ? null
      : mkdtempSync(join(tmpdir(), "chayong-test-files-"));
  const filesRoot = options.filesRoot ?? ownFilesRoot;
  const config: ServerConfig = {
    ...loaded.config,
    database: database.config,
    databaseSchema: database.schemaName,
    // Uploads of a test stay in a folder of its own unless the test chose S3.
    files: filesRoot === null ? loaded.config.files : { kind: "local", root: filesRoot },
    // The signing certificate is made in the test database's own folder on first use, unless
    // the test named one.
    signing: env.CHAYONG_SIGNING_P12
      ? loaded.config.signing
      : { ...loaded.config.signing, p12Path: join(database.dataDir, "signing.p12") },
    // PGlite keeps generated keys in its data folder; PostgreSQL needs them configured.
    identityKeys:
      loaded.config.identityKeys ??
      (database.config.kind === "postgres"
        ? {
            current: { id: "test", key: new Uint8Array(randomBytes(32)) },
            retired: [],
            lookupKey: new Uint8Array(randomBytes(32)),
          }
        : null),
  };
  const clock = createTestClock();
  // Texts carry the server's time (its clock, moved by POST /__test/clock too).
  let serverNow = clock.now;
  const sms = createTestSmsProvider(() => serverNow());
  const logger =
    options.logDestination === undefined
      ? undefined
      : createLogger(config.logLevel, options.logDestination);
  let serverSms: SmsProvider = sms;
  if (logger !== undefined) {
    const printed = createConsoleSmsProvider(logger);
    serverSms = {
      ...sms,
      async send(message) {
        await printed.send(message);
        return sms.send(message);
      },
    };
  }
  let server: RunningServer;
  try {
    // Another tesseract command, or OCR off, gets the server's own reader.
    const defaultOcr = config.identityEngines.tesseractCommand === "tesseract";
    server = await startServer({
      config,
      now: clock.now,
      sms: serverSms,
      logger,
      faceAnalyzer: rememberedFaceAnalyzer(),
      idCards: defaultOcr ? rememberedIdCardReader() : undefined,
    });
  } catch (error) {
    await database.dispose();
    if (ownFilesRoot !== null) rmSync(ownFilesRoot, { recursive: true, force: true });
    throw error;
  }
  serverNow = server.context.now;
  const codec = createCodec({
    key: config.cipher.key,
    iv: config.cipher.iv,
    engine: nodeCipherEngine,
  });

  function client(options: { compressedAnswers?: boolean; apiKey?: string } = {}): TestClient {
    const state: TestClient = {
      api: undefined as unknown as Api,
      transport: undefined as unknown as Transport,
      token: null,
      locale: "ko-KR",
      async logIn(phone) {
        const sent = await state.api.auth.sendCode({ phone });
        if (sent.resendAfterSeconds <= 0) throw new Error("unexpected send answer");
        const e164 = phone.startsWith("+") ? phone : `+82${phone.replace(/^0/, "")}`;
        const code = sms.lastCode(e164);
        if (code === undefined) throw new Error(`no code sent to ${e164}`);
        const login = await state.api.auth.login({ phone, code });
        state.token = login.token;
        loginInfo = login.loginInfo;
      },
    };
    let loginInfo: { userId: string; uuId: string } | null = null;
    state.transport = createTransport({
      baseUrl: server.url,
      codec,
      session: {
        getToken: () => state.token,
        getLoginInfo: () => loginInfo,
        getDevice: () => ({ adid: `test-${randomBytes(4).toString("hex")}` }),
        getLocale: () => state.locale,
      },
      slowNetworkMs: Number.POSITIVE_INFINITY,
      timeoutMs: testClientTimeoutMs,
      compressedAnswers: options.compressedAnswers ?? false,
      apiKey: options.apiKey,
      // Cloud uploads ask the server for credentials, as the app does (S3 deployments only).
      uploadTokenProvider: () => state.api.identity.uploadCredentials(),
    });
    state.api = createApi(state.transport);
    return state;
  }

  return {
    server,
    url: server.url,
    config,
    clock,
    sms,
    database,
    client,
    async loggedInClient(phone) {
      const loggedIn = client();
      await loggedIn.logIn(phone);
      return loggedIn;
    },
    async addLender(phone, name) {
      const added = await addLender(
        server.context.db,
        { phone, name, merchantName: `${name} Co` },
        clock.now(),
      );
      if (!added.ok) throw new Error(added.problem);
    },
    async close() {
      try {
        await server.close();
      } finally {
        await database.dispose();
        if (ownFilesRoot !== null) rmSync(ownFilesRoot, { recursive: true, force: true });
      }
    },
  };
}
