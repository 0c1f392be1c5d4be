import { createHash, randomBytes } from "node:crypto";
import type { ContractTerms, LedgerEntry, StoredContract } from "@chayong/domain";
import { asc, inArray } from "drizzle-orm";
import type { Db } from "../db/database";
import { type contracts, ledgerEntries } from "../db/schema";

export type ContractRow = typeof contracts.$inferSelect;

/** 144 random bits, URL-safe (24 characters): unguessable, fits a link and a QR code. */
export function newShareCode(): string {
  return randomBytes(18).toString("base64url");
}

export function toStoredContract(row: ContractRow): StoredContract {
  return {
    terms: row.terms as ContractTerms,
    id: row.id,
    code: row.code,
    renewal: row.renewal,
    createdAt: row.createdAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    signedAt: row.signedAt?.toISOString() ?? null,
    cancelled: row.cancelledAt !== null,
  };
}

export function toLedgerEntry(row: typeof ledgerEntries.$inferSelect): LedgerEntry {
  return {
    id: row.id,
    contractId: row.contractId,
    kind: row.kind,
    instalmentIndex: row.instalmentIndex,
    amount: row.amount,
    date: row.date,
    newDueDate: row.newDueDate,
    reversesEntryId: row.reversesEntryId,
    actorId: row.actorId,
    recordedAt: row.recordedAt.toISOString(),
    reason: row.reason,
  };
}

/** The ledgers of several contracts in one query, each in recorded order. */
export async function loadLedgers(
  db: Db,
  contractIds: readonly string[],
): Promise<Map<string, LedgerEntry[]>> {
  const ledgers = new Map<string, LedgerEntry[]>(contractIds.map((id) => [id, []]));
  if (contractIds.length === 0) return ledgers;
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.contractId, [...contractIds]))
    .orderBy(asc(ledgerEntries.recordedAt), asc(ledgerEntries.id));
  for (const row of rows) ledgers.get(row.contractId)?.push(toLedgerEntry(row));
  return ledgers;
}

/** JSON with object keys sorted at every level: one text per value, so one hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of the signed terms: recorded with the signature and printed on the document. */
export function termsSha256(terms: ContractTerms): string {
  return createHash("sha256").update(canonicalJson(terms), "utf8").digest("hex");
}
