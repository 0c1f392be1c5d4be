import { isAbsolute, join, resolve } from "node:path";
import { codecSettingsFromEnv } from "@chayong/transport";
import type { S3FileStoreConfig } from "../files/s3-file-store";
import type { FaceThresholds } from "../identity/face/face-verifier";
import { DEFAULT_FACE_VERIFIER_TIMEOUT_MS } from "../identity/face/http-face-verifier";
import { DEFAULT_FACE_THRESHOLDS } from "../identity/face/human-face-verifier";
import type { PersonalDataKeys } from "../identity/personal-data-cipher";
import { serverPackageDir } from "../package-dir";

export type Environment = Record<string, string | undefined>;

export type DatabaseConfig =
  | { kind: "pglite"; dataDir: string }
  | { kind: "postgres"; url: string };

export type SmsConfig =
  | { provider: "console" }
  | { provider: "test" }
  | { provider: "http"; url: string; token: string | undefined; sender: string | undefined };

/** Where uploaded images are kept (docs/identity.md). */
export type FileStoreConfig =
  | { kind: "local"; root: string }
  | ({ kind: "s3" } & S3FileStoreConfig);

export interface DemoLenderConfig {
  phone: string;
  name: string;
  merchantName: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** PostgreSQL schema the tables live in (search_path); `public` unless set. */
  databaseSchema: string;
  cipher: { key: Uint8Array; iv: Uint8Array; usesDevDefaults: boolean };
  /**
   * The keys ID numbers are sealed and found with (docs/identity.md); null = the embedded
   * default keeps generated keys in its data folder.
   */
  identityKeys: PersonalDataKeys | null;
  /**
   * The certificate sealed contract PDFs are signed with (docs/contract-pdf.md, "Sealing"):
   * `CHAYONG_SIGNING_P12` (a PKCS#12 file) and `CHAYONG_SIGNING_P12_PASSWORD`, or a self-signed
   * one the server makes in its data folder on first use.
   */
  signing: SigningCertificateSource;
  files: FileStoreConfig;
  /** The recognition engines of identity verification (docs/identity.md). */
  identityEngines: IdentityEnginesConfig;
  sms: SmsConfig;
  /** SMS sends allowed per client IP per hour (docs/login.md#limits: a per-IP limit). */
  smsIpHourlyLimit: number;
  /** API calls allowed per client IP per minute, all endpoints together; null = no ceiling. */
  ipRequestsPerMinute: number | null;
  /** Shared counters for N processes (the request ceiling); null = each process counts alone. */
  redis: RedisConfig | null;
  /** Absolute folder of the built web app; null = do not serve it. */
  webDir: string | null;
  /** Origin used in share links; null = the origin the request came to. */
  publicUrl: string | null;
  /** Behind a load balancer: take the client IP from X-Forwarded-For. */
  trustProxy: boolean;
  /** CHAYONG_TEST_MODE=1: the test SMS provider and the /__test/ routes. Never in production. */
  testMode: boolean;
  /** Created on first start of the embedded default when no lender exists yet. */
  demoLender: DemoLenderConfig | null;
  logLevel: string;
  /** `GET /metrics` is served only with this bearer token (README "Metrics"); null = not at all. */
  metricsToken: string | null;
  /**
   * How often this process looks for due jobs (docs/notices.md, "The job queue"), in ms; null =
   * it runs none (another process does, or a test calls POST /__test/jobs/run).
   */
  jobsPollMs: number | null;
  /**
   * `/readyz` says not ready when the embedded database's folder or the local file store has
   * less free space than this, in bytes (docs/operations.md, "A full disk"); 0 = no floor.
   */
  minFreeBytes: number;
  /** API calls one process serves at a time; more are answered 503 busy (0: no cap). */
  maxCallsInFlight: number;
  /** API calls are answered 503 busy while the event loop lags more than this, in ms (0: never). */
  maxEventLoopDelayMs: number;
}

/**
 * API calls in flight per process before it sheds (docs/operations.md, "Overload"): about what
 * one process answers in 100 ms at its zero-error rate (bench:overload), so a call taken waits
 * little behind the others.
 */
export const DEFAULT_MAX_CALLS_IN_FLIGHT = 32;

/**
 * A mean event-loop delay over this (ms) sheds every API call: a backstop for work the in-flight
 * cap does not see (a PDF being sealed holds the loop); a second means every call waits.
 */
