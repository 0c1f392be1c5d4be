import { statfs } from "node:fs/promises";
import type { ServerContext } from "../context";
import { isConnectionFailure } from "../db/availability";
import { errorChain } from "../db/error-chain";
import type { Failure } from "../outcome";

/**
 * Whether `error` says a disk is full: Node's ENOSPC (the file store) or PostgreSQL's
 * `disk_full` 53100 (PGlite and PostgreSQL), anywhere in Drizzle's `cause` chain. PGlite's
 * write failures carry no code; their message names the condition.
 */
export function isStorageFull(error: unknown): boolean {
  for (const current of errorChain(error)) {
    const { code } = current;
    if (code === "ENOSPC" || code === "53100" || code === "EDQUOT") return true;
    if (/no space left on device/i.test(current.message)) return true;
  }
  return false;
}

/**
 * The answer for an error a call threw, when it is a fault of the machine rather than of the
 * call (docs/operations.md): a full disk or an unreachable database answer 503 with a message
 * that says nothing was lost and to try again later. The operator gets an error log line and,
 * for a full disk, `chayong_storage_full_total`. Null: a real bug, answered 500.
 */
export function failureForThrown(
  ctx: Pick<ServerContext, "metrics" | "database">,
  error: unknown,
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  },
  endpoint: string | null,
): Failure | null {
  if (isStorageFull(error)) {
    log.error({ err: error, endpoint }, "storage full: the call was refused, nothing was written");
    ctx.metrics?.storageFull();
    return { status: 503, key: "server.storageFull" };
  }
  if (isConnectionFailure(error)) {
    log.warn({ err: error, endpoint }, "database unreachable");
    ctx.database.availability.suspect();
    return { status: 503, key: "server.unavailable" };
  }
  return null;
}

/** The free space below which `/readyz` says not ready (CHAYONG_MIN_FREE_MB). */
export async function storageProblem(
  folders: readonly string[],
  minFreeBytes: number,
): Promise<string | null> {
  if (minFreeBytes <= 0) return null;
  for (const folder of folders) {
    try {
      const stats = await statfs(folder);
      const free = stats.bavail * stats.bsize;
      if (free < minFreeBytes) {
        return `${folder}: ${Math.floor(free / 1048576)} MB free, under the ${Math.floor(minFreeBytes / 1048576)} MB floor`;
      }
    } catch {
      // A folder not made yet has nothing to measure; the database check says if it matters.
    }
  }
  return null;
}
