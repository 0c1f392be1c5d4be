import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Caller, LenderProfile } from "../calls/caller";
import type { Db } from "../db/database";
import { publishInvalidation } from "../db/invalidations";
import { lenderProfiles, sessions, users } from "../db/schema";
import { type SessionCache, sessionTag } from "./session-cache";

/** docs/login.md#sessions: sliding expiry of 30 days. */
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** Extending the expiry on every call would write on every read; once a minute is plenty. */
const touchIntervalMs = 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export async function createSession(
  db: Db,
  userId: string,
  ip: string,
  now: Date,
): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString("base64url");
  const sessionId = randomUUID();
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    tokenHash: hashToken(token),
    ip,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionLifetimeMs),
  });
  return { token, sessionId };
}

/**
 * The caller a token belongs to, or null when it is unknown, revoked or expired: from the
 * server's session cache when it holds it (./session-cache.ts), else from the database.
 */
export async function authenticateCached(
  db: Db,
  cache: SessionCache | null,
  token: string,
  now: Date,
): Promise<Caller | null> {
  if (token.length === 0 || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const kept = cache?.get(tokenHash, now);
  if (kept !== undefined) return kept;
  const epoch = cache?.begin() ?? 0;
  const found = await loadSession(db, tokenHash, now);
  if (found === null) return null;
  cache?.set(tokenHash, found.caller, found.expiresAt, now, epoch);
  return found.caller;
}

/** The caller a token belongs to, from the database: null when unknown, revoked or expired. */
export async function authenticate(db: Db, token: string, now: Date): Promise<Caller | null> {
  if (token.length === 0 || token.length > 200) return null;
  return (await loadSession(db, hashToken(token), now))?.caller ?? null;
}

/**
 * The session of a token hash with its caller and when it ends. Extends the sliding expiry at most
 * once a minute; with the cache, that is only when a call misses it (at most every 30 s).
 */
async function loadSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ caller: Caller; expiresAt: Date } | null> {
  const [row] = await db
    .select({ session: sessions, user: users, lender: lenderProfiles })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(lenderProfiles, eq(lenderProfiles.userId, users.id))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .limit(1);
  if (row === undefined || row.session.expiresAt.getTime() <= now.getTime()) return null;
  let expiresAt = row.session.expiresAt;
  if (now.getTime() - row.session.lastSeenAt.getTime() >= touchIntervalMs) {
    expiresAt = new Date(now.getTime() + sessionLifetimeMs);
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt })
      .where(eq(sessions.id, row.session.id));
  }
  const { lender } = row;
  return {
    caller: {
      userId: row.user.id,
      sessionId: row.session.id,
      apiKey: null,
      phone: row.user.phone,
      role: row.user.role,
      lender: row.user.role === "lender" ? lenderProfileOf(lender) : null,
    },
    expiresAt,
  };
}

export function lenderProfileOf(
  lender: typeof lenderProfiles.$inferSelect | null,
): LenderProfile | null {
  return lender === null
    ? null
    : {
        displayName: lender.displayName,
        merchantName: lender.merchantName,
        licenceNumber: lender.licenceNumber,
        jurisdiction: lender.jurisdiction,
        timeZone: lender.timeZone,
      };
}

/**
 * Ends a session. Call it in a transaction: the invalidation it sends reaches every process's
 * session cache at the commit (docs/login.md "Sessions").
 */
export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await publishInvalidation(db, [sessionTag(sessionId)]);
}
