import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { serverPackageDir } from "../package-dir";
import { loadConfig } from "./config";

function problems(env: Record<string, string>) {
  const result = loadConfig(env, { cwd: "/srv/chayong" });
  return result.ok ? [] : result.problems;
}

const key32 = (fill: number) => Buffer.alloc(32, fill).toString("base64");
const identityKeysEnv = {
  CHAYONG_IDENTITY_KEYS: `2026a:${key32(1)}, 2025b:${key32(2)}`,
  CHAYONG_IDENTITY_LOOKUP_KEY: key32(3),
};

describe("loadConfig", () => {
  it("keeps uploads in the data folder, or in S3 when told, naming what S3 lacks", () => {
    const local = loadConfig({ CHAYONG_FILES_DIR: "uploads" }, { cwd: "/srv/chayong" });
    expect(local.ok && local.config.files).toEqual({ kind: "local", root: "/srv/chayong/uploads" });
    const s3 = loadConfig({
      CHAYONG_FILE_STORE: "s3",
      CHAYONG_S3_BUCKET: "loans",
      CHAYONG_S3_ACCESS_KEY_ID: "id",
      CHAYONG_S3_SECRET_ACCESS_KEY: "secret",
      CHAYONG_S3_ENDPOINT: "http://minio:9000",
      CHAYONG_S3_PREFIX: "/uploads/",
    });
    expect(s3.ok && s3.config.files).toEqual({
      kind: "s3",
      bucket: "loans",
      accessKeyId: "id",
      secretAccessKey: "secret",
      endpoint: "http://minio:9000",
      region: "us-east-1",
      prefix: "uploads",
      forcePathStyle: true,
    });
    expect(problems({ CHAYONG_FILE_STORE: "s3" }).map((p) => p.variable)).toEqual([
      "CHAYONG_S3_BUCKET",
      "CHAYONG_S3_ACCESS_KEY_ID",
      "CHAYONG_S3_SECRET_ACCESS_KEY",
    ]);
    expect(problems({ CHAYONG_FILE_STORE: "ftp" }).map((p) => p.variable)).toEqual([
      "CHAYONG_FILE_STORE",
    ]);
  });

  it("reads the identity keys: the first seals, the others only open; PostgreSQL needs them", () => {
    const result = loadConfig(identityKeysEnv);
    if (!result.ok) throw new Error("identity keys must be valid");
    expect(result.config.identityKeys?.current).toEqual({
      id: "2026a",
      key: new Uint8Array(Buffer.alloc(32, 1)),
    });
    expect(result.config.identityKeys?.retired.map((k) => k.id)).toEqual(["2025b"]);
    expect(result.config.identityKeys?.lookupKey).toEqual(new Uint8Array(Buffer.alloc(32, 3)));
    // The embedded default keeps its own keys in its data folder.
    const embedded = loadConfig({});
    expect(embedded.ok && embedded.config.identityKeys).toBeNull();

    expect(problems({ DATABASE_URL: "postgres://db/x" }).map((p) => p.variable)).toEqual([
      "CHAYONG_IDENTITY_KEYS",
    ]);
    // A short key, one id twice, a bad id, and a lookup key without keys.
    for (const keys of ["k1:c2hvcnQ=", `k1:${key32(1)},k1:${key32(2)}`, `a:b:${key32(1)}`, " "]) {
      const found = problems({ ...identityKeysEnv, CHAYONG_IDENTITY_KEYS: keys });
      expect(
        found.map((p) => p.variable),
        keys,
      ).toEqual(["CHAYONG_IDENTITY_KEYS"]);
      expect(found[0]?.message).not.toContain(key32(1));
    }
    expect(
      problems({ ...identityKeysEnv, CHAYONG_IDENTITY_LOOKUP_KEY: "c2hvcnQ=" }).map(
        (p) => p.variable,
      ),
    ).toEqual(["CHAYONG_IDENTITY_LOOKUP_KEY"]);
  });

  it("defaults to the embedded setup: port 3000, PGlite in ./data, console SMS, demo lender", () => {
    const result = loadConfig({}, { cwd: "/srv/chayong" });
    if (!result.ok) throw new Error("defaults must be valid");
    expect(result.config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      database: { kind: "pglite", dataDir: "/srv/chayong/data" },
      databaseSchema: "public",
      sms: { provider: "console" },
      testMode: false,
      webDir: resolve(serverPackageDir(), "../web/dist"),
      demoLender: { phone: "01000000000" },
      files: { kind: "local", root: "/srv/chayong/data/files" },
    });
    expect(result.config.cipher.usesDevDefaults).toBe(true);
  });

  it("switches to PostgreSQL with DATABASE_URL, without a demo lender", () => {
    const result = loadConfig({
      DATABASE_URL: "postgres://app@db:5432/chayong",
      CHAYONG_WEB_DIR: "none",
      ...identityKeysEnv,
    });
    expect(result.ok && result.config.database).toEqual({
      kind: "postgres",
      url: "postgres://app@db:5432/chayong",
    });
    expect(result.ok && result.config.demoLender).toBeNull();
    expect(result.ok && result.config.webDir).toBeNull();
  });

  it("names the variable of every bad setting, all at once", () => {
    const found = problems({
      PORT: "eighty",
      DATABASE_URL: "mysql://x",
      CHAYONG_SMS_PROVIDER: "pigeon",
      CHAYONG_TRUST_PROXY: "maybe",
      LOG_LEVEL: "loud",
      CHAYONG_DATABASE_SCHEMA: "Robert'); DROP",
    });
    expect(found.map((p) => p.variable).sort()).toEqual(
      [
        "CHAYONG_DATABASE_SCHEMA",
        "CHAYONG_IDENTITY_KEYS",
        "CHAYONG_SMS_PROVIDER",
        "CHAYONG_TRUST_PROXY",
        "DATABASE_URL",
        "LOG_LEVEL",
        "PORT",
      ].sort(),
    );
    for (const problem of found) expect(problem.message).toContain(problem.variable);
  });

  it("needs a gateway URL for HTTP SMS and test mode for the test provider", () => {
    expect(problems({ CHAYONG_SMS_PROVIDER: "http" }).map((p) => p.variable)).toEqual([
      "CHAYONG_SMS_HTTP_URL",
    ]);
    expect(problems({ CHAYONG_SMS_PROVIDER: "test" }).map((p) => p.variable)).toEqual([
      "CHAYONG_SMS_PROVIDER",
    ]);
    const http = loadConfig({
      CHAYONG_SMS_PROVIDER: "http",
      CHAYONG_SMS_HTTP_URL: "https://sms.example.com/send",
      CHAYONG_SMS_HTTP_TOKEN: "t",
    });
    expect(http.ok && http.config.sms).toEqual({
      provider: "http",
      url: "https://sms.example.com/send",
      token: "t",
      sender: undefined,
    });
  });

  it("never runs test mode or the public cipher key in production", () => {
    expect(
      problems({ NODE_ENV: "production", CHAYONG_TEST_MODE: "1" }).map((p) => p.variable),
    ).toContain("CHAYONG_TEST_MODE");
    expect(problems({ NODE_ENV: "production" }).map((p) => p.variable)).toEqual([
      "CHAYONG_CIPHER_KEY",
    ]);
    const test = loadConfig({ CHAYONG_TEST_MODE: "1" });
    expect(test.ok && test.config.sms).toEqual({ provider: "test" });
  });

  it("checks the cipher settings without echoing them", () => {
    const found = problems({ CHAYONG_CIPHER_KEY: "zz-top-secret-zz" });
    expect(found.map((p) => p.variable)).toEqual(["CHAYONG_CIPHER_IV"]);
    const badHex = problems({
      CHAYONG_CIPHER_KEY: "zz-top-secret-zz",
      CHAYONG_CIPHER_IV: "00".repeat(16),
    });
    expect(badHex.map((p) => p.variable)).toEqual(["CHAYONG_CIPHER_KEY"]);
    expect(badHex[0]?.message).not.toContain("top-secret");
  });

  it("serves metrics only with a long enough token, never echoing it", () => {
    const off = loadConfig({});
    expect(off.ok && off.config.metricsToken).toBeNull();
    const token = "a1".repeat(16);
    const on = loadConfig({ CHAYONG_METRICS_TOKEN: token });
    expect(on.ok && on.config.metricsToken).toBe(token);
    for (const bad of ["short-secret-token", `${"x".repeat(31)} y`]) {
      const found = problems({ CHAYONG_METRICS_TOKEN: bad });
      expect(found.map((p) => p.variable)).toEqual(["CHAYONG_METRICS_TOKEN"]);
      expect(found[0]?.message).not.toContain(bad);
    }
  });

  it("matches faces locally, or by a vendor's service with its URL, key and own thresholds", () => {
    const local = loadConfig({});
    expect(local.ok && local.config.identityEngines).toMatchObject({
      faceVerifier: { kind: "local" },
      faceThresholds: { match: 0.75, review: 0.5 },
    });
    const vendor = {
      CHAYONG_FACE_VERIFIER: "http",
      CHAYONG_FACE_VERIFIER_URL: "https://faces.example.com/v1/verify",
      CHAYONG_FACE_VERIFIER_KEY: "vendor-secret-key",
      CHAYONG_FACE_MATCH_THRESHOLD: "0.92",
      CHAYONG_FACE_REVIEW_THRESHOLD: "0.8",
    };
    const http = loadConfig(vendor);
    expect(http.ok && http.config.identityEngines).toMatchObject({
      faceVerifier: {
        kind: "http",
        url: "https://faces.example.com/v1/verify",
        apiKey: "vendor-secret-key",
        timeoutMs: 10_000,
      },
      faceThresholds: { match: 0.92, review: 0.8 },
    });
    const slower = loadConfig({ ...vendor, CHAYONG_FACE_VERIFIER_TIMEOUT_MS: "20000" });
    expect(slower.ok && slower.config.identityEngines.faceVerifier).toMatchObject({
      timeoutMs: 20_000,
    });

    // Nothing but the choice: the URL, the key and both thresholds are missing, each named.
    const bare = problems({ CHAYONG_FACE_VERIFIER: "http" });
    expect(bare.map((p) => p.variable).sort()).toEqual(
      [
        "CHAYONG_FACE_VERIFIER_URL",
        "CHAYONG_FACE_VERIFIER_KEY",
        "CHAYONG_FACE_MATCH_THRESHOLD",
        "CHAYONG_FACE_REVIEW_THRESHOLD",
      ].sort(),
    );
    for (const problem of bare) expect(problem.message).toContain(problem.variable);
    expect(
      problems({ ...vendor, CHAYONG_FACE_VERIFIER_URL: "faces.example.com" }).map(
        (p) => p.variable,
      ),
    ).toEqual(["CHAYONG_FACE_VERIFIER_URL"]);
    // Seconds where milliseconds are meant would time out every check.
    for (const timeout of ["10", "ten", "600000"]) {
      const found = problems({ ...vendor, CHAYONG_FACE_VERIFIER_TIMEOUT_MS: timeout });
      expect(found.map((p) => p.variable)).toEqual(["CHAYONG_FACE_VERIFIER_TIMEOUT_MS"]);
    }
    expect(problems({ CHAYONG_FACE_VERIFIER: "aws" }).map((p) => p.variable)).toEqual([
      "CHAYONG_FACE_VERIFIER",
    ]);
    const found = problems({ ...vendor, CHAYONG_FACE_VERIFIER_URL: "" });
    for (const problem of found) expect(problem.message).not.toContain("vendor-secret-key");
  });
});
