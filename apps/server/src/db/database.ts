import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { DatabaseConfig } from "../config/config";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle handle both drivers share; a transaction handle has the same type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: DatabaseConfig["kind"];
  /** The PostgreSQL schema the tables live in. */
  schemaName: string;
  /**
   * PostgreSQL: the pool's size and the `application_name` its connections carry, unique to this
   * pool, so `pg_stat_activity` tells them apart (the metrics, src/metrics/metrics.ts).
   */
  pool?: { size: number; applicationName: string };
  close(): Promise<void>;
}

/** The PGlite folder inside the data folder (the backup command dumps and restores it). */
export function pgliteDataPath(dataDir: string): string {
  return `${dataDir}/pgdata`;
}

export type OpenDatabaseResult =
  | { ok: true; database: Database }
  | { ok: false; reason: "data-dir-locked"; holderPid: number };

/**
 * Opens the embedded PGlite data folder or a PostgreSQL pool, with the search_path set to the
 * configured schema (created when missing).
 */
export async function openDatabase(
  config: DatabaseConfig,
  schemaName: string,
): Promise<OpenDatabaseResult> {
  const quoted = quoteIdentifier(schemaName);
  if (config.kind === "pglite") {
    const locked = lockDataDir(config.dataDir);
    if (!locked.ok) return { ok: false, reason: "data-dir-locked", holderPid: locked.holderPid };
    try {
      mkdirSync(config.dataDir, { recursive: true });
      // The embedded engine loads only for the embedded default (README, "Memory at idle").
      const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
        import("@electric-sql/pglite"),
        import("drizzle-orm/pglite"),
      ]);
      const client = await PGlite.create(pgliteDataPath(config.dataDir));
      await client.exec(`CREATE SCHEMA IF NOT EXISTS ${quoted}; SET search_path TO ${quoted};`);
      const db = drizzlePglite({ client, schema }) as unknown as Db;
      return {
        ok: true,
        database: {
          db,
          kind: "pglite",
          schemaName,
          async close() {
            try {
              await client.close();
            } finally {
              locked.lock.release();
            }
          },
        },
      };
    } catch (error) {
      locked.lock.release();
      throw error;
    }
  }

  if (schemaName !== "public") {
    // A short-lived connection: the pool below already needs the schema in its search_path.
    const setup = postgres(config.url, { max: 1, onnotice: () => {} });
    try {
      // Under a lock: processes starting together on a fresh schema race in CREATE SCHEMA IF NOT
      // EXISTS (a unique violation in pg_namespace), as a CI run of the two-process test showed.
      await setup.begin(async (tx) => {
        await tx.unsafe("select pg_advisory_xact_lock(hashtext($1))", [
          `chayong-schema:${schemaName}`,
        ]);
        await tx.unsafe(`CREATE SCHEMA IF NOT EXISTS ${quoted}`);
      });
    } finally {
      await setup.end();
    }
  }
  const pool = {
    size: 10,
    applicationName: `chayong-${process.pid}-${randomBytes(4).toString("hex")}`,
  };
  const client = postgres(config.url, {
    max: pool.size,
    onnotice: () => {},
    connection: { search_path: schemaName, application_name: pool.applicationName },
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  await db.execute(sql`select 1`);
  return {
    ok: true,
    database: {
      db,
      kind: "postgres",
      schemaName,
      pool,
      async close() {
        await client.end({ timeout: 5 });
      },
    },
  };
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Raw `execute` answers differ by driver: PGlite gives `{ rows }`, postgres.js an array. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}

/**
 * Whether `error` is PostgreSQL's unique violation (23505) of the named index or constraint:
 * Drizzle wraps driver errors (its `cause`), and PGlite and postgres.js name the fields alike.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const {
      code,
      constraint: name,
      constraint_name: alsoName,
    } = current as Error & {
      code?: string;
      constraint?: string;
      constraint_name?: string;
    };
    if (code === "23505") return name === constraint || alsoName === constraint;
  }
  return false;
}
