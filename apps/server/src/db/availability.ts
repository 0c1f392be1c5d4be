import postgres from "postgres";
import { errorChain } from "./error-chain";

/**
 * Whether the database can be reached now (docs/operations.md, "When the database goes away"),
 * so a call answers 'service temporarily unavailable' within seconds instead of waiting on a
 * connection that will not come.
 */
export interface DatabaseAvailability {
  /** False from a failed probe (or a call's connection failure) until a probe answers again. */
  readonly up: boolean;
  /** An abort signal that fires the next time the database is found down. */
  downSignal(): AbortSignal;
  /** A call met a connection failure: probe at once rather than at the next tick. */
  suspect(): void;
  /** Calls `listener` whenever the database goes down or comes back; answers the unsubscribe. */
  onChange(listener: (up: boolean, reason: string | null) => void): () => void;
  stop(): Promise<void>;
}

/** The embedded database lives in this process: it is there as long as the process is. */
export const alwaysAvailable: DatabaseAvailability = {
  up: true,
  downSignal: () => new AbortController().signal,
  suspect() {},
  onChange: () => () => {},
  async stop() {},
};

/** How often the probe asks, and how long an answer may take before the database counts down. */
export const probeIntervalMs = 500;
export const probeTimeoutMs = 1_000;
const noAnswer = new Error("no answer within a second");

/**
 * Probes PostgreSQL with `select 1` on a connection of its own (the pool's may all be busy or
 * stuck behind a dead socket), twice a second. A probe that fails or takes over a second marks the
 * database down and aborts every call waiting on it; the first probe that answers marks it up.
 * A timed-out probe's connection is thrown away: it may be the one that hangs.
 */
export function watchPostgres(url: string): DatabaseAvailability {
  const listeners = new Set<(up: boolean, reason: string | null) => void>();
  let up = true;
  let stopped = false;
  let down = new AbortController();
  let client: postgres.Sql | null = null;
  let probing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  const connect = () =>
    postgres(url, {
      max: 1,
      connect_timeout: probeTimeoutMs / 1000,
      idle_timeout: 0,
      max_lifetime: null,
      fetch_types: false,
      onnotice: () => {},
      connection: { application_name: "chayong-probe" },
    });

  const mark = (nowUp: boolean, reason: string | null) => {
    if (nowUp === up) return;
    up = nowUp;
    if (!nowUp) down.abort(new Error(reason ?? "database down"));
    else down = new AbortController();
    for (const listener of listeners) listener(nowUp, reason);
  };

  /** One `select 1`: null when answered, else why not. A failed connection is thrown away. */
  const ask = async (): Promise<{ reason: string; timedOut: boolean } | null> => {
    client ??= connect();
    const current = client;
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        current`select 1`,
        new Promise((_, reject) => {
          timeout = setTimeout(() => reject(noAnswer), probeTimeoutMs);
        }),
      ]);
      return null;
    } catch (error) {
      if (client === current) client = null;
      void current.end({ timeout: 0 }).catch(() => {});
      const reason = error instanceof Error ? error.message : String(error);
      return { reason, timedOut: error === noAnswer };
    } finally {
      clearTimeout(timeout);
    }
  };

  const probeOnce = async () => {
    const reused = client !== null;
    let failed = await ask();
    // Its old connection may have died alone (a terminated backend): ask once on a new one.
    if (failed !== null && !failed.timedOut && reused) failed = await ask();
    mark(failed === null, failed?.reason ?? null);
  };

  const probe = () => {
    if (stopped) return Promise.resolve();
    probing ??= probeOnce().finally(() => {
      probing = null;
    });
    return probing;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void probe().then(schedule), probeIntervalMs);
    timer.unref();
  };
  schedule();

  return {
    get up() {
      return up;
    },
    downSignal: () => down.signal,
    suspect() {
      void probe();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await probing;
      await client?.end({ timeout: 0 }).catch(() => {});
    },
  };
}

/** postgres.js's and Node's names for a connection that failed, closed or never opened. */
const connectionErrorCodes = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL: terminated by an administrator or a crash, starting up or shutting down.
  "57P01",
  "57P02",
  "57P03",
]);

/**
 * Whether `error` says the database could not be reached, as opposed to a query it refused:
 * a connection failure (SQLSTATE class 08 or the codes above), anywhere in Drizzle's `cause`
 * chain.
 */
export function isConnectionFailure(error: unknown): boolean {
  for (const { code } of errorChain(error)) {
    if (typeof code === "string" && (connectionErrorCodes.has(code) || code.startsWith("08"))) {
      return true;
    }
  }
  return false;
}
