import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from "node:fs";
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

/**
 * Whether `pid` is a running process. A process killed with SIGKILL stays a zombie until its
 * parent reaps it, and `kill(pid, 0)` still succeeds on a zombie: where /proc exists (Linux), its
 * state letter tells a zombie (Z) or a dead one (X) from a live holder, so a server restarted
 * right after a kill -9 is not refused.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  const state = processState(pid);
  return state !== "Z" && state !== "X";
}

/** The state letter of /proc/<pid>/stat, or null without /proc. */
function processState(pid: number): string | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (error) {
    // Gone between the signal and the read, where /proc exists; unknown elsewhere.
    const gone =
      (error as NodeJS.ErrnoException).code === "ENOENT" && existsSync("/proc/self/stat");
    return gone ? "X" : null;
  }
  // "pid (command name) S ...": the name may hold spaces and parentheses, so read after the last ')'.
  return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) || null;
}
