import type { Envelope } from "@chayong/transport/first-read";
import { type PlannedRead, requestText } from "./first-reads";

/** Where the page's inline script leaves its first reads for the app (first-read-script.ts). */
export const firstReadsKey = "__chayongFirstReads";

export interface FirstReads {
  /** The session they were made with. */
  token: string;
  reads: Array<PlannedRead & { envelope: Promise<Envelope | null> }>;
}

/**
 * The answer the page's first read got for this call, taken once: undefined when none was made
 * for it, or when it was made for another session than the app's now (the reader logged out,
 * or in as someone else, since). Resolves null when the first read could not be made or read;
 * the caller then makes the call itself.
 */
export function takeFirstRead(
  id: string,
  input: unknown,
  token: string | null,
): Promise<Envelope | null> | undefined {
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
  return read?.envelope;
}
