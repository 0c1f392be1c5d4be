import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../db/database";

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