export const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 1000;

/** The free-space floor of `/readyz`: room for a day of uploads and the database's growth. */
export const DEFAULT_MIN_FREE_MB = 200;

/** The embedded default's own sealing certificate, in its data folder. */
export const signingCertificateFileName = "signing.p12";

/** Where the certificate that seals contract PDFs comes from (ServerConfig.signing). */
export interface SigningCertificateSource {
  p12Path: string;
  password: string;
  /** The embedded default: make a self-signed one on first use when there is none. */
  createIfMissing: boolean;
  /** Named in the certificate made when there is none. */
  commonName: string;
}

export interface RedisConfig {
  url: string;
  /** Prefix of every key, so deployments (or test runs) can share one Redis. */
  keyPrefix: string;
}

/**
 * Who matches faces (docs/identity.md, "Matching faces"): the local engine, or a vendor's
 * service over HTTP ("A vendor's service").
 */
export type FaceVerifierConfig =
  | { kind: "local" }
  | { kind: "http"; url: string; apiKey: string; timeoutMs: number };

export interface IdentityEnginesConfig {
  faceVerifier: FaceVerifierConfig;
  /**
   * The similarities (0..1) that split a face comparison's three outcomes (docs/identity.md),
   * on the scale of the engine in use: a vendor's must be set from its own measurements.
   */
  faceThresholds: FaceThresholds;
  /** The tesseract command the ID card reader runs; null = OCR off (hand entry). */
  tesseractCommand: string | null;
}

