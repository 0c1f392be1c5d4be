// The program launcher's own process (./launcher.ts). It stays small, so each program it
// starts is a fork of a small process rather than of the server, whose fork grows with its memory.
import type { ChildProcess } from "node:child_process";
import { type ProgramRun, runProgram } from "./run-program";

const running = new Set<ChildProcess>();
process.on("message", (message: { id: number; run: ProgramRun }) => {
  void runProgram(message.run, running).then((outcome) => {
    if (process.connected) process.send?.({ id: message.id, outcome });
  });
});
// The server stopped it, or is gone: nobody waits for the runs still going.
process.on("disconnect", () => {
  for (const child of running) child.kill("SIGKILL");
  process.exit(0);
});
