import { type ChildProcess, type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

/** One run of an external program: its input on stdin, killed after `timeoutMs`. */
export interface ProgramRun {
  command: string;
  args: readonly string[];
  env: Record<string, string | undefined>;
  input: Uint8Array;
  timeoutMs: number;
}

/** How a run ended. */
export type ProgramOutcome =
  | {
      kind: "exited";
      code: number | null;
      signal: NodeJS.Signals | null;
      stdout: Uint8Array;
      stderr: Uint8Array;
    }
  /** It could not start; `code` is the system's (ENOENT: no such program). */
  | { kind: "notStarted"; code: string | undefined; message: string }
  | { kind: "timedOut" };

/**
 * Runs a program to its end and collects what it printed. Never rejects: every ending is an
 * outcome. Settled at once on a time-out rather than on "close": a child of the run (a wrapper
 * script's) may hold the pipes open after the run itself is killed.
 */
export function runProgram(
  run: ProgramRun,
  /** The runs still going, for whoever must kill them all (the launcher, when it stops). */
  running?: Set<ChildProcess>,
): Promise<ProgramOutcome> {
  return new Promise((resolve) => {
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn(run.command, run.args, {
        env: run.env,
        stdio: ["pipe", "pipe", "pipe"],
      });
    } catch (error) {
      // Some failures (ENOMEM, E2BIG) are thrown rather than emitted.
      const failure = error as NodeJS.ErrnoException;
      resolve({ kind: "notStarted", code: failure.code, message: failure.message });
      return;
    }
    running?.add(child);
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let settled = false;
    const settle = (outcome: ProgramOutcome) => {
      if (settled) return;
      settled = true;
      running?.delete(child);
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      child.stdout.destroy();
      child.stderr.destroy();
      settle({ kind: "timedOut" });
    }, run.timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    // A run that exits before reading all its input closes the pipe; its exit status tells why.
    child.stdin.on("error", () => {});
    child.on("error", (error: NodeJS.ErrnoException) =>
      settle({ kind: "notStarted", code: error.code, message: error.message }),
    );
    child.on("close", (code, signal) =>
      settle({
        kind: "exited",
        code,
        signal,
        stdout: new Uint8Array(Buffer.concat(stdout)),
        stderr: new Uint8Array(Buffer.concat(stderr)),
      }),
    );
    child.stdin.end(run.input);
  });
}