/** One bad setting; `variable` is the environment variable to fix. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

export type ConfigResult =
  | { ok: true; config: ServerConfig }
  | { ok: false; problems: ConfigProblem[] };

export const DEFAULT_PORT = 3000;
/** Ten calls a second, sustained for a minute: far above a person using the app. */
export const DEFAULT_IP_REQUESTS_PER_MINUTE = 600;
export const DEFAULT_DEMO_LENDER: DemoLenderConfig = {
  phone: "01000000000",
  name: "Demo Lender",
  merchantName: "Demo Merchant",
};

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
const schemaNamePattern = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Reads and checks every setting at once, so a broken deployment reports all its mistakes in one
 * start, each naming the variable (never echoing a secret's value).
 */
export function loadConfig(env: Environment, options: { cwd?: string } = {}): ConfigResult {
  const cwd = options.cwd ?? process.cwd();
  const problems: ConfigProblem[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  const problem = (variable: string, message: string) => problems.push({ variable, message });
  /** A whole-number setting; anything else is refused with "<name> must be a whole number<rule>". */
  const wholeNumber = (name: string, fallback: number, rule: string): number => {
    const value = parseInteger(read(name), fallback);
    if (value === null) problem(name, `${name} must be a whole number${rule}`);
    return value ?? fallback;
  };

  const port = parseInteger(read("PORT"), DEFAULT_PORT);
  if (port === null || port < 0 || port > 65_535) {
    problem("PORT", "PORT must be a whole number from 0 to 65535");
  }

  const testMode = parseFlag(read("CHAYONG_TEST_MODE"));
  if (testMode === null) problem("CHAYONG_TEST_MODE", "CHAYONG_TEST_MODE must be 1 or 0");
  if (testMode === true && env.NODE_ENV === "production") {
    problem("CHAYONG_TEST_MODE", "CHAYONG_TEST_MODE=1 is refused when NODE_ENV=production");
  }

  const databaseUrl = read("DATABASE_URL");
  let database: DatabaseConfig;
  if (databaseUrl !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
      problem("DATABASE_URL", "DATABASE_URL must start with postgres:// or postgresql://");
    }
    database = { kind: "postgres", url: databaseUrl };
  } else {
    database = { kind: "pglite", dataDir: resolve(cwd, read("CHAYONG_DATA_DIR") ?? "data") };
  }

  const databaseSchema = read("CHAYONG_DATABASE_SCHEMA") ?? "public";
  if (!schemaNamePattern.test(databaseSchema)) {
    problem(
      "CHAYONG_DATABASE_SCHEMA",
      "CHAYONG_DATABASE_SCHEMA must be a lower-case identifier (a-z, 0-9, _)",
    );
  }

  let cipher: ServerConfig["cipher"] = {
    key: new Uint8Array(),
    iv: new Uint8Array(),
    usesDevDefaults: true,
  };
  try {
    cipher = codecSettingsFromEnv(env);
  } catch (error) {
    const variable =
      error instanceof Error && "variable" in error && typeof error.variable === "string"
        ? error.variable
        : "CHAYONG_CIPHER_KEY";
    problem(variable, error instanceof Error ? error.message : `${variable} is invalid`);
  }
  if (cipher.usesDevDefaults && env.NODE_ENV === "production") {
    problem(
      "CHAYONG_CIPHER_KEY",
      "NODE_ENV=production needs CHAYONG_CIPHER_KEY and CHAYONG_CIPHER_IV (the development values are public)",
    );
  }

  const identityKeys = readIdentityKeys(read, problem, database.kind);
  const files = readFileStoreConfig(read, problem, cwd);

  const faceThreshold = (name: string, fallback: number) => {
    const value = Number(read(name) ?? fallback);
    if (!Number.isFinite(value) || value <= 0 || value >= 1) {
      problem(name, `${name} must be a number between 0 and 1 (exclusive)`);
    }
    return value;
  };
  const faceThresholds = {
    match: faceThreshold("CHAYONG_FACE_MATCH_THRESHOLD", DEFAULT_FACE_THRESHOLDS.match),
    review: faceThreshold("CHAYONG_FACE_REVIEW_THRESHOLD", DEFAULT_FACE_THRESHOLDS.review),
  };
  const faceVerifier = readFaceVerifierConfig(read, problem);
  // The defaults are the local engine's measurements; a vendor's similarities have a scale of
  // their own (docs/identity.md, "A vendor's service").
  if (faceVerifier.kind === "http") {
    for (const name of ["CHAYONG_FACE_MATCH_THRESHOLD", "CHAYONG_FACE_REVIEW_THRESHOLD"]) {
      if (read(name) === undefined) {
        problem(name, `CHAYONG_FACE_VERIFIER=http needs ${name}, measured on the service`);
      }
    }
  }
  if (faceThresholds.review > faceThresholds.match) {
    problem(
      "CHAYONG_FACE_REVIEW_THRESHOLD",
      "CHAYONG_FACE_REVIEW_THRESHOLD must not be above CHAYONG_FACE_MATCH_THRESHOLD",
    );
  }
  const tesseractSetting = read("CHAYONG_TESSERACT") ?? "tesseract";
  const identityEngines: IdentityEnginesConfig = {
    faceVerifier,
    faceThresholds,
    tesseractCommand: tesseractSetting === "off" ? null : tesseractSetting,
  };

  const sms = readSmsConfig(read, problem, testMode === true);

  const smsIpHourlyLimit = parseInteger(read("CHAYONG_SMS_IP_HOURLY_LIMIT"), 30);
  if (smsIpHourlyLimit === null || smsIpHourlyLimit < 1) {
    problem(
      "CHAYONG_SMS_IP_HOURLY_LIMIT",
      "CHAYONG_SMS_IP_HOURLY_LIMIT must be a whole number >= 1",
    );
  }

  // Off by default in test mode: test suites log in and poll far faster than a person.
  const ipRequestsPerMinute = wholeNumber(
    "CHAYONG_IP_REQUESTS_PER_MINUTE",
    testMode === true ? 0 : DEFAULT_IP_REQUESTS_PER_MINUTE,
    " (0: no ceiling)",
  );

  // Off by default in test mode: a test moves the clock and runs the jobs itself.
  const jobsPollMs = parseInteger(read("CHAYONG_JOBS_POLL_MS"), testMode === true ? 0 : 15_000);
  if (jobsPollMs === null || (jobsPollMs !== 0 && jobsPollMs < 100)) {
    problem("CHAYONG_JOBS_POLL_MS", "CHAYONG_JOBS_POLL_MS must be 0 (no jobs here) or >= 100");
  }

  const minFreeMb = wholeNumber("CHAYONG_MIN_FREE_MB", DEFAULT_MIN_FREE_MB, " of MB (0: no floor)");

  // Off by default in test mode, like the IP ceiling: test suites fire a hundred calls at once.
  const maxCallsInFlight = wholeNumber(
    "CHAYONG_MAX_CALLS_IN_FLIGHT",
    testMode === true ? 0 : DEFAULT_MAX_CALLS_IN_FLIGHT,
    " (0: no cap)",
  );

  // Off in test mode: a test machine's load is not the product's.
  const maxEventLoopDelayMs = wholeNumber(
    "CHAYONG_MAX_EVENT_LOOP_DELAY_MS",
    testMode === true ? 0 : DEFAULT_MAX_EVENT_LOOP_DELAY_MS,
    " of ms (0: never shed on it)",
  );

  const redisUrl = read("REDIS_URL");
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    problem("REDIS_URL", "REDIS_URL must start with redis:// or rediss://");
  }
  const redisKeyPrefix = read("CHAYONG_REDIS_PREFIX") ?? "chayong";

  const webDirSetting = read("CHAYONG_WEB_DIR");
  let webDir: string | null;
  if (webDirSetting === "none") webDir = null;
  else if (webDirSetting !== undefined) webDir = resolve(cwd, webDirSetting);
  else webDir = resolve(serverPackageDir(), "../web/dist");

  const publicUrl = read("CHAYONG_PUBLIC_URL") ?? null;
  if (publicUrl !== null && !isHttpUrl(publicUrl)) {
    problem(
      "CHAYONG_PUBLIC_URL",
      "CHAYONG_PUBLIC_URL must be an http(s) URL such as https://loans.example.com",
    );
  }

  const trustProxy = parseFlag(read("CHAYONG_TRUST_PROXY"));
  if (trustProxy === null) problem("CHAYONG_TRUST_PROXY", "CHAYONG_TRUST_PROXY must be 1 or 0");

  const demoSetting = parseFlag(read("CHAYONG_DEMO_LENDER"), database.kind === "pglite");
  if (demoSetting === null) problem("CHAYONG_DEMO_LENDER", "CHAYONG_DEMO_LENDER must be 1 or 0");
  const demoLender: DemoLenderConfig | null = demoSetting
    ? {
        ...DEFAULT_DEMO_LENDER,
        phone: read("CHAYONG_DEMO_LENDER_PHONE") ?? DEFAULT_DEMO_LENDER.phone,
      }
    : null;

  const logLevel = read("LOG_LEVEL") ?? "info";
  if (!logLevels.includes(logLevel)) {
    problem("LOG_LEVEL", `LOG_LEVEL must be one of ${logLevels.join(", ")}`);
  }

  const metricsToken = read("CHAYONG_METRICS_TOKEN") ?? null;
  if (metricsToken !== null && !/^[\x21-\x7e]{32,}$/.test(metricsToken)) {
    problem(
      "CHAYONG_METRICS_TOKEN",
      "CHAYONG_METRICS_TOKEN must be at least 32 visible ASCII characters (e.g. openssl rand -hex 32)",
    );
  }

  const signingP12 = read("CHAYONG_SIGNING_P12");
  const signing =
    signingP12 === undefined
      ? {
          p12Path: join(
            resolve(cwd, read("CHAYONG_DATA_DIR") ?? "data"),
            signingCertificateFileName,
          ),
          password: "",
          createIfMissing: true,
          commonName: "Chayong contract seal",
        }
      : {
          p12Path: resolve(cwd, signingP12),
          password: read("CHAYONG_SIGNING_P12_PASSWORD") ?? "",
          createIfMissing: false,
          commonName: "",
        };

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      port: port ?? DEFAULT_PORT,
      host: read("HOST") ?? "127.0.0.1",
      database,
      databaseSchema,
      cipher,
      identityKeys,
      signing,
      files,
      identityEngines,
      sms,
      smsIpHourlyLimit: smsIpHourlyLimit ?? 30,
      ipRequestsPerMinute: ipRequestsPerMinute === 0 ? null : ipRequestsPerMinute,
      redis: redisUrl === undefined ? null : { url: redisUrl, keyPrefix: redisKeyPrefix },
      webDir: webDir !== null && !isAbsolute(webDir) ? resolve(cwd, webDir) : webDir,
      publicUrl: publicUrl?.replace(/\/+$/, "") ?? null,
      trustProxy: trustProxy ?? false,
      testMode: testMode ?? false,
      demoLender,
      logLevel,
      metricsToken,
      jobsPollMs: jobsPollMs === null || jobsPollMs === 0 ? null : jobsPollMs,
      minFreeBytes: minFreeMb * 1024 * 1024,
      maxCallsInFlight,
      maxEventLoopDelayMs,
    },
  };
}

