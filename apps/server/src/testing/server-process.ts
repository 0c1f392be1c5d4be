import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { serverPackageDir } from "../package-dir";

/** A server started as its own Node process, as a deployment runs it (`src/main.ts`). */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM, then its exit code (0: it stopped gracefully). */
  stop(): Promise<number | null>;
}

// From the TypeScript sources, on a 2-core CI machine running every suite at once: generous.
const defaultStartTimeoutMs = 90_000;

/**
 * Starts `src/main.ts` in a child process with `env` (plus PATH and HOME) and waits for its
 * "running at" line. It runs the TypeScript sources (Node's type stripping and the bench's
 * resolve hook) rather than `dist/main.js`: CI builds the server beside its tests, so dist/ may
 * be missing, stale or rewritten while they run.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: {
    startTimeoutMs?: number;
    /** "dist": the built `dist/main.js` instead (a benchmark measures what deploys). */
    entry?: "src" | "dist";
  } = {},
): Promise<ServerProcess> {
  const startTimeoutMs = options.startTimeoutMs ?? defaultStartTimeoutMs;
  const args =
    options.entry === "dist"
      ? ["dist/main.js"]
      : ["--import", "./bench/ts-resolve.ts", "src/main.ts"];
  const child = spawn(process.execPath, args, {
    cwd: serverPackageDir(),
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server process did not start in time:\n${output}`));
    }, startTimeoutMs);
    const look = () => {
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    };
    child.stdout?.on("data", look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server process exited (${code}) before it started:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
