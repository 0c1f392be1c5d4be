import { type ChildProcess, fork } from "node:child_process";
import { entryBeside } from "../../package-dir";
import { type ProgramOutcome, type ProgramRun, runProgram } from "./run-program";

// Starting a program forks the process that starts it, and a fork's cost grows with that
// process's memory: from a test worker of 2 GB, 195 ms a start, against 28 ms from a bare Node
// process, with the event loop blocked meanwhile. The server starts its OCR runs from a small
// process of its own, the launcher (docs/identity.md, "Reading ID cards (OCR)").

/**
 * The launcher is started with the first run and stopped after this long without one: an idle
 * server carries no extra process (README, "Memory at idle").
 */
const idleStopMs = 30_000;

/** How long past a run's own time-out its caller waits for the launcher's answer. */
const answerGraceMs = 5_000;

interface Launcher {
  child: ChildProcess;
  pending: Map<number, (outcome: ProgramOutcome) => void>;
  idleTimer: NodeJS.Timeout | null;
}

let current: Launcher | null = null;
let nextId = 1;

function startLauncher(): Launcher {
  const { url, execArgv } = entryBeside(import.meta.url, "launcher-process");
  const child = fork(url, [], {
    execArgv,
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const launcher: Launcher = { child, pending: new Map(), idleTimer: null };
  const failAll = (message: string) => {
    if (current === launcher) current = null;
    for (const settle of launcher.pending.values()) {
      settle({ kind: "notStarted", code: undefined, message });
    }
    launcher.pending.clear();
  };
  child.on("message", (answer: { id: number; outcome: ProgramOutcome }) => {
    const settle = launcher.pending.get(answer.id);
    if (settle === undefined) return;
    launcher.pending.delete(answer.id);
    settle(answer.outcome);
    if (launcher.pending.size === 0) idle(launcher);
  });
  child.on("error", (error) => failAll(`the program launcher failed: ${error.message}`));
  child.on("exit", (code, signal) =>
    failAll(`the program launcher stopped (${signal ?? `exit code ${code}`})`),
  );
  return launcher;
}

/** An idle launcher holds the process open no longer, and stops after a while. */
function idle(launcher: Launcher): void {
  launcher.child.unref();
  launcher.child.channel?.unref();
  launcher.idleTimer = setTimeout(() => {
    launcher.idleTimer = null;
    if (launcher.pending.size > 0) return;
    if (current === launcher) current = null;
    if (launcher.child.connected) launcher.child.disconnect();
  }, idleStopMs);
  launcher.idleTimer.unref();
}

/**
 * Runs a program from the launcher (one per process, started on demand; runs asked together
 * share it). Where the launcher cannot start, the program starts from this process.
 */
export function runProgramLaunched(run: ProgramRun): Promise<ProgramOutcome> {
  // Stopping (idle, or its channel closed before its exit was seen): a new one takes the run.
  if (current !== null && !current.child.connected) current = null;
  if (current === null) {
    try {
      current = startLauncher();
    } catch {
      return runProgram(run);
    }
  }
  const launcher = current;
  if (launcher.idleTimer !== null) {
    clearTimeout(launcher.idleTimer);
    launcher.idleTimer = null;
  }
  // A run in flight holds the process open, as a run from this process would.
  launcher.child.ref();
  launcher.child.channel?.ref();
  const id = nextId++;
  const outcome = new Promise<ProgramOutcome>((resolve) => {
    // The launcher kills a run past its time-out; a launcher that hangs is killed here.
    const guard = setTimeout(() => {
      if (!launcher.pending.delete(id)) return;
      resolve({ kind: "timedOut" });
      if (current === launcher) current = null;
      launcher.child.kill("SIGKILL");
    }, run.timeoutMs + answerGraceMs);
    launcher.pending.set(id, (answer) => {
      clearTimeout(guard);
      resolve(answer);
    });
  });
  launcher.child.send({ id, run }, (error) => {
    // Not delivered: the launcher is stopping (its exit fails what it held); this run starts here.
    const settle = error ? launcher.pending.get(id) : undefined;
    if (settle === undefined) return;
    launcher.pending.delete(id);
    if (launcher.pending.size === 0) idle(launcher);
    void runProgram(run).then(settle);
  });
  return outcome;
}

/** The launcher's process id while it runs (null when stopped or never started): for tests. */
export function runningLauncherPid(): number | null {
  return current?.child.pid ?? null;
}