function readSmsConfig(
  read: (name: string) => string | undefined,
  problem: (variable: string, message: string) => void,
  testMode: boolean,
): SmsConfig {
  const provider = read("CHAYONG_SMS_PROVIDER") ?? (testMode ? "test" : "console");
  switch (provider) {
    case "console":
      return { provider };
    case "test":
      if (!testMode) {
        problem("CHAYONG_SMS_PROVIDER", "CHAYONG_SMS_PROVIDER=test needs CHAYONG_TEST_MODE=1");
      }
      return { provider };
    case "http": {
      const url = read("CHAYONG_SMS_HTTP_URL");
      if (url === undefined || !isHttpUrl(url)) {
        problem(
          "CHAYONG_SMS_HTTP_URL",
          "CHAYONG_SMS_PROVIDER=http needs CHAYONG_SMS_HTTP_URL (http(s) URL of the gateway)",
        );
      }
      return {
        provider,
        url: url ?? "",
        token: read("CHAYONG_SMS_HTTP_TOKEN"),
        sender: read("CHAYONG_SMS_HTTP_SENDER"),
      };
    }
    default:
      problem("CHAYONG_SMS_PROVIDER", "CHAYONG_SMS_PROVIDER must be console, http or test");
      return { provider: "console" };
  }
}

