import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/database";

/**
 * The audit chain (docs/privacy.md, "The audit chain"): every audit row carries the hash of the
 * row before it and SHA-256 of that hash and of its own content, so a row changed, removed or
 * inserted out of order after the fact breaks the chain from that row on. The insert trigger of
 * migration 0014 extends it; this module checks it.
 */

/** The hash the first row chains after. */
export const chainGenesis = "0".repeat(64);

/** The chain's last link: how many rows, and the last row's hash. */
export interface ChainHead {
  seq: number;
  hash: string;
}

/**
 * A row's content as the chain hashes it. The same expression as the database's
 * `chayong_audit_content`, kept here on purpose: the check must not trust a function stored in the
 * database it checks. A test holds the two equal.
 */
export const auditContentSql = sql.raw(`jsonb_build_array(
  id,
  to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
  actor_id, actor_role, actor_api_key_id, action, subject_type, subject_id, ip, device, details
)::text`);

export function chainHash(prevHash: string, content: string): string {
  return createHash("sha256").update(`${prevHash}\n${content}`, "utf8").digest("hex");
}

/** The head as the database keeps it (the trigger moves it with every audit row). */
export async function readChainHead(db: Db): Promise<ChainHead> {
  const [head] = rowsOf<{ seq: string | number; hash: string }>(
    await db.execute(sql`select seq, hash from audit_chain_head where id`),
  );
  if (head === undefined) throw new Error("the audit chain has no head row");
  return { seq: Number(head.seq), hash: head.hash };
}

/** Where the chain does not hold, and why. */
export interface ChainBreak {
  ok: false;
  rows: number;
  /** The first row that breaks the chain (its id; null when a head is what is wrong). */
  rowId: number | null;
  seq: number | null;
  reason:
    | "contentChanged"
    | "linkBroken"
    | "rowMissing"
    | "headMismatch"
    | "beyondHead"
    | "printedHeadContradicted";
}

export type ChainCheck =
  | {
      ok: true;
      rows: number;
      head: ChainHead;
      /** How many chain heads printed in sealed PDFs and statements were found on the chain. */
      printedHeads: number;
    }
  | ChainBreak;

interface ChainRow {
  id: string | number;
  chain_seq: string | number | null;
  prev_hash: string | null;
  hash: string | null;
  content: string;
}

/**
 * Walks the whole chain in order, `batchRows` rows a query, recomputing every hash. Names the
 * first row that does not hold: its content no longer gives its hash (changed), its link does
 * not name the row before (inserted out of order), a number is skipped (removed), or the head is
 * not the last row. (The chain's columns are NOT NULL: a row always has a place.)
 */
export async function verifyAuditChain(db: Db, batchRows = 5_000): Promise<ChainCheck> {
  // The head first, and the walk up to it: rows other processes add meanwhile are after it.
  const head = await readChainHead(db);
  let rows = 0;
  let expectedSeq = 1;
  let prev = chainGenesis;
  let afterSeq = 0;
  /** Each row's hash, where a seal or a statement printed the chain's head. */
  const printed = await printedHeads(db, head.seq);
  const printedAt = new Map<number, string>();
  for (;;) {
    const batch = rowsOf<ChainRow>(
      await db.execute(
        sql`select id, chain_seq, prev_hash, hash, ${auditContentSql} as content from audit_events where chain_seq > ${afterSeq} and chain_seq <= ${head.seq} order by chain_seq limit ${batchRows}`,
      ),
    );
    for (const row of batch) {
      const id = Number(row.id);
      const seq = Number(row.chain_seq);
      const fail = (reason: ChainBreak["reason"]): ChainCheck => ({
        ok: false,
        rows,
        rowId: id,
        seq,
        reason,
      });
      if (seq !== expectedSeq) return fail("rowMissing");
      if (row.prev_hash !== prev) return fail("linkBroken");
      if (chainHash(prev, row.content) !== row.hash) return fail("contentChanged");
      rows += 1;
      expectedSeq += 1;
      prev = row.hash as string;
      afterSeq = seq;
      if (printed.has(seq)) printedAt.set(seq, prev);
    }
    if (batch.length < batchRows) break;
  }
  if (rows !== head.seq || head.hash !== prev) {
    return { ok: false, rows, rowId: null, seq: head.seq, reason: "headMismatch" };
  }
  // A row committed after the walk began moved the head with it; a row beyond the head as it is
  // now (read in the same statement) was written with the trigger off.
  const [beyond] = rowsOf<{ id: string | number; chain_seq: string | number }>(
    await db.execute(
      sql`select id, chain_seq from audit_events where chain_seq > (select seq from audit_chain_head where id) order by chain_seq limit 1`,
    ),
  );
  if (beyond !== undefined) {
    return {
      ok: false,
      rows,
      rowId: Number(beyond.id),
      seq: Number(beyond.chain_seq),
      reason: "beyondHead",
    };
  }
  // A chain rewritten whole holds again; the heads already printed in PDFs then disagree.
  for (const [seq, hash] of printed) {
    const found = seq === 0 ? chainGenesis : printedAt.get(seq);
    if (found !== hash) {
      return { ok: false, rows, rowId: null, seq, reason: "printedHeadContradicted" };
    }
  }
  return { ok: true, rows, head, printedHeads: printed.size };
}

/** The chain heads sealed PDFs and ledger statements carry, by number, up to `upTo`. */
async function printedHeads(db: Db, upTo: number): Promise<Map<number, string>> {
  const heads = rowsOf<{ chain_seq: string | number; chain_hash: string }>(
    await db.execute(
      sql`select chain_seq, chain_hash from contract_seals where chain_seq <= ${upTo} union select chain_seq, chain_hash from contract_statements where chain_seq <= ${upTo}`,
    ),
  );
  const printed = new Map<number, string>();
  for (const head of heads) {
    const seq = Number(head.chain_seq);
    // Two different hashes printed for one number: that alone contradicts one of them.
    printed.set(
      seq,
      printed.has(seq) && printed.get(seq) !== head.chain_hash ? "" : head.chain_hash,
    );
  }
  return printed;
}

const reasonTexts: Record<ChainBreak["reason"], string> = {
  contentChanged: "its content no longer gives its hash: the row was changed",
  linkBroken: "it does not name the row before it: a row was inserted out of order or replaced",
  rowMissing: "the chain skips to it: the row before it was removed",
  headMismatch: "the chain's head does not name the last row: rows were removed from the end",
  beyondHead: "it lies beyond the chain's head: it was written with the chain's trigger off",
  printedHeadContradicted:
    "a sealed PDF or a statement printed another hash for this row: the chain was rewritten after it",
};

/** The check in one line for an operator. */
export function describeChainCheck(check: ChainCheck): string {
  if (check.ok) {
    return `The audit chain holds: ${check.rows} rows, head ${check.head.seq} ${check.head.hash}; ${check.printedHeads} heads printed in sealed PDFs and statements agree.`;
  }
  const where =
    check.rowId === null
      ? `the head (number ${check.seq})`
      : `row id ${check.rowId} (number ${check.seq ?? "none"})`;
  return `The audit chain is broken at ${where}, after ${check.rows} rows that hold: ${reasonTexts[check.reason]}.`;
}
