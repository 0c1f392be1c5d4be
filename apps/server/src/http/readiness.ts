import { sql } from "drizzle-orm";
import type { ServerContext } from "../context";
import { type Database, rowsOf } from "../db/database";
import { storageProblem } from "./thrown-failures";

export type Readiness = { ok: true } | { ok: false; reason: string };

/** A database that does not answer within this is as good as down to a load balancer. */
const readinessTimeoutMs = 2_000;

/**
 * `GET /readyz` (README, "Scale-out"): ready when the database answers and every migration of
 * the migrations folder is recorded as applied. Liveness (`/healthz`) asks neither.
 */
export async function checkReadiness(
  database: Database,
  expectedMigrations: readonly string[],
): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: "the database did not answer in time" }),
      readinessTimeoutMs,
    );
  });
  const check = (async (): Promise<Readiness> => {
    const applied = new Set(
      rowsOf<{ tag: string }>(
        await database.db.execute(sql`select tag from chayong_migrations`),
      ).map((row) => row.tag),
    );
    const missing = expectedMigrations.filter((tag) => !applied.has(tag));
    return missing.length === 0
      ? { ok: true }
      : { ok: false, reason: `migrations not applied: ${missing.join(", ")}` };
  })().catch((): Readiness => ({ ok: false, reason: "the database does not answer" }));
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Not ready when a local disk the server writes to is nearly full (docs/operations.md, "A full
 * disk"): the embedded database's folder and the local file store. Null: enough room.
 */
export async function storageReadiness(
  ctx: Pick<ServerContext, "config">,
): Promise<Readiness | null> {
  const { database, files, minFreeBytes } = ctx.config;
  const folders = [
    ...(database.kind === "pglite" ? [database.dataDir] : []),
    ...(files.kind === "local" ? [files.root] : []),
  ];
  const problem = await storageProblem(folders, minFreeBytes);
  return problem === null ? null : { ok: false, reason: `storage nearly full: ${problem}` };
}
