import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runningLauncherPid, runProgramLaunched } from "./launcher";
import type { ProgramRun } from "./run-program";

const decoded = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const shell = (script: string, timeoutMs = 10_000): ProgramRun => ({
  command: "sh",
  args: ["-c", script],
  env: { PATH: process.env.PATH },
  input: new Uint8Array(),
  timeoutMs,
});

// The OCR runs' launcher (docs/identity.md, "Reading ID cards (OCR)"): programs start from a
// small process of the server's, not from the server's own.
describe("the program launcher", () => {
  it("runs a program from its own process, with the input given, and answers what it printed", async () => {
    const outcome = await runProgramLaunched({
      ...shell('cat; echo "parent $PPID" >&2; exit 3'),
      input: new TextEncoder().encode("가나다 input"),
    });
    const launcher = runningLauncherPid();
    expect(launcher).not.toBeNull();
    expect(launcher).not.toBe(process.pid);
    expect(outcome).toMatchObject({ kind: "exited", code: 3, signal: null });
    if (outcome.kind !== "exited") return;
    expect(decoded(outcome.stdout)).toBe("가나다 input");
    expect(decoded(outcome.stderr)).toBe(`parent ${launcher}\n`);
  });

  it("runs programs asked together side by side", async () => {
    // Each waits until all three have started: one after another, the first would time out.
    const folder = mkdtempSync(join(tmpdir(), "chayong-launcher-"));
    try {
      const outcomes = await Promise.all(
        [1, 2, 3].map((n) =>
          runProgramLaunched(
            shell(
              `touch "${folder}/${n}"; while [ "$(ls "${folder}" | wc -l)" -lt 3 ]; do sleep 0.05; done; echo ${n}`,
            ),
          ),
        ),
      );
      expect(
        outcomes.map((outcome) => (outcome.kind === "exited" ? decoded(outcome.stdout) : outcome)),
      ).toEqual(["1\n", "2\n", "3\n"]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("answers a missing program, and kills a run past its time", async () => {
    expect(
      await runProgramLaunched({ ...shell(""), command: "no-such-program-chayong" }),
    ).toMatchObject({ kind: "notStarted", code: "ENOENT" });
    expect(await runProgramLaunched(shell("sleep 5", 200))).toEqual({ kind: "timedOut" });
  });

  it("fails the runs of a launcher that stops, and starts another for the next", async () => {
    const cut = runProgramLaunched(shell("sleep 5"));
    const first = runningLauncherPid();
    process.kill(first as number, "SIGKILL");
    expect(await cut).toMatchObject({
      kind: "notStarted",
      message: expect.stringMatching(/launcher stopped \(SIGKILL\)/),
    });
    const next = await runProgramLaunched(shell("echo again"));
    expect(next).toMatchObject({ kind: "exited", code: 0 });
    expect(runningLauncherPid()).not.toBe(first);
  });

  it("answers a time-out of its own when the launcher hangs, and replaces it", async () => {
    await runProgramLaunched(shell("true"));
    const hung = runningLauncherPid() as number;
    process.kill(hung, "SIGSTOP");
    expect(await runProgramLaunched(shell("echo never", 200))).toEqual({ kind: "timedOut" });
    expect(await runProgramLaunched(shell("echo again"))).toMatchObject({
      kind: "exited",
      code: 0,
    });
    expect(runningLauncherPid()).not.toBe(hung);
  });
});
