import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataDir } from "./data-dir-lock";

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
});
