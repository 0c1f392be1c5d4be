import { sql } from "drizzle-orm";
import type { Db } from "./database";

/**
 * What processes keep in memory about rows (the session cache, src/auth/session-cache.ts) is
 * dropped when those rows change: the change sends a PostgreSQL notification on this channel,
 * from inside its own transaction (README "How a call is handled", step 2).
 *
 * Why NOTIFY, on both engines: a notification is delivered at the commit of the transaction that
 * sent it, to every session listening then, and never if it rolls back. Sent beside the change,
 * it cannot be lost to a crash between the commit and a separate publish (as a Redis message
 * sent after the commit could), and every writer already holds a database connection (the
 * operator's commands too, from their own process). PGlite delivers it within its process.
 */
export const invalidationChannel = "chayong_invalidate";

/**
 * Tells every process that what it holds about `tags` (`s:<sessionId>`, `u:<userId>`) is stale.
 * Call it in the transaction of the change. The payload names the schema, so deployments (and
 * test runs) sharing a database through schemas ignore each other's.
 */
export async function publishInvalidation(db: Db, tags: readonly string[]): Promise<void> {
  await db.execute(
    sql`select pg_notify(${invalidationChannel}, current_schema() || '|' || ${tags.join(",")})`,
  );
}

/** The tags of a notification's payload meant for `schemaName`, else null (another schema's). */
export function invalidatedTags(payload: string, schemaName: string): string[] | null {
  const bar = payload.indexOf("|");
  if (bar < 0 || payload.slice(0, bar) !== schemaName) return null;
  return payload
    .slice(bar + 1)
    .split(",")
    .filter((tag) => tag !== "");
}

/** Where a listener stands: `live` only while every notification sent reaches it. */
export interface InvalidationEvents {
  onTags(tags: string[]): void;
  onLive(live: boolean): void;
}

type Listen = (events: InvalidationEvents) => Promise<() => Promise<void>>;

/**
 * A database's `listen` that also lets the process that makes a change wait for its own
 * notification to come back (`heard`). A notification reaches the listeners after the commit, a
 * moment after the change's call could answer: without the wait, this process's next call could
 * still find the logged-out session kept (docs/login.md "Sessions"). Take `heard` before the
 * transaction that sends the tags, await it after: it resolves once a notification naming one of
 * them arrived (the cache has dropped them by then), at once when nothing listens live (nothing
 * is then answered from memory), or after `timeoutMs` when the change rolled back.
 */
export function echoing(listen: Listen): {
  listen: Listen;
  heard(tags: readonly string[], timeoutMs?: number): Promise<void>;
} {
  const waiters = new Set<{ tags: ReadonlySet<string>; done: () => void }>();
  let live = false;
  const settle = (pick: (tags: ReadonlySet<string>) => boolean) => {
    for (const waiter of [...waiters]) {
      if (pick(waiter.tags)) waiter.done();
    }
  };
  return {
    listen: (events) =>
      listen({
        onTags(tags) {
          events.onTags(tags);
          settle((waited) => tags.some((tag) => waited.has(tag)));
        },
        onLive(isLive) {
          live = isLive;
          events.onLive(isLive);
          if (!isLive) settle(() => true);
        },
      }),
    heard(tags, timeoutMs = 1_000) {
      if (!live) return Promise.resolve();
      return new Promise((resolve) => {
        const waiter = {
          tags: new Set(tags),
          done: () => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(waiter.done, timeoutMs);
        timer.unref();
        waiters.add(waiter);
      });
    },
  };
}