/**
 * `CHAYONG_FACE_VERIFIER`: `local` (default) or `http` with `CHAYONG_FACE_VERIFIER_URL`,
 * `CHAYONG_FACE_VERIFIER_KEY` and optionally `CHAYONG_FACE_VERIFIER_TIMEOUT_MS`
 * (docs/identity.md, "A vendor's service").
 */
function readFaceVerifierConfig(
  read: (name: string) => string | undefined,
  problem: (variable: string, message: string) => void,
): FaceVerifierConfig {
  const kind = read("CHAYONG_FACE_VERIFIER") ?? "local";
  if (kind === "local") return { kind };
  if (kind !== "http") {
    problem("CHAYONG_FACE_VERIFIER", "CHAYONG_FACE_VERIFIER must be local or http");
    return { kind: "local" };
  }
  const url = read("CHAYONG_FACE_VERIFIER_URL");
  if (url === undefined || !isHttpUrl(url)) {
    problem(
      "CHAYONG_FACE_VERIFIER_URL",
      "CHAYONG_FACE_VERIFIER=http needs CHAYONG_FACE_VERIFIER_URL (http(s) URL of the service)",
    );
  }
  const apiKey = read("CHAYONG_FACE_VERIFIER_KEY");
  if (apiKey === undefined) {
    problem(
      "CHAYONG_FACE_VERIFIER_KEY",
      "CHAYONG_FACE_VERIFIER=http needs CHAYONG_FACE_VERIFIER_KEY (the service's bearer key)",
    );
  }
  const timeoutMs = parseInteger(
    read("CHAYONG_FACE_VERIFIER_TIMEOUT_MS"),
    DEFAULT_FACE_VERIFIER_TIMEOUT_MS,
  );
  if (timeoutMs === null || timeoutMs < 100 || timeoutMs > 60_000) {
    problem(
      "CHAYONG_FACE_VERIFIER_TIMEOUT_MS",
      "CHAYONG_FACE_VERIFIER_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000",
    );
  }
  return {
    kind,
    url: url ?? "",
    apiKey: apiKey ?? "",
    timeoutMs: timeoutMs ?? DEFAULT_FACE_VERIFIER_TIMEOUT_MS,
  };
}

/**
 * `CHAYONG_IDENTITY_KEYS`: `id:base64,...`, 32-byte AES keys, the first seals new values and the
 * others only open old ones; `CHAYONG_IDENTITY_LOOKUP_KEY`: base64, at least 32 bytes. Both or
 * neither; neither is allowed only on the embedded database, whose data folder keeps its own.
 */
