import { and, asc, count, desc, eq, gte, isNotNull, or, sql } from "drizzle-orm";
import type { Caller } from "../calls/caller";
import type { Db } from "../db/database";
import {
  borrowerIdentities,
  contracts,
  emergencyContacts,
  identityAttempts,
  identityReviews,
} from "../db/schema";
import type { IdCardCountry } from "./ocr/id-card-reader";

export type IdentityRow = typeof borrowerIdentities.$inferSelect;
export type ContactRow = typeof emergencyContacts.$inferSelect;
export type AttemptKind = (typeof identityAttempts.$inferInsert)["kind"];

/**
 * How often a borrower may try each step (docs/identity.md, "Limits"): enough for honest retakes,
 * too few to probe the face matcher; a second submission within `minGapMs` of the previous one
 * is a double tap ('operation too frequent').
 */
export const attemptLimits: Record<AttemptKind, { perHour: number; minGapMs: number }> = {
  face: { perHour: 10, minGapMs: 2_000 },
  ocr: { perHour: 20, minGapMs: 1_000 },
  confirm: { perHour: 10, minGapMs: 3_000 },
  contacts: { perHour: 10, minGapMs: 3_000 },
  // Cloud upload credentials (docs/identity.md, "Cloud uploads"): as many as uploads.
  credentials: { perHour: 60, minGapMs: 0 },
  // A lender's shared-debt lookups (docs/customers.md): enough to check every new borrower.
  sharedDebt: { perHour: 30, minGapMs: 0 },
  // Liveness challenges (docs/identity.md, "Liveness"): a few for every face check. It bounds
  // the draws; it does not stop drawing again until the action a recorded video shows comes up.
  livenessChallenge: { perHour: 60, minGapMs: 0 },
};

/** Whether the borrower has tried this step too often lately. */
export async function tooFrequent(
  db: Db,
  userId: string,
  kind: AttemptKind,
  now: Date,
): Promise<boolean> {
  const limit = attemptLimits[kind];
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const recent = and(
    eq(identityAttempts.userId, userId),
    eq(identityAttempts.kind, kind),
    gte(identityAttempts.at, hourAgo),
  );
  const [counted] = await db.select({ n: count() }).from(identityAttempts).where(recent);
  if ((counted?.n ?? 0) >= limit.perHour) return true;
  const [last] = await db
    .select({ at: identityAttempts.at })
    .from(identityAttempts)
    .where(recent)
    .orderBy(desc(identityAttempts.at))
    .limit(1);
  return last !== undefined && now.getTime() - last.at.getTime() < limit.minGapMs;
}

/**
 * Takes one attempt at a step, or null when the borrower has tried too often lately. The
 * attempt is recorded before the work (an engine run) starts, under a lock per borrower and
 * step, so parallel requests cannot all see "no attempts yet"; an attempt whose work throws
 * stays recorded as failed.
 */
export async function reserveAttempt(
  db: Db,
  userId: string,
  kind: AttemptKind,
  now: Date,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`identity:${userId}:${kind}`}))`);
    if (await tooFrequent(tx, userId, kind, now)) return null;
    const [row] = await tx
      .insert(identityAttempts)
      .values({ userId, kind, at: now, passed: false, details: { pending: true } })
      .returning({ id: identityAttempts.id });
    if (row === undefined) throw new Error("attempt insert returned nothing");
    return row.id;
  });
}

/** What a reserved attempt came to. */
export async function finishAttempt(
  db: Db,
  attemptId: number,
  outcome: { passed: boolean; details: Record<string, unknown> },
): Promise<void> {
  await db
    .update(identityAttempts)
    .set({ passed: outcome.passed, details: outcome.details })
    .where(eq(identityAttempts.id, attemptId));
}

/** The identity row, locked for the rest of the transaction (null when there is none). */
export async function lockIdentity(db: Db, userId: string): Promise<IdentityRow | null> {
  const [row] = await db
    .select()
    .from(borrowerIdentities)
    .where(eq(borrowerIdentities.userId, userId))
    .for("update");
  return row ?? null;
}

/** Whether the borrower has signed a contract: their identity then stays as it was signed. */
export async function hasSignedContracts(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.borrowerId, userId), isNotNull(contracts.signedAt)))
    .limit(1);
  return row !== undefined;
}

export async function findIdentity(db: Db, userId: string): Promise<IdentityRow | null> {
  const [row] = await db
    .select()
    .from(borrowerIdentities)
    .where(eq(borrowerIdentities.userId, userId));
  return row ?? null;
}

export async function findContacts(db: Db, userId: string): Promise<ContactRow[]> {
  return db
    .select()
    .from(emergencyContacts)
    .where(eq(emergencyContacts.userId, userId))
    .orderBy(asc(emergencyContacts.position));
}

/** Creates the borrower's identity row or changes the given columns of it. */
export async function saveIdentity(
  db: Db,
  userId: string,
  change: Partial<Omit<IdentityRow, "userId" | "updatedAt">>,
  now: Date,
): Promise<void> {
  await db
    .insert(borrowerIdentities)
    .values({ userId, ...change, updatedAt: now })
    .onConflictDoUpdate({ target: borrowerIdentities.userId, set: { ...change, updatedAt: now } });
}

/** Whether the whole verification is done: what signing needs (docs/identity.md). */
export function isVerified(identity: IdentityRow | null): boolean {
  return (
    identity !== null &&
    identity.faceUploadId !== null &&
    identity.idCardVerifiedAt !== null &&
    identity.contactsAddedAt !== null
  );
}

/**
 * The ID card countries to try first for this borrower: the jurisdiction of the latest contract
 * addressed to them, then the other one.
 */
export async function idCardCountriesFor(db: Db, caller: Caller): Promise<IdCardCountry[]> {
  const [latest] = await db
    .select({ jurisdiction: contracts.jurisdiction })
    .from(contracts)
    .where(or(eq(contracts.borrowerId, caller.userId), eq(contracts.borrowerPhone, caller.phone)))
    .orderBy(desc(contracts.createdAt))
    .limit(1);
  return latest?.jurisdiction === "TW" ? ["TW", "KR"] : ["KR", "TW"];
}

export type FaceReviewStatus = "pending" | "approved" | "refused";

/** The photos a face check compared: a review decides on exactly these. */
export function reviewedPhotosOf(identity: IdentityRow) {
  const { faceUploadId, frontUploadId, holdingUploadId } = identity;
  if (faceUploadId === null || frontUploadId === null || holdingUploadId === null) return null;
  return { faceUploadId, frontUploadId, holdingUploadId };
}

/**
 * This lender's decision on the borrower's face check, when it came out `review`
 * (docs/identity.md, "Three outcomes"): `pending` until he makes one; null when the check needs
 * none (a match, or no card yet). A newer check (other photos) needs a new decision.
 */
export async function faceReviewFor(
  db: Db,
  identity: IdentityRow | null,
  lenderId: string,
): Promise<FaceReviewStatus | null> {
  if (identity?.faceDecision !== "review") return null;
  const photos = reviewedPhotosOf(identity);
  if (photos === null) return null;
  const [review] = await db
    .select({ decision: identityReviews.decision })
    .from(identityReviews)
    .where(
      and(
        eq(identityReviews.borrowerId, identity.userId),
        eq(identityReviews.lenderId, lenderId),
        eq(identityReviews.faceUploadId, photos.faceUploadId),
        eq(identityReviews.frontUploadId, photos.frontUploadId),
        eq(identityReviews.holdingUploadId, photos.holdingUploadId),
      ),
    );
  return review?.decision ?? "pending";
}
