// The program launcher's own process (./launcher.ts). It stays small, so each program it
// starts is a fork of a small process rather than of the server, whose fork grows with its memory.
import { type ProgramRun, runProgram } from "./run-program";

process.on("message", (message: { id: number; run: ProgramRun }) => {
  void runProgram(message.run).then((outcome) => process.send?.({ id: message.id, outcome }));
});
// The server stopped it, or is gone.
process.on("disconnect", () => process.exit(0));