function readIdentityKeys(
  read: (name: string) => string | undefined,
  problem: (variable: string, message: string) => void,
  databaseKind: DatabaseConfig["kind"],
): PersonalDataKeys | null {
  const keysSetting = read("CHAYONG_IDENTITY_KEYS");
  const lookupSetting = read("CHAYONG_IDENTITY_LOOKUP_KEY");
  if (keysSetting === undefined && lookupSetting === undefined) {
    if (databaseKind === "postgres") {
      problem(
        "CHAYONG_IDENTITY_KEYS",
        "DATABASE_URL needs CHAYONG_IDENTITY_KEYS and CHAYONG_IDENTITY_LOOKUP_KEY (ID numbers are stored encrypted)",
      );
    }
    return null;
  }
  const keys: { id: string; key: Uint8Array }[] = [];
  for (const entry of (keysSetting ?? "").split(",")) {
    const match = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/]+={0,2})$/.exec(entry.trim());
    const key = match ? new Uint8Array(Buffer.from(match[2] as string, "base64")) : null;
    if (!match || key?.length !== 32 || keys.some((known) => known.id === match[1])) {
      problem(
        "CHAYONG_IDENTITY_KEYS",
        "CHAYONG_IDENTITY_KEYS must be id:key pairs separated by commas, each key 32 bytes in base64, each id distinct",
      );
      return null;
    }
    keys.push({ id: match[1] as string, key });
  }
  const lookupKey = new Uint8Array(Buffer.from(lookupSetting ?? "", "base64"));
  if (lookupKey.length < 32 || !/^[A-Za-z0-9+/]+={0,2}$/.test(lookupSetting ?? "")) {
    problem(
      "CHAYONG_IDENTITY_LOOKUP_KEY",
      "CHAYONG_IDENTITY_LOOKUP_KEY must be at least 32 bytes in base64",
    );
    return null;
  }
  const [current, ...retired] = keys;
  return current ? { current, retired, lookupKey } : null;
}

/**
 * `CHAYONG_FILE_STORE`: `local` (default; `<data dir>/files`, or `CHAYONG_FILES_DIR`) or `s3`
 * with `CHAYONG_S3_BUCKET`, `CHAYONG_S3_ACCESS_KEY_ID`, `CHAYONG_S3_SECRET_ACCESS_KEY` and
 * optionally `CHAYONG_S3_REGION`, `CHAYONG_S3_ENDPOINT` (S3-compatible servers; path-style
 * then), `CHAYONG_S3_PREFIX`.
 */
function readFileStoreConfig(
  read: (name: string) => string | undefined,
  problem: (variable: string, message: string) => void,
  cwd: string,
): FileStoreConfig {
  const kind = read("CHAYONG_FILE_STORE") ?? "local";
  const localRoot = resolve(
    cwd,
    read("CHAYONG_FILES_DIR") ?? join(read("CHAYONG_DATA_DIR") ?? "data", "files"),
  );
  if (kind === "local") return { kind, root: localRoot };
  if (kind !== "s3") {
    problem("CHAYONG_FILE_STORE", "CHAYONG_FILE_STORE must be local or s3");
    return { kind: "local", root: localRoot };
  }
  const required = (name: string) => {
    const value = read(name);
    if (value === undefined) problem(name, `CHAYONG_FILE_STORE=s3 needs ${name}`);
    return value ?? "";
  };
  const bucket = required("CHAYONG_S3_BUCKET");
  const accessKeyId = required("CHAYONG_S3_ACCESS_KEY_ID");
  const secretAccessKey = required("CHAYONG_S3_SECRET_ACCESS_KEY");
  const endpoint = read("CHAYONG_S3_ENDPOINT");
  if (endpoint !== undefined && !isHttpUrl(endpoint)) {
    problem("CHAYONG_S3_ENDPOINT", "CHAYONG_S3_ENDPOINT must be an http(s) URL");
  }
  const prefix = (read("CHAYONG_S3_PREFIX") ?? "").replace(/^\/+|\/+$/g, "");
  return {
    kind,
    bucket,
    accessKeyId,
    secretAccessKey,
    endpoint,
    region: read("CHAYONG_S3_REGION") ?? "us-east-1",
    prefix,
    forcePathStyle: endpoint !== undefined,
  };
}

function parseInteger(value: string | undefined, fallback: number): number | null {
  if (value === undefined) return fallback;
  return /^\d+$/.test(value) ? Number(value) : null;
}

function parseFlag(value: string | undefined, fallback = false): boolean | null {
  if (value === undefined) return fallback;
  if (["1", "true", "yes", "on"].includes(value.toLowerCase())) return true;
  if (["0", "false", "no", "off"].includes(value.toLowerCase())) return false;
  return null;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The settings table of the README, kept beside the code that reads them. */
export function describeConfigProblems(problems: ConfigProblem[]): string {
  return problems.map((p) => `  ${p.variable}: ${p.message}`).join("\n");
}
