/**
 * One person, one identity (docs/identity.md, "One person, one identity"): when a borrower's ID
 * card is confirmed, his live face is searched among the other verified borrowers (1:N) and his
 * ID number's keyed hash among the other accounts. The same face with another number, or the same
 * number with another face, is refused and recorded for the operator; the same face with the
 * same number (one person on a second phone) links the two accounts, which their lenders see.
 *
 * The search: each verified face is kept sealed (docs/privacy.md, "Biometric data") with a fixed
 * random projection of its unit embedding to `projectionDimensions` numbers in clear. A server
 * process keeps those projections in memory, reading only the rows written since it last looked
 * (`identity_faces.seq`, written under one lock so they commit in order), ranks them by distance
 * to the new face's projection, and opens the nearest `candidateCount` to compare them exactly
 * (the cosine, against the match threshold). bench/one-identity.ts measures its speed and its
 * recall against the exact search; GiST on a `cube` of the projection was measured slower than a
 * sequential scan at 32 dimensions (the docs).
 */
import type { MessageKey } from "@chayong/domain";
import { and, desc, eq, gt, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Actor, recordAudit } from "../audit/audit";
import type { ServerContext } from "../context";
import type { Db } from "../db/database";
import {
  borrowerIdentities,
  identityConflicts,
  identityFaces,
  identityLinks,
  users,
} from "../db/schema";
import { mulberry32 } from "../seeded-random";

/**
 * The similarity at or above which a face found among the other verified borrowers (1:N) is the
 * same person. Higher than the 1:1 match threshold (0.75): one comparison with a card is one
 * chance for a look-alike, a search among N borrowers is N chances. At 0.75, the normal model of
 * the fixtures' different-people similarities puts the chance that an honest new face meets at
 * least one stranger that close at about 85 % among 100,000; at 0.85 below 1 %
 * (bench/one-identity.ts; an extrapolation, docs/identity.md "One person, one identity").
 */
export const oneIdentityFaceThreshold = 0.85;

/** The numbers of a face's projection (the index key). */
export const projectionDimensions = 32;
/** How many nearest projections are compared exactly (bench/one-identity.ts: recall). */
export const candidateCount = 64;
/** The projection's seed: changing it (or the dimensions) needs every projection rewritten. */
const projectionSeed = 0x1d_e7_17_ee;

// ---------------------------------------------------------------------------------------------
// Embeddings and projections

/** The embedding as unit length (cosine = dot product), as 32-bit floats. */
export function unitEmbedding(embedding: readonly number[]): Float32Array {
  let norm = 0;
  for (const value of embedding) norm += value * value;
  norm = Math.sqrt(norm);
  const unit = new Float32Array(embedding.length);
  if (norm === 0) return unit;
  for (let i = 0; i < embedding.length; i++) unit[i] = (embedding[i] ?? 0) / norm;
  return unit;
}

/** The cosine of two unit embeddings, negative values as 0 (as the face engine's similarity). */
export function unitSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return Math.max(0, Math.min(1, dot));
}

/**
 * The unit embedding in 8 bits a number (its largest magnitude as 127, that scale first as a
 * 32-bit float), base64: a quarter of the floats' size; a fixture pair's cosine changes by at
 * most 0.0015 (bench/one-identity.ts).
 */
export function encodeEmbedding(unit: Float32Array): string {
  let largest = 0;
  for (const value of unit) largest = Math.max(largest, Math.abs(value));
  const scale = largest === 0 ? 0 : largest / 127;
  const bytes = Buffer.alloc(4 + unit.length);
  bytes.writeFloatLE(scale, 0);
  for (let i = 0; i < unit.length; i++) {
    bytes.writeInt8(scale === 0 ? 0 : Math.round((unit[i] ?? 0) / scale), 4 + i);
  }
  return bytes.toString("base64");
}

/** The unit embedding `encodeEmbedding` wrote (made unit length again). */
export function decodeEmbedding(text: string): Float32Array {
  const bytes = Buffer.from(text, "base64");
  const scale = bytes.readFloatLE(0);
  const values: number[] = [];
  for (let i = 4; i < bytes.length; i++) values.push(bytes.readInt8(i) * scale);
  return unitEmbedding(values);
}

const projections = new Map<number, Float32Array>();

