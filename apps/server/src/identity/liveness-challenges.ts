import { randomBytes, randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database";
import { identityAttempts } from "../db/schema";
import { type LivenessAction, livenessActions } from "./face/liveness";
import { finishAttempt, reserveAttempt } from "./identity-store";

/**
 * Liveness challenges (docs/identity.md, "Liveness"): random, single-use, short-lived, kept per
 * borrower in the database (any server process may check one another issued). Each is an
 * identity attempt of kind `livenessChallenge`, so issuing one is counted and limited like the
 * steps; its details hold the challenge, `usedAt` once a face check took it.
 */

/** How long a challenge may be answered: the action takes a few seconds, the upload a few more. */
export const LIVENESS_CHALLENGE_LIFETIME_MS = 120_000;

export interface LivenessChallenge {
  challengeId: string;
  action: LivenessAction;
  expiresAt: Date;
}

/** A new challenge for the borrower, or null when they drew too many lately. */
export async function issueLivenessChallenge(
  db: Db,
  userId: string,
  now: Date,
): Promise<LivenessChallenge | null> {
  const attempt = await reserveAttempt(db, userId, "livenessChallenge", now);
  if (attempt === null) return null;
  const challenge: LivenessChallenge = {
    challengeId: randomBytes(16).toString("base64url"),
    action: livenessActions[randomInt(livenessActions.length)] ?? "blink",
    expiresAt: new Date(now.getTime() + LIVENESS_CHALLENGE_LIFETIME_MS),
  };
  await finishAttempt(db, attempt, {
    passed: false,
    details: {
      challengeId: challenge.challengeId,
      action: challenge.action,
      expiresAt: challenge.expiresAt.toISOString(),
    },
  });
  return challenge;
}

export type TakenChallenge =
  | { ok: true; attemptId: number; action: LivenessAction }
  | { ok: false; reason: "unknown" | "used" | "expired" };

/**
 * Takes the borrower's challenge for one face check: marks it used in the same statement that
 * finds it unused, so two checks cannot both take it; a used, expired or someone else's
 * challenge is refused.
 */
export async function takeLivenessChallenge(
  db: Db,
  userId: string,
  challengeId: string,
  now: Date,
): Promise<TakenChallenge> {
  const mine = and(
    eq(identityAttempts.userId, userId),
    eq(identityAttempts.kind, "livenessChallenge"),
    sql`${identityAttempts.details}->>'challengeId' = ${challengeId}`,
  );
  const [taken] = await db
    .update(identityAttempts)
    .set({
      details: sql`${identityAttempts.details} || jsonb_build_object('usedAt', ${now.toISOString()}::text)`,
    })
    .where(and(mine, sql`${identityAttempts.details}->>'usedAt' is null`))
    .returning({ id: identityAttempts.id, details: identityAttempts.details });
  if (taken === undefined) {
    const [found] = await db
      .select({ id: identityAttempts.id })
      .from(identityAttempts)
      .where(mine)
      .limit(1);
    return { ok: false, reason: found ? "used" : "unknown" };
  }
  const details = taken.details as { action: LivenessAction; expiresAt: string };
  if (new Date(details.expiresAt).getTime() <= now.getTime())
    return { ok: false, reason: "expired" };
  return { ok: true, attemptId: taken.id, action: details.action };
}

/** Records what the face check found (the challenge's `passed`). */
export async function settleLivenessChallenge(
  db: Db,
  attemptId: number,
  outcome: { passed: boolean; details: Record<string, unknown> },
): Promise<void> {
  await db
    .update(identityAttempts)
    .set({
      passed: outcome.passed,
      details: sql`${identityAttempts.details} || ${JSON.stringify({ result: outcome.details })}::jsonb`,
    })
    .where(eq(identityAttempts.id, attemptId));
}
