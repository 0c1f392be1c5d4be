import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, pgliteDataPath } from "../db/database";
import { migrate } from "../db/migrate";

/** Name the PGlite folders the test files copy (set by the test run's global setup). */
export const pgliteTemplateEnv = {
  /** Every migration applied. */
  migrated: "CHAYONG_TEST_PGLITE_TEMPLATE",
  /** Just made (initdb), nothing of ours in it: for tests of migrations and the database layer. */
  empty: "CHAYONG_TEST_PGLITE_EMPTY_TEMPLATE",
} as const;

/**
 * Makes a PGlite data folder, migrated or just made, once per test run: a fresh PGlite costs an
 * initdb (3-8 s of CPU on a loaded 2-core machine), a copy of this folder about one. Answers the
 * folder; the caller removes it.
 */
export async function makePgliteTemplate(kind: keyof typeof pgliteTemplateEnv): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), `chayong-pglite-${kind}-template-`));
  const opened = await openDatabase({ kind: "pglite", dataDir }, "public");
  if (!opened.ok) throw new Error(`cannot open the PGlite template folder ${dataDir}`);
  try {
    if (kind === "migrated") await migrate(opened.database);
  } finally {
    await opened.database.close();
  }
  // initdb's 128 MB of shared buffers outgrow PGlite's first 128 MB of WebAssembly memory, and
  // every start grows it and touches the pages: 1.6 CPU-seconds an open on this 2-core machine,
  // 0.7 with 32 MB. A test database holds a few megabytes, so it behaves alike.
  appendFileSync(join(pgliteDataPath(dataDir), "postgresql.conf"), "\nshared_buffers = 32MB\n");
  return dataDir;
}

/**
 * Fills an empty data folder with a copy of the run's template of that kind, when there is one (a
 * test run under vitest); answers whether it did. Only the database is copied, never a lock.
 */
export function copyPgliteTemplate(
  dataDir: string,
  kind: keyof typeof pgliteTemplateEnv = "migrated",
): boolean {
  const template = process.env[pgliteTemplateEnv[kind]]?.trim();
  if (!template || !existsSync(pgliteDataPath(template))) return false;
  cpSync(pgliteDataPath(template), pgliteDataPath(dataDir), { recursive: true });
  return true;
}

/** The template's removal, for the global setup's teardown. */
export function removePgliteTemplate(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}
