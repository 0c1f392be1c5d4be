import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import type { DatabaseConfig } from "../config/config";
import { type Database, openDatabase, quoteIdentifier } from "../db/database";
import { copyPgliteTemplate } from "./pglite-template";

export interface TestDatabase {
  config: DatabaseConfig;
  schemaName: string;
  /** Where the embedded default keeps its files (also set for PostgreSQL runs). */
  dataDir: string;
  /** Drops the schema (PostgreSQL) or deletes the data folder (PGlite). */
  dispose(): Promise<void>;
}

/**
 * A fresh database for one test file: a temporary PGlite folder, or, when TEST_DATABASE_URL is
 * set, a fresh schema `t_<random>` in that shared PostgreSQL database, dropped afterwards. Empty
 * unless `migrated` (PGlite: a copy of the run's migrated template, pglite-template.ts).
 */
export function createTestDatabase(options: { migrated?: boolean } = {}): TestDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), "chayong-server-test-"));
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (!url) {
    // A copy of the run's template instead of an initdb; `migrated`: with every migration
    // applied (the server would apply the same itself, only slower).
    copyPgliteTemplate(dataDir, options.migrated ? "migrated" : "empty");
    return {
      config: { kind: "pglite", dataDir },
      schemaName: "public",
      dataDir,
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schemaName = `t_${randomBytes(8).toString("hex")}`;
  return {
    config: { kind: "postgres", url },
    schemaName,
    dataDir,
    async dispose() {
      try {
        await dropSchema(url, schemaName);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Drops a schema made for one test run or benchmark, with everything in it. */
export async function dropSchema(url: string, schemaName: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client.unsafe(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schemaName)} CASCADE`);
  } finally {
    await client.end();
  }
}

/** A fresh test database, opened but not migrated: for tests of the database layer itself. */
export async function openTestDatabase(): Promise<{
  database: Database;
  schemaName: string;
  close(): Promise<void>;
}> {
  const testDb = createTestDatabase();
  const opened = await openDatabase(testDb.config, testDb.schemaName);
  if (!opened.ok) {
    await testDb.dispose();
    throw new Error("the test database folder is locked");
  }
  return {
    database: opened.database,
    schemaName: testDb.schemaName,
    async close() {
      try {
        await opened.database.close();
      } finally {
        await testDb.dispose();
      }
    },
  };
}

/** The environment that points the operator commands (and a server process) at a test database. */
export function operatorEnvFor(database: TestDatabase): Record<string, string> {
  return database.config.kind === "pglite"
    ? { CHAYONG_DATA_DIR: database.config.dataDir, CHAYONG_WEB_DIR: "none" }
    : {
        DATABASE_URL: database.config.url,
        CHAYONG_DATABASE_SCHEMA: database.schemaName,
        CHAYONG_WEB_DIR: "none",
        // A deployment on PostgreSQL names its identity keys (docs/identity.md).
        CHAYONG_IDENTITY_KEYS: `k1:${randomBytes(32).toString("base64")}`,
        CHAYONG_IDENTITY_LOOKUP_KEY: randomBytes(32).toString("base64"),
      };
}
