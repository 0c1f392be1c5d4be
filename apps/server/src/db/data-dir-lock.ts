import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite is a single-process database: two processes opening one data folder corrupt it. The
 * server and the operator commands therefore take this lock file first and refuse to start while
 * another live process holds it.
 */
export interface DataDirLock {
  release(): void;
}

export type DataDirLockResult = { ok: true; lock: DataDirLock } | { ok: false; holderPid: number };

const lockFileName = ".chayong.lock";
/** Lock files this process holds: a pid equal to ours is only stale when it is not in here. */
const heldHere = new Set<string>();

export function lockDataDir(dataDir: string): DataDirLockResult {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, lockFileName);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(path);
      let released = false;
      return {
        ok: true,
        lock: {
          release() {
            if (released) return;
            released = true;
            heldHere.delete(path);
            rmSync(path, { force: true });
          },
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holderPid = Number.parseInt(readFileSync(path, "utf8"), 10);
      const heldByOther = holderPid !== process.pid && isAlive(holderPid);
      if (Number.isInteger(holderPid) && (heldHere.has(path) || heldByOther)) {
        return { ok: false, holderPid };
      }
      // Left behind by a process that died (a restarted container may even reuse its pid).
      rmSync(path, { force: true });
    }
  }
  throw new Error(`cannot take the lock file ${path}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
