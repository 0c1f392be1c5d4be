// The contract PDF and the event loop: what one download costs the other calls of the process.
// A signed contract on the embedded default (in-process server, the real SDK and transport);
// then, while a client asks a cheap endpoint (config.service) every 10 ms, PDFs are rendered:
//   - "PDF thread": downloaded through the API, laid out on the PDF thread (as the server does);
//   - "event loop": the same input cropped and rendered on the calling thread (as the server did
//     before), without the API call around it.
// Printed: time per PDF, the event loop's longest stall (monitorEventLoopDelay) and the cheap
// call's latency (median, p99, max) meanwhile.
//
//   pnpm turbo run build --filter=@chayong/server...
//   pnpm --filter @chayong/server bench:pdf          (BENCH_RUNS=10 PDFs per mode)

import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import type { ContractPdfInput } from "../src/contracts/pdf/render-contract-pdf";
import { renderContractPdf } from "../src/contracts/pdf/render-contract-pdf";
import { cropSignatureToInk } from "../src/contracts/signature-image";
import { logInCast, signedInstalmentContract } from "../src/testing/fixtures";
import { startTestServer } from "../src/testing/test-server";
import { median, positiveSetting, progress } from "./harness";

const pdfs = positiveSetting("BENCH_RUNS", 10);
const pingEveryMs = 10;

const ts = await startTestServer();
try {
  const cast = await logInCast(ts, { verifyBorrowers: true });
  const contract = await signedInstalmentContract(cast, "Bench");

  // The input the server hands its PDF thread, kept to render it on this thread for comparison.
  let captured: ContractPdfInput | undefined;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, message: unknown, transfer?: never) {
    captured ??= (message as { input: ContractPdfInput }).input;
    return post.call(this, message, transfer);
  };
  await cast.lenderA.api.contract.pdf({ id: contract.id }); // warm-up: starts the thread, loads fonts
  Worker.prototype.postMessage = post;
  if (captured === undefined) throw new Error("the server rendered no PDF on its thread");
  const input = captured;
  // What the PDF thread does with that input (pdf-worker.ts), here on the calling thread.
  const renderOnThisThread = () =>
    renderContractPdf({
      ...input,
      signaturePng: cropSignatureToInk(Buffer.from(input.signaturePng)),
    });
  await renderOnThisThread(); // warm-up on this thread too

  async function measure(mode: string, render: () => Promise<unknown>) {
    const pings: number[] = [];
    let running = true;
    const pinger = (async () => {
      while (running) {
        const started = performance.now();
        await cast.lenderA.api.config.service({ configKey: "line" });
        pings.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, pingEveryMs));
      }
    })();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const times: number[] = [];
    for (let i = 0; i < pdfs; i++) {
      const started = performance.now();
      await render();
      times.push(performance.now() - started);
    }
    loop.disable();
    running = false;
    await pinger;
    const sorted = [...pings].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN;
    const ms = (value: number) => value.toFixed(0);
    progress(`${mode}: done`);
    return `| ${mode} | ${ms(median(times))} | ${ms(loop.max / 1e6)} | ${pings.length} | ${ms(median(pings))} / ${ms(p99)} / ${ms(sorted.at(-1) ?? Number.NaN)} |`;
  }

  const rows = [
    await measure("PDF thread (the API)", () => cast.lenderA.api.contract.pdf({ id: contract.id })),
    await measure("event loop (direct)", renderOnThisThread),
  ];
  console.info(
    `Contract PDF, ${pdfs} renders per mode, a cheap call every ${pingEveryMs} ms meanwhile (Node ${process.version})\n`,
  );
  console.info(
    "| mode | ms per PDF (median) | longest event-loop stall ms | cheap calls | their ms: median / p99 / max |",
  );
  console.info("|---|---|---|---|---|");
  for (const row of rows) console.info(row);
} finally {
  await ts.close();
}
