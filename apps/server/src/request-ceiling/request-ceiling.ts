import type { Logger } from "pino";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { RedisConfig } from "../config/config";

/**
 * The per-IP request ceiling (README, "Scale-out"): every API call of one client IP counts
 * against `CHAYONG_IP_REQUESTS_PER_MINUTE`. Counted in the process's memory on the embedded
 * default; in Redis when `REDIS_URL` is set, so N processes behind a load balancer share one
 * count per IP.
 */
export interface RequestCeiling {
  /** Counts one call of `ip`; over the ceiling, how long until the next call is allowed. */
  take(ip: string): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }>;
  close(): Promise<void>;
}

const windowSeconds = 60;
/** How long a starting server waits for Redis before it counts per process meanwhile. */
const redisReadyWaitMs = 3_000;

function readyOrTimeout(
  client: { status: string; once(event: "ready", listener: () => void): unknown },
  timeoutMs: number,
): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    timer.unref();
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
/** At most one "Redis unreachable" warning in this many milliseconds. */
const redisWarningIntervalMs = 60_000;

export async function createRequestCeiling(
  perMinute: number,
  redis: RedisConfig | null,
  logger: Logger,
  /** What is counted, so two ceilings keep apart counts (the Redis key prefix). */
  name = "ip-requests",
): Promise<RequestCeiling> {
  // Loaded only when a ceiling is on (README, "Memory at idle").
  const { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } = await import(
    "rate-limiter-flexible"
  );
  const options = { points: perMinute, duration: windowSeconds, keyPrefix: name };
  let limiter: RateLimiterAbstract;
  let closeStore = async () => {};
  if (redis === null) {
    limiter = new RateLimiterMemory(options);
  } else {
    const { Redis } = await import("ioredis");
    const client = new Redis(redis.url, {
      // Fail fast while Redis is away instead of queueing calls behind a reconnect.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
    });
    let lastWarning = 0;
    client.on("error", (error: unknown) => {
      if (Date.now() - lastWarning < redisWarningIntervalMs) return;
      lastWarning = Date.now();
      logger.warn(
        { err: { message: describeRedisError(error), code: (error as { code?: string }).code } },
        "Redis unreachable: the request ceiling counts per process until it is back",
      );
    });
    client.on("ready", () => {
      if (lastWarning !== 0) logger.info("Redis reachable again: the request ceiling is shared");
    });
    // Fail open, to a per-process count: the ceiling only blunts floods, while refusing every
    // call (fail closed) would turn a Redis outage into an outage of the whole service. The
    // limits that protect people (SMS codes, sign-once, money) are kept in the database and
    // hold regardless; with N processes the ceiling is at most N times as loose meanwhile.
    limiter = new RateLimiterRedis({
      ...options,
      keyPrefix: `${redis.keyPrefix}:${name}`,
      storeClient: client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
    // Calls made before the connection is ready would be counted per process: wait for it a
    // little (a Redis that is down only delays the start by this much, then fails open).
    await readyOrTimeout(client, redisReadyWaitMs);
    closeStore = async () => {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    };
  }
  return {
    async take(ip) {
      try {
        await limiter.consume(ip);
        return { allowed: true };
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) {
          return { allowed: false, retryAfterMs: refusal.msBeforeNext };
        }
        // Neither store answered (should not happen: the memory one always does): fail open.
        logger.warn({ err: refusal }, "request ceiling unavailable; call allowed");
        return { allowed: true };
      }
    },
    close: () => closeStore(),
  };
}

/**
 * What a Redis client's error says, in words: Node reports a refused connection to a name with
 * several addresses as an AggregateError whose own message is empty, and a client may emit a
 * plain object, which a log showed as "[object Object]".
 */
export function describeRedisError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.map(describeRedisError).join("; ");
  }
  if (error instanceof Error && error.message !== "") return error.message;
  if (error instanceof Error) return error.name;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