/** The fixed Gaussian projection matrix for embeddings of `length` numbers (row-major). */
function projectionMatrix(length: number): Float32Array {
  const known = projections.get(length);
  if (known) return known;
  // Seeded: the projection is the same in every process.
  const random = mulberry32(projectionSeed + length);
  const matrix = new Float32Array(projectionDimensions * length);
  const scale = 1 / Math.sqrt(projectionDimensions);
  for (let i = 0; i < matrix.length; i++) {
    // Box-Muller: a standard normal number.
    const u = Math.max(random(), Number.EPSILON);
    matrix[i] = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random()) * scale;
  }
  projections.set(length, matrix);
  return matrix;
}

/** A projection as stored (float32, little-endian, base64). */
export function encodeProjection(key: readonly number[]): string {
  const floats = Float32Array.from(key);
  return Buffer.from(floats.buffer).toString("base64");
}

export function decodeProjection(text: string): Float32Array {
  const bytes = Buffer.from(text, "base64");
  const floats = new Float32Array(bytes.length / 4);
  for (let i = 0; i < floats.length; i++) floats[i] = bytes.readFloatLE(i * 4);
  return floats;
}

/** The index key of a unit embedding: distances between keys approximate those between faces. */
export function projectionOf(unit: Float32Array): number[] {
  const matrix = projectionMatrix(unit.length);
  const key: number[] = [];
  for (let row = 0; row < projectionDimensions; row++) {
    let sum = 0;
    const offset = row * unit.length;
    for (let i = 0; i < unit.length; i++) sum += (matrix[offset + i] ?? 0) * (unit[i] ?? 0);
    key.push(sum);
  }
  return key;
}

// ---------------------------------------------------------------------------------------------
// The in-memory index of one database

/** The projections a process has read, and the last `seq` it read. */
export class FaceIndex {
  #lastSeq = 0;
  #count = 0;
  #keys = new Float32Array(projectionDimensions * 1024);
  #users: string[] = [];
  #positions = new Map<string, number>();

  get size(): number {
    return this.#positions.size;
  }

