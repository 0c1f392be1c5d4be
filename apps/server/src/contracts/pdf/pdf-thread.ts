import { Worker } from "node:worker_threads";
import { entryBeside } from "../../package-dir";
import type { ContractPdfInput, StatementPdfInput } from "./render-contract-pdf";

/**
 * One render asked of the PDF thread: a contract (its `input.signaturePng` the signature as
 * stored) or a ledger statement.
 */
export type PdfThreadRequest =
  | { id: number; input: ContractPdfInput; statement?: never }
  | { id: number; statement: StatementPdfInput; input?: never };

/** Its answer: the PDF's bytes (moved, not copied), or why it failed. */
export type PdfThreadAnswer =
  | { id: number; ok: true; bytes: Uint8Array; threadId: number }
  | { id: number; ok: false; message: string };

/**
 * The thread is started with the first PDF and stopped after this long without one: a download
 * is rare, and an idle server should not carry pdf-lib, fontkit and the fonts (README, "Memory
 * at idle").
 */
const idleStopMs = 30_000;

interface Pending {
  resolve(answer: { bytes: Uint8Array; threadId: number }): void;
  reject(error: Error): void;
}

/** The running thread and the renders it owes; a stopped thread fails only its own. */
interface PdfThread {
  worker: Worker;
  pending: Map<number, Pending>;
  idleTimer: NodeJS.Timeout | null;
}

let current: PdfThread | null = null;
let nextId = 1;

function startThread(): PdfThread {
  const { url, execArgv } = entryBeside(import.meta.url, "pdf-worker");
  const thread: PdfThread = {
    worker: new Worker(url, { execArgv }),
    pending: new Map(),
    idleTimer: null,
  };
  const failAll = (error: Error) => {
    if (current === thread) current = null;
    for (const waiting of thread.pending.values()) waiting.reject(error);
    thread.pending.clear();
  };
  // A render in flight holds the process open through its call; an idle thread never does.
  thread.worker.unref();
  thread.worker.on("message", (answer: PdfThreadAnswer) => {
    const waiting = thread.pending.get(answer.id);
    if (waiting === undefined) return;
    thread.pending.delete(answer.id);
    if (answer.ok) waiting.resolve({ bytes: answer.bytes, threadId: answer.threadId });
    else waiting.reject(new Error(`contract PDF: ${answer.message}`));
    if (thread.pending.size === 0) scheduleIdleStop(thread);
  });
  thread.worker.on("error", failAll);
  thread.worker.on("exit", (code) =>
    failAll(new Error(`the PDF thread stopped (exit code ${code})`)),
  );
  return thread;
}

function scheduleIdleStop(thread: PdfThread): void {
  thread.idleTimer = setTimeout(() => {
    thread.idleTimer = null;
    if (thread.pending.size > 0) return;
    if (current === thread) current = null;
    void thread.worker.terminate();
  }, idleStopMs);
  thread.idleTimer.unref();
}

/**
 * Renders the contract PDF on the PDF thread (one per process, started on demand; renders asked
 * together share it). The event loop that answers calls stays free meanwhile.
 */
export function renderContractPdfOffThread(
  input: ContractPdfInput,
): Promise<{ bytes: Uint8Array; threadId: number }> {
  return renderOffThread((id) => ({ id, input }));
}

/** A ledger statement, laid out and signed on the PDF thread like a contract. */
export function renderStatementPdfOffThread(
  statement: StatementPdfInput,
): Promise<{ bytes: Uint8Array; threadId: number }> {
  return renderOffThread((id) => ({ id, statement }));
}

async function renderOffThread(
  request: (id: number) => PdfThreadRequest,
): Promise<{ bytes: Uint8Array; threadId: number }> {
  current ??= startThread();
  const thread = current;
  if (thread.idleTimer !== null) {
    clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
  }
  const id = nextId++;
  const answer = new Promise<{ bytes: Uint8Array; threadId: number }>((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
  });
  thread.worker.postMessage(request(id));
  return answer;
}

/** The PDF thread's id while it runs (null when stopped or never started): for tests and logs. */
export function runningPdfThreadId(): number | null {
  return current?.worker.threadId ?? null;
}
