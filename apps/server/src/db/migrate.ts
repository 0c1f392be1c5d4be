import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { serverPackageDir } from "../package-dir";
import { type Database, rowsOf } from "./database";

/** The committed migrations folder that drizzle-kit generates (apps/server/drizzle). */
export function migrationsFolder(): string {
  return join(serverPackageDir(), "drizzle");
}

interface JournalEntry {
  idx: number;
  tag: string;
}

export interface Migration {
  tag: string;
  hash: string;
  statements: string[];
}

/** Reads drizzle-kit's journal and SQL files, in order. */
export function readMigrations(folder = migrationsFolder()): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return [...journal.entries]
    .sort((a, b) => a.idx - b.idx)
    .map(({ tag }) => {
      const text = readFileSync(join(folder, `${tag}.sql`), "utf8");
      return {
        tag,
        hash: createHash("sha256").update(text).digest("hex"),
        statements: text
          .split("--> statement-breakpoint")
          // drizzle-kit names the default schema in foreign keys; drop it so the search_path
          // decides, which lets one database hold several schemas (scale-out tests, tenants).
          .map((statement) => statement.replaceAll('"public".', "").trim())
          .filter((statement) => statement.length > 0),
      };
    });
}

export class MigrationMismatchError extends Error {
  override readonly name = "MigrationMismatchError";
}

/**
 * Applies the migrations not applied yet, in one transaction under an advisory lock, so N server
 * processes starting together against one PostgreSQL apply each migration exactly once. Returns
 * the tags applied now.
 */
export async function migrate(
  database: Database,
  migrations = readMigrations(),
): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    // A migration may rewrite a large table, and waits here for another process's: no limit.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`chayong-migrations:${database.schemaName}`}))`,
    );
    await tx.execute(sql`
      create table if not exists chayong_migrations (
        tag text primary key,
        hash text not null,
        applied_at timestamptz not null default now()
      )`);
    const appliedRows = rowsOf<{ tag: string; hash: string }>(
      await tx.execute(sql`select tag, hash from chayong_migrations`),
    );
    const appliedHashes = new Map(appliedRows.map((row) => [row.tag, row.hash]));
    const done: string[] = [];
    for (const migration of migrations) {
      const hash = appliedHashes.get(migration.tag);
      if (hash !== undefined) {
        if (hash !== migration.hash) {
          throw new MigrationMismatchError(
            `migration ${migration.tag} was changed after it was applied; add a new migration instead`,
          );
        }
        continue;
      }
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into chayong_migrations (tag, hash) values (${migration.tag}, ${migration.hash})`,
      );
      done.push(migration.tag);
    }
    return done;
  });
}