  /** Reads the rows written since the last call (all of them the first time). */
  async catchUp(db: Db): Promise<void> {
    const rows = await db
      .select({
        userId: identityFaces.userId,
        seq: identityFaces.seq,
        projection: identityFaces.projection,
      })
      .from(identityFaces)
      .where(gt(identityFaces.seq, this.#lastSeq))
      .orderBy(identityFaces.seq);
    for (const row of rows) {
      this.put(row.userId, decodeProjection(row.projection));
      this.#lastSeq = Math.max(this.#lastSeq, row.seq);
    }
  }

  /** Adds or replaces one account's key. */
  put(userId: string, projection: ArrayLike<number>): void {
    if (projection.length !== projectionDimensions) return;
    let position = this.#positions.get(userId);
    if (position === undefined) {
      position = this.#count++;
      if (this.#count * projectionDimensions > this.#keys.length) {
        const grown = new Float32Array(this.#keys.length * 2);
        grown.set(this.#keys);
        this.#keys = grown;
      }
      this.#positions.set(userId, position);
      this.#users[position] = userId;
    }
    this.#keys.set(projection, position * projectionDimensions);
  }

  /** The accounts whose keys are nearest to `key`, nearest first, `exclude` left out. */
  nearest(key: readonly number[], limit: number, exclude: string): string[] {
    const best: { distance: number; position: number }[] = [];
    const keys = this.#keys;
    const query = Float32Array.from(key);
    for (let position = 0; position < this.#count; position++) {
      const offset = position * projectionDimensions;
      let distance = 0;
      for (let i = 0; i < projectionDimensions; i++) {
        const d = (keys[offset + i] ?? 0) - (query[i] ?? 0);
        distance += d * d;
      }
      if (best.length === limit && distance >= (best[limit - 1]?.distance ?? 0)) continue;
      let at = best.length;
      while (at > 0 && (best[at - 1]?.distance ?? 0) > distance) at--;
      best.splice(at, 0, { distance, position });
      if (best.length > limit) best.pop();
    }
    return best
      .map(({ position }) => this.#users[position] ?? "")
      .filter((userId) => userId !== "" && userId !== exclude)
      .slice(0, limit);
  }
}

// One index per database handle (a process may run several servers, as the tests do).
const indexes = new WeakMap<object, FaceIndex>();

export function faceIndexOf(db: Db): FaceIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new FaceIndex();
    indexes.set(db, index);
  }
  return index;
}

// ---------------------------------------------------------------------------------------------
// The search

export interface FaceFound {
  userId: string;
  similarity: number;
}

/**
 * The other verified borrowers whose face is at least `threshold` alike (1:N): the nearest
 * projections, compared exactly. `db` should hold the one-identity lock (so the index reads every
 * committed row); `indexDb` names the index (the server's handle, not a transaction's).
 */
export async function searchFace(
  ctx: Pick<ServerContext, "personalData">,
  db: Db,
  indexDb: Db,
  options: { unit: Float32Array; exclude: string; threshold: number; candidates?: number },
): Promise<FaceFound[]> {
  const index = faceIndexOf(indexDb);
  await index.catchUp(db);
  const near = index.nearest(
    projectionOf(options.unit),
    (options.candidates ?? candidateCount) + 1,
    options.exclude,
  );
  const compared = await compareWith(ctx, db, options.unit, near);
  return compared.filter((found) => found.similarity >= options.threshold);
}

/** The exact similarity of `unit` to the stored faces of these accounts (those that have one). */
async function compareWith(
  ctx: Pick<ServerContext, "personalData">,
  db: Db,
  unit: Float32Array,
  userIds: readonly string[],
): Promise<FaceFound[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: identityFaces.userId, sealed: identityFaces.embeddingSealed })
    .from(identityFaces)
    .where(inArray(identityFaces.userId, [...userIds]));
  return rows
    .map((row) => ({
      userId: row.userId,
      similarity: unitSimilarity(unit, decodeEmbedding(ctx.personalData.open(row.sealed))),
    }))
    .sort((a, b) => b.similarity - a.similarity);
}

// ---------------------------------------------------------------------------------------------
// At ID card confirmation

export interface OneIdentityClaim {
  userId: string;
  /** The ID number's keyed hash (`ctx.personalData.lookupHash`). */
  idNumberHash: string;
  /** The live face's embedding; null when the engine gives none (the face search is skipped). */
  embedding: readonly number[] | null | undefined;
  /**
   * The 1:1 match threshold: at or above it the faces of two accounts with the same ID number are
   * one person; the 1:N search takes `oneIdentityFaceThreshold` when that is higher.
   */
  matchThreshold: number;
  actor: Actor;
  ip: string | null;
  now: Date;
}

/**
 * Checks that this face and this ID number are nobody else's, inside the transaction that saves
 * the confirmation: null when they are not (the face is stored, a second phone of the same person
 * is linked), or the refusal's message (the conflict recorded for the operator and audited).
 */
export async function claimOneIdentity(
  ctx: Pick<ServerContext, "personalData" | "logger" | "db">,
  tx: Db,
  claim: OneIdentityClaim,
): Promise<MessageKey | null> {
  // One confirmation at a time: two phones of one face confirming together still meet, and the
  // faces' `seq` commit in order (the index reads each row once).
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('chayong:one-identity'))`);
  const unit =
    claim.embedding && claim.embedding.length > 0 ? unitEmbedding(claim.embedding) : null;
  if (unit === null) {
    // docs/identity.md, "One person, one identity": a face engine without descriptions.
    ctx.logger.warn(
      { userId: claim.userId },
      "the face engine gave no face description: the 1:N face search is skipped",
    );
  }

  const sameNumber = await tx
    .select({ userId: borrowerIdentities.userId })
    .from(borrowerIdentities)
    .where(
      and(
        eq(borrowerIdentities.idNumberHash, claim.idNumberHash),
        ne(borrowerIdentities.userId, claim.userId),
        isNotNull(borrowerIdentities.idCardVerifiedAt),
      ),
    );
  const sameFace =
    unit === null
      ? []
      : await searchFace(ctx, tx, ctx.db, {
          unit,
          exclude: claim.userId,
          threshold: Math.max(claim.matchThreshold, oneIdentityFaceThreshold),
        });

  // The same face under another ID number.
  const numberOwners = new Set(sameNumber.map((row) => row.userId));
  const otherPerson = sameFace.find((found) => !numberOwners.has(found.userId));
  if (otherPerson) {
    return refuseClaim(tx, claim, {
      kind: "face",
      otherUserId: otherPerson.userId,
      similarity: otherPerson.similarity,
    });
  }
  // The same ID number: the face must be the same too, when both were described.
  const numberFaces = unit === null ? [] : await compareWith(ctx, tx, unit, [...numberOwners]);
  const links: { userId: string; similarity: number | null }[] = [];
  for (const { userId } of sameNumber) {
    const face = numberFaces.find((found) => found.userId === userId);
    if (face && face.similarity < claim.matchThreshold) {
      return refuseClaim(tx, claim, {
        kind: "idNumber",
        otherUserId: userId,
        similarity: face.similarity,
      });
    }
    links.push({ userId, similarity: face?.similarity ?? null });
  }

  if (unit !== null) {
    // Rewritten, so that it takes a new `seq` and every index reads it again.
    await tx.delete(identityFaces).where(eq(identityFaces.userId, claim.userId));
    await tx.insert(identityFaces).values({
      userId: claim.userId,
      embeddingSealed: ctx.personalData.seal(encodeEmbedding(unit)),
      projection: encodeProjection(projectionOf(unit)),
      createdAt: claim.now,
    });
  }
  for (const link of links) {
    await tx
      .insert(identityLinks)
      .values([
        {
          userId: claim.userId,
          otherUserId: link.userId,
          similarity: link.similarity,
          linkedAt: claim.now,
        },
        {
          userId: link.userId,
          otherUserId: claim.userId,
          similarity: link.similarity,
          linkedAt: claim.now,
        },
      ])
      .onConflictDoUpdate({
        target: [identityLinks.userId, identityLinks.otherUserId],
        set: { similarity: link.similarity, linkedAt: claim.now },
      });
    await recordAudit(tx, {
      actor: claim.actor,
      action: "identity.link",
      subjectId: claim.userId,
      ip: claim.ip,
      at: claim.now,
      details: { otherUserId: link.userId, similarity: link.similarity },
    });
  }
  return null;
}

async function refuseClaim(
  tx: Db,
  claim: OneIdentityClaim,
  conflict: { kind: "face" | "idNumber"; otherUserId: string; similarity: number | null },
): Promise<MessageKey> {
  await tx.insert(identityConflicts).values({ userId: claim.userId, ...conflict, at: claim.now });
  await recordAudit(tx, {
    actor: claim.actor,
    action: "identity.conflict",
    subjectId: claim.userId,
    ip: claim.ip,
    at: claim.now,
    details: conflict,
  });
  return conflict.kind === "face"
    ? "identity.oneIdentity.faceElsewhere"
    : "identity.oneIdentity.idNumberElsewhere";
}

/** The other accounts found to be this borrower, newest link first. */
export async function linkedAccountsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ otherUserId: identityLinks.otherUserId })
    .from(identityLinks)
    .where(eq(identityLinks.userId, userId))
    .orderBy(desc(identityLinks.linkedAt));
  return rows.map((row) => row.otherUserId);
}

export interface IdentityConflictRow {
  at: Date;
  kind: "face" | "idNumber";
  similarity: number | null;
  userId: string;
  phone: string;
  otherUserId: string;
  otherPhone: string;
}

/** The latest refused confirmations, newest first, for the operator (`identity:conflicts`). */
export async function listIdentityConflicts(db: Db, limit: number): Promise<IdentityConflictRow[]> {
  const other = alias(users, "other");
  return db
    .select({
      at: identityConflicts.at,
      kind: identityConflicts.kind,
      similarity: identityConflicts.similarity,
      userId: identityConflicts.userId,
      phone: users.phone,
      otherUserId: identityConflicts.otherUserId,
      otherPhone: other.phone,
    })
    .from(identityConflicts)
    .innerJoin(users, eq(users.id, identityConflicts.userId))
    .innerJoin(other, eq(other.id, identityConflicts.otherUserId))
    .orderBy(desc(identityConflicts.at), desc(identityConflicts.id))
    .limit(limit);
}

export function describeConflicts(rows: readonly IdentityConflictRow[]): string {
  if (rows.length === 0) return "No identity conflicts.";
  const what = { face: "same face, another ID number", idNumber: "same ID number, another face" };
  return rows
    .map((row) => {
      const score =
        row.similarity === null ? "" : ` (face similarity ${row.similarity.toFixed(3)})`;
      return `${row.at.toISOString()}  ${what[row.kind]}${score}: refused ${row.phone} (${row.userId}); already verified on ${row.otherPhone} (${row.otherUserId})`;
    })
    .join("\n");
}
