import type { Envelope } from "@chayong/transport/first-read";
import { type PlannedRead, requestText } from "./first-reads";

/** Where the page's inline script leaves its first reads for the app (first-read-script.ts). */
export const firstReadsKey = "__chayongFirstReads";

/** One read the page sent: its answer to come, when it left, and how to give it up. */
export interface SentRead extends PlannedRead {
  envelope: Promise<Envelope | null>;
  /** performance.now() when it was sent. */
  sentAt: number;
  abort: () => void;
}

export interface FirstReads {
  /** The session they were made with. */
  token: string;
  reads: SentRead[];
}

/**
 * The page's first read of this call, taken once: undefined when none was made for it, or when
 * it was made for another session than the app's now (the reader logged out, or in as someone
 * else, since). Its envelope resolves null when it could not be made or read; the caller then
 * makes the call itself.
 */
export function takeFirstRead(
  id: string,
  input: unknown,
  token: string | null,
): SentRead | undefined {
  const first = (globalThis as Record<string, unknown>)[firstReadsKey] as FirstReads | undefined;
  if (!first) return undefined;
  if (first.token !== token) {
    delete (globalThis as Record<string, unknown>)[firstReadsKey];
    return undefined;
  }
  const wanted = requestText(input);
  const at = first.reads.findIndex((read) => read.id === id && requestText(read.input) === wanted);
  if (at < 0) return undefined;
  const [read] = first.reads.splice(at, 1);
  return read;
}

/**
 * Drops what the page's first reads sent and nobody took (a read for an address the app
 * redirected away from): they answered the page as it loaded, and must never stand for a later
 * read. Called once the first screen is shown, and when the session changes.
 */
export function forgetFirstReads(): void {
  delete (globalThis as Record<string, unknown>)[firstReadsKey];
}

export interface Waits {
  timeoutMs: number;
  slowNetworkMs: number;
}

/**
 * The answer of a first read, within the waits of the transport counted from when it was sent,
 * as if the app had made the call then: the slow-network notice while it is pending past
 * `slowNetworkMs`, and "timed-out" (the read given up) past `timeoutMs`.
 */
export async function waitForFirstRead(
  read: SentRead,
  waits: Waits,
  notice: { started: () => void; settled: () => void },
): Promise<Envelope | null | "timed-out"> {
  const waited = performance.now() - read.sentAt;
  let noticed = false;
  const slow = setTimeout(
    () => {
      noticed = true;
      notice.started();
    },
    Math.max(0, waits.slowNetworkMs - waited),
  );
  let expire: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"timed-out">((resolve) => {
    expire = setTimeout(() => resolve("timed-out"), Math.max(0, waits.timeoutMs - waited));
  });
  try {
    const outcome = await Promise.race([read.envelope, deadline]);
    if (outcome === "timed-out") read.abort();
    return outcome;
  } finally {
    clearTimeout(slow);
    clearTimeout(expire);
    if (noticed) notice.settled();
  }
}
