import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { DatabaseConfig } from "../config/config";
import { alwaysAvailable, type DatabaseAvailability, watchPostgres } from "./availability";
import { lockDataDir } from "./data-dir-lock";
import { errorChain } from "./error-chain";
import {
  echoing,
  type InvalidationEvents,
  invalidatedTags,
  invalidationChannel,
} from "./invalidations";
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
  /** Whether the database answers now (./availability.ts); the embedded one always does. */
  availability: DatabaseAvailability;
  /**
   * Listens to the invalidations of this schema (./invalidations.ts): `onLive(true)` once they
   * reach this process, `onLive(false)` whenever they may not (the listening connection lost,
   * until it listens again). Answers the function that stops listening.
   */
  listen(events: InvalidationEvents): Promise<() => Promise<void>>;
  /** Resolves once this process has heard its own invalidation of `tags` (./invalidations.ts). */
  heard(tags: readonly string[], timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The PostgreSQL pool's limits (docs/operations.md, "When the database goes away"). A migration
 * lifts the statement limit inside its own transaction (./migrate.ts).
 */
export const postgresTimeouts = {
  connectS: 2,
  idleS: 60,
  statementMs: 15_000,
  idleInTransactionMs: 15_000,
} as const;

/** How long a lost listening connection waits before it tries again. */
const relistenDelayMs = 250;

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
      const invalidations = echoing(async (events) => {
        // In the process: delivered at the commit, like PostgreSQL's, and never lost.
        const unlisten = await client.listen(invalidationChannel, (payload) => {
          const tags = invalidatedTags(payload, schemaName);
          if (tags !== null) events.onTags(tags);
        });
        events.onLive(true);
        return async () => {
          events.onLive(false);
          if (!client.closed) await unlisten();
        };
      });
      return {
        ok: true,
        database: {
          db,
          kind: "pglite",
          schemaName,
          availability: alwaysAvailable,
          listen: invalidations.listen,
          heard: invalidations.heard,
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
    // Fail fast (docs/operations.md, "When the database goes away"): a connection that cannot be
    // made in 2 s fails its query; an idle one is closed after a minute, so one left dead by a
    // restart is not kept for long; the server ends a statement or an open transaction that
    // runs past its limit instead of holding locks and a connection for ever.
    connect_timeout: postgresTimeouts.connectS,
    idle_timeout: postgresTimeouts.idleS,
    onnotice: () => {},
    connection: {
      search_path: schemaName,
      application_name: pool.applicationName,
      statement_timeout: postgresTimeouts.statementMs,
      idle_in_transaction_session_timeout: postgresTimeouts.idleInTransactionMs,
    },
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  await db.execute(sql`select 1`);
  const availability = watchPostgres(config.url);
  return {
    ok: true,
    database: {
      db,
      kind: "postgres",
      schemaName,
      pool,
      availability,
      ...echoing((events) =>
        listenOnPostgres(config.url, schemaName, pool.applicationName, events),
      ),
      async close() {
        await availability.stop();
        await client.end({ timeout: 5 });
      },
    },
  };
}

/**
 * LISTEN on a connection of its own (a pool's connections come and go). postgres.js has
 * `sql.listen`, but it reconnects silently: a notification sent while it is away would be
 * missed without anyone knowing. Here the connection's close says `onLive(false)` at once, and
 * `onLive(true)` only once LISTEN has run again on a new one.
 */
async function listenOnPostgres(
  url: string,
  schemaName: string,
  applicationName: string,
  events: InvalidationEvents,
): Promise<() => Promise<void>> {
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  // `onnotify` is the option postgres.js's own `listen` uses; its types leave it out.
  const options: postgres.Options<Record<string, never>> & {
    onnotify(channel: string, payload: string): void;
  } = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: `${applicationName}-listen` },
    onnotify(channel, payload) {
      if (channel !== invalidationChannel) return;
      const tags = invalidatedTags(payload, schemaName);
      if (tags !== null) events.onTags(tags);
    },
    onclose() {
      events.onLive(false);
      again();
    },
  };
  const listener = postgres(url, options);
  const again = () => {
    if (stopped || retry !== undefined) return;
    retry = setTimeout(() => {
      retry = undefined;
      void attempt();
    }, relistenDelayMs);
    retry.unref();
  };
  const attempt = async () => {
    try {
      await listener.unsafe(`LISTEN ${quoteIdentifier(invalidationChannel)}`);
      if (!stopped) events.onLive(true);
    } catch {
      events.onLive(false);
      again();
    }
  };
  await attempt();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    events.onLive(false);
    await listener.end({ timeout: 1 });
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
  for (const current of errorChain(error)) {
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
