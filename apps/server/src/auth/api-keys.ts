import { createHash, randomBytes, randomUUID } from "node:crypto";
import { normalizePhone } from "@chayong/domain";
import type { ApiKey, ApiKeyScope, CreatedApiKey } from "@chayong/sdk/server";
import { and, desc, eq, isNull, or } from "drizzle-orm";
import { type Actor, recordAudit } from "../audit/audit";
import type { Caller } from "../calls/caller";
import type { Db } from "../db/database";
import { apiKeys, lenderProfiles, users } from "../db/schema";
import { lenderProfileOf } from "./sessions";

/** Every key starts so: a leaked one is easy to recognise (secret scanners, logs). */
export const apiKeyMarker = "cyk_";
/** Writing last_used_at on every call would make every read a write; once a minute is plenty. */
const lastUsedIntervalMs = 60 * 1000;
/** Longer than any key made here; anything longer is refused before it is hashed. */
const maxKeyLength = 100;

type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * SHA-256 of the whole key. The secret is 256 random bits, so a fast hash is enough: there is
 * no dictionary to try, and a slow (password) hash would only slow every call down.
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** `cyk_<8 hex: prefix, shown in lists>_<43 base64url: 256 random bits>`. */
function generateApiKey(): { key: string; prefix: string } {
  const prefix = randomBytes(4).toString("hex");
  const secret = randomBytes(32).toString("base64url");
  return { key: `${apiKeyMarker}${prefix}_${secret}`, prefix };
}

export function apiKeyAnswer(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export interface NewApiKey {
  lenderId: string;
  name: string;
  scope: ApiKeyScope;
}

/** Makes a key; answers it whole this once (only its hash is stored). Audited. */
export async function createApiKey(
  db: Db,
  input: NewApiKey,
  audit: { actor: Actor; ip: string | null },
  now: Date,
): Promise<CreatedApiKey> {
  const { key, prefix } = generateApiKey();
  const row: ApiKeyRow = {
    id: randomUUID(),
    lenderId: input.lenderId,
    name: input.name,
    scope: input.scope,
    prefix,
    keyHash: hashApiKey(key),
    createdAt: now,
    lastUsedAt: null,
    revokedAt: null,
  };
  await db.transaction(async (tx) => {
    await tx.insert(apiKeys).values(row);
    await recordAudit(tx, {
      actor: audit.actor,
      action: "apiKey.create",
      subjectId: row.id,
      ip: audit.ip,
      at: now,
      details: { lenderId: input.lenderId, name: input.name, scope: input.scope, prefix },
    });
  });
  return { ...apiKeyAnswer(row), key };
}

/** A lender's keys, newest first, revoked ones included (they say when). */
export async function listApiKeys(db: Db, lenderId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.lenderId, lenderId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(apiKeyAnswer);
}

/**
 * Revokes one of the lender's keys, found by id or by prefix; null when the lender has no such
 * key. Revoking twice keeps the first time. Audited.
 */
export async function revokeApiKey(
  db: Db,
  lenderId: string,
  idOrPrefix: string,
  audit: { actor: Actor; ip: string | null },
  now: Date,
): Promise<ApiKey | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.lenderId, lenderId),
          or(eq(apiKeys.id, idOrPrefix), eq(apiKeys.prefix, idOrPrefix)),
        ),
      )
      .limit(1);
    if (row === undefined) return null;
    if (row.revokedAt !== null) return apiKeyAnswer(row);
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(eq(apiKeys.id, row.id))
      .returning();
    await recordAudit(tx, {
      actor: audit.actor,
      action: "apiKey.revoke",
      subjectId: row.id,
      ip: audit.ip,
      at: now,
      details: { lenderId, prefix: row.prefix },
    });
    return apiKeyAnswer(revoked ?? row);
  });
}

/**
 * The caller an API key acts as: its lender, with the key's id and scope; null when the key is
 * unknown, revoked, or its account is no longer a lender. Records the last use, at most once a
 * minute per key.
 */
export async function authenticateApiKey(db: Db, key: string, now: Date): Promise<Caller | null> {
  if (!key.startsWith(apiKeyMarker) || key.length > maxKeyLength) return null;
  const [row] = await db
    .select({ key: apiKeys, user: users, lender: lenderProfiles })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.lenderId))
    .leftJoin(lenderProfiles, eq(lenderProfiles.userId, users.id))
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (row === undefined || row.user.role !== "lender") return null;
  const lastUsed = row.key.lastUsedAt?.getTime();
  if (lastUsed === undefined || now.getTime() - lastUsed >= lastUsedIntervalMs) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
  }
  return {
    userId: row.user.id,
    sessionId: null,
    apiKey: { id: row.key.id, scope: row.key.scope },
    phone: row.user.phone,
    role: "lender",
    lender: lenderProfileOf(row.lender),
  };
}

/** The lender of a phone typed by an operator (KR or TW mobile), or a problem to print. */
export async function findLenderByPhone(
  db: Db,
  phone: string,
): Promise<{ ok: true; userId: string; phone: string } | { ok: false; problem: string }> {
  const normalized = ["KR", "TW"]
    .map((jurisdiction) => normalizePhone(phone, jurisdiction as "KR" | "TW", { mobile: true }))
    .find((result) => result.ok);
  if (normalized === undefined || !normalized.ok)
    return { ok: false, problem: `--lender is not a valid KR/TW mobile number: ${phone}` };
  const [user] = await db.select().from(users).where(eq(users.phone, normalized.value)).limit(1);
  if (user === undefined || user.role !== "lender")
    return { ok: false, problem: `${normalized.value} is not a lender (lender:add makes one)` };
  return { ok: true, userId: user.id, phone: user.phone };
}
