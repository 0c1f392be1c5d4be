import type { Logger } from "pino";
import type { Caller } from "../calls/caller";
import type { Database } from "../db/database";

/** How long a signed-in caller is answered from memory before the database is asked again. */
export const sessionCacheTtlMs = 30_000;
/** Callers kept at most; the least recently used goes first. */
export const sessionCacheMaxEntries = 10_000;

interface Entry {
  caller: Caller;
  /** The instant (server clock) it stops being answered: its load + the TTL, or the session's end. */
  until: number;
  tags: [string, string];
}

/** The tags an invalidation names a session or a user by (src/db/invalidations.ts). */
export const sessionTag = (sessionId: string) => `s:${sessionId}`;
export const userTag = (userId: string) => `u:${userId}`;

/**
 * The callers of recent sessions, by token hash, so a signed-in call does not ask the database who
 * it is from (README "How a call is handled", step 2; docs/login.md "Sessions"). Safe because
 * every change to what a Caller holds (logout, a user's role or lender profile) sends an
 * invalidation from its transaction, which every process receives at its commit; and because
 * nothing is answered from memory while this process is not sure to receive them (its listening
 * connection lost): then every call asks the database, as before, until it listens again, and
 * what was kept before is dropped (an invalidation may have been missed meanwhile).
 *
 * A load that an invalidation (or a loss of the channel) overtakes is used for its own call but
 * not kept: it may have read the row just before the change.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Moves at every invalidation and every change of `live`: a load that saw it move is not kept. */
  private epoch = 0;
  private live = false;

  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs = sessionCacheTtlMs, maxEntries = sessionCacheMaxEntries) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  get size(): number {
    return this.entries.size;
  }

  get isLive(): boolean {
    return this.live;
  }

  /** The caller kept for this token hash, or undefined (not kept, expired, or not live). */
  get(tokenHash: string, now: Date): Caller | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(tokenHash);
    if (entry === undefined) return undefined;
    if (now.getTime() >= entry.until) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    // Most recently used last: eviction takes the first.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry.caller;
  }

  /** Taken before a load from the database, handed back to `set` after it. */
  begin(): number {
    return this.epoch;
  }

  /** Keeps a caller loaded from the database, unless something changed since `begin`. */
  set(tokenHash: string, caller: Caller, sessionExpiresAt: Date, now: Date, epoch: number): void {
    if (!this.live || epoch !== this.epoch || caller.sessionId === null) return;
    const until = Math.min(now.getTime() + this.ttlMs, sessionExpiresAt.getTime());
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, {
      caller,
      until,
      tags: [sessionTag(caller.sessionId), userTag(caller.userId)],
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops every caller of these sessions and users. */
  invalidate(tags: readonly string[]): void {
    this.epoch += 1;
    const stale = new Set(tags);
    for (const [key, entry] of this.entries) {
      if (stale.has(entry.tags[0]) || stale.has(entry.tags[1])) this.entries.delete(key);
    }
  }

  /** Whether invalidations reach this process; losing them drops everything kept. */
  setLive(live: boolean): void {
    if (live === this.live) return;
    this.epoch += 1;
    this.live = live;
    this.entries.clear();
  }
}

/**
 * Starts the session cache of a server (its context's `sessions`): listens to the invalidations
 * of its database. Answers the cache and the function that stops it (before the database closes).
 */
export async function startSessionCache(
  database: Database,
  logger: Logger,
): Promise<{ cache: SessionCache; stop: () => Promise<void> }> {
  const cache = new SessionCache();
  let stopping = false;
  let everLive = false;
  const stop = await database.listen({
    onTags: (tags) => cache.invalidate(tags),
    onLive: (live) => {
      if (live === cache.isLive) return;
      cache.setLive(live);
      if (!live && !stopping) {
        logger.warn("invalidations unreachable: every call asks the database who it is from");
      } else if (live && everLive) {
        logger.info("invalidations reachable again: the session cache is back");
      }
      if (live) everLive = true;
    },
  });
  return {
    cache,
    stop: async () => {
      stopping = true;
      await stop();
    },
  };
}
