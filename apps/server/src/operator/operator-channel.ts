import { chmodSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import type { CommandResult } from "./commands";

/**
 * How an operator command reaches an embedded server that is running (README, "Operator
 * commands"): PGlite lets one process open its data folder, so a command run beside the server
 * hands its arguments to the server through a Unix socket in that folder, and the server runs it
 * on its own open database. The socket is the folder owner's alone (mode 0600): whoever may
 * connect could as well open the folder.
 */
export function operatorSocketPath(dataDir: string): string {
  return join(dataDir, "operator.sock");
}

/** Longest socket path Linux takes (sun_path is 108 bytes with its terminating zero). */
const maxSocketPathBytes = 107;

/**
 * Listens for operator commands in the data folder; answers the function that stops listening,
 * or null when the folder's path is too long for a socket (the commands then need the server
 * stopped, as before).
 */
export async function listenForOperatorCommands(
  dataDir: string,
  run: (argv: string[]) => Promise<CommandResult>,
): Promise<(() => Promise<void>) | null> {
  const path = operatorSocketPath(dataDir);
  if (Buffer.byteLength(path) > maxSocketPathBytes) return null;
  // A socket left by a server that was killed: this server holds the folder's lock now.
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
      const end = text.indexOf("\n");
      if (end === -1) return;
      const answer = async (): Promise<CommandResult> => {
        try {
          const { argv } = JSON.parse(text.slice(0, end)) as { argv?: unknown };
          if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === "string")) {
            return { exitCode: 2, output: "the operator channel takes {argv: string[]}" };
          }
          return await run(argv);
        } catch (error) {
          return { exitCode: 1, output: `the running server failed: ${(error as Error).message}` };
        }
      };
      void answer().then((result) => socket.end(`${JSON.stringify(result)}\n`));
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(path, { force: true });
  };
}

/**
 * Runs a command in the server that holds the data folder: its answer, or null when no server
 * listens there (stopped without removing its socket, or too old to have one).
 */
export function sendToRunningServer(
  dataDir: string,
  argv: readonly string[],
): Promise<CommandResult | null> {
  return new Promise((resolve) => {
    const socket = connect(operatorSocketPath(dataDir));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(text) as CommandResult);
      } catch {
        resolve(null);
      }
    });
    socket.on("error", () => resolve(null));
  });
}
