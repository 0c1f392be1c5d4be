import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isAlive, lockDataDir } from "./data-dir-lock";

describe("lockDataDir", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "chayong-lock-"));
    dirs.push(dir);
    return dir;
  };

  it("lets one holder in at a time, in this process too", () => {
    const dir = freshDir();
    const first = lockDataDir(dir);
    expect(first.ok).toBe(true);
    expect(lockDataDir(dir)).toEqual({ ok: false, holderPid: process.pid });
    if (first.ok) first.lock.release();
    const again = lockDataDir(dir);
    expect(again.ok).toBe(true);
    if (again.ok) again.lock.release();
  });

  it("refuses while another live process holds it, and takes over a dead one's lock", async () => {
    const dir = freshDir();
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(join(dir, ".chayong.lock"), String(sleeper.pid));
      expect(lockDataDir(dir)).toEqual({ ok: false, holderPid: sleeper.pid });
    } finally {
      sleeper.kill();
      await new Promise((done) => sleeper.once("exit", done));
    }
    const taken = lockDataDir(dir);
    expect(taken.ok).toBe(true);
    if (taken.ok) taken.lock.release();
  });

  it.runIf(existsSync("/proc/self/stat"))(
    "takes over the lock of a holder killed with SIGKILL and not yet reaped (a zombie)",
    async () => {
      const dir = freshDir();
      // A parent that forks a sleeper, prints its pid and never reaps it: once killed, the sleeper
      // stays a zombie, as a killed server does until its parent waits for it. Python, not a
      // shell: SIGCHLD set to "ignore" is inherited across exec, and a `sleep` inheriting it
      // would have the kernel reap the sleeper at once (no zombie, no /proc entry).
      const parent = spawn("python3", [
        "-c",
        [
          "import os, signal, time",
          "signal.signal(signal.SIGCHLD, signal.SIG_DFL)",
          "pid = os.fork()",
          "if pid == 0:\n    time.sleep(60)\n    os._exit(0)",
          "print(pid, flush=True)",
          "time.sleep(60)",
        ].join("\n"),
      ]);
      try {
        const holderPid = await new Promise<number>((resolve) =>
          parent.stdout.once("data", (chunk) => resolve(Number.parseInt(String(chunk), 10))),
        );
        writeFileSync(join(dir, ".chayong.lock"), String(holderPid));
        expect(lockDataDir(dir)).toEqual({ ok: false, holderPid });
        process.kill(holderPid, "SIGKILL");
        const state = () => readFileSync(`/proc/${holderPid}/stat`, "utf8").split(") ")[1]?.[0];
        for (let tries = 0; state() !== "Z" && tries < 200; tries++) {
          await new Promise((done) => setTimeout(done, 10));
        }
        expect(state()).toBe("Z");
        // Signal 0 still reaches a zombie: only its state tells it is dead.
        expect(() => process.kill(holderPid, 0)).not.toThrow();
        expect(isAlive(holderPid)).toBe(false);
        const taken = lockDataDir(dir);
        expect(taken.ok).toBe(true);
        if (taken.ok) taken.lock.release();
      } finally {
        parent.kill("SIGKILL");
      }
    },
  );
});
