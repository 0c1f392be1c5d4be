// The PDF thread's entry (pdf-thread.ts starts it): lays out one contract PDF per message and
// answers its bytes, so the 0.5-1 s of CPU a render takes never holds up the server's calls.
import { parentPort, threadId } from "node:worker_threads";
import { signPdf } from "../seal/sign-pdf";
import { cropSignatureToInk } from "../signature-image";
import type { PdfThreadAnswer, PdfThreadRequest } from "./pdf-thread";
import {
  type ContractPdfInput,
  renderContractPdf,
  renderStatementPdf,
} from "./render-contract-pdf";

if (parentPort === null) throw new Error("pdf-worker runs as a worker thread (pdf-thread.ts)");
const port = parentPort;

port.on("message", async ({ id, input, statement }: PdfThreadRequest) => {
  let answer: PdfThreadAnswer;
  try {
    const bytes =
      statement !== undefined
        ? await signPdf(await renderStatementPdf(statement), statement.seal.certificate)
        : await contractPdf(input);
    answer = { id, ok: true, bytes, threadId };
  } catch (error) {
    answer = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer, answer.ok ? [answer.bytes.buffer as ArrayBuffer] : []);
});

async function contractPdf(input: ContractPdfInput): Promise<Uint8Array> {
  // The request carries the signature as stored; the document shows it cropped to its ink.
  const signaturePng = cropSignatureToInk(Buffer.from(input.signaturePng));
  const rendered = await renderContractPdf({ ...input, signaturePng });
  return input.seal === null ? rendered : signPdf(rendered, input.seal.certificate);
}
