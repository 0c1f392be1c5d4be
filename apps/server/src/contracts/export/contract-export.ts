import {
  type ContractExportKind,
  csvByteOrderMark,
  csvRow,
  type LedgerEntry,
} from "@chayong/domain";
import type { RequestOutput } from "@chayong/sdk/server";
import { asc, count, eq, inArray, type SQL } from "drizzle-orm";
import type { Caller } from "../../calls/caller";
import type { Db } from "../../db/database";
import { contractInstalments, contracts, ledgerEntries } from "../../db/schema";
import type { Locale } from "../../messages/message-for";
import { findContractPage } from "../contract-list";
import { type ContractRow, summarizeRows, toLedgerEntry } from "../contract-store";
import { type ExportedContract, exportHeader, exportRows } from "./export-columns";

/**
 * Contracts read per page of the file. The file is streamed a page at a time (keyset pages of
 * the list itself), so a large book never sits in memory as one string; each page is one chunk.
 */
export const exportPageSize = 100;

export type ExportRequest = RequestOutput<"contract.export">;

/** The lender's contracts of the filter, newest first, a page of rows at a time: the list's own paging. */
async function* contractPages(
  db: Db,
  caller: Caller,
  input: ExportRequest,
  now: Date,
): AsyncGenerator<ContractRow[]> {
  let cursor: string | null = null;
  do {
    const page = await findContractPage(
      db,
      caller,
      {
        ...(input.status === undefined ? {} : { status: input.status }),
        type: input.type,
        ...(cursor === null ? {} : { cursor }),
        pageSize: exportPageSize,
        includeTotal: false,
      },
      now,
    );
    // The only refusal is a cursor this server did not make; it made every one of these.
    if (!page.ok) throw new Error(`export paging refused: ${page.failure.key}`);
    if (page.value.rows.length > 0) yield page.value.rows;
    cursor = page.value.nextCursor;
  } while (cursor !== null);
}

/** The ledgers of several contracts in one query, each in the order written. */
async function loadLedgers(
  db: Db,
  contractIds: readonly string[],
): Promise<Map<string, LedgerEntry[]>> {
  const ledgers = new Map<string, LedgerEntry[]>(contractIds.map((id) => [id, []]));
  if (contractIds.length === 0) return ledgers;
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.contractId, [...contractIds]))
    .orderBy(asc(ledgerEntries.contractId), asc(ledgerEntries.seq));
  for (const row of rows) ledgers.get(row.contractId)?.push(toLedgerEntry(row));
  return ledgers;
}

/** The file's text a chunk at a time: the BOM and the header, then one chunk per page. */
export async function* exportChunks(
  db: Db,
  caller: Caller,
  input: ExportRequest,
  now: Date,
  locale: Locale,
): AsyncGenerator<string> {
  yield csvByteOrderMark + csvRow(exportHeader(input.kind, locale));
  for await (const rows of contractPages(db, caller, input, now)) {
    const [summaries, ledgers] = await Promise.all([
      summarizeRows(db, rows, now),
      input.kind === "ledger"
        ? loadLedgers(
            db,
            rows.map((row) => row.id),
          )
        : null,
    ]);
    let chunk = "";
    rows.forEach((row, i) => {
      const contract = summaries[i];
      if (contract === undefined) throw new Error("summarizeRows lost a contract");
      const exported: ExportedContract = {
        contract,
        timeZone: row.timeZone,
        ledger: ledgers?.get(row.id) ?? [],
      };
      for (const cells of exportRows(input.kind, exported, locale)) chunk += csvRow(cells);
    });
    yield chunk;
  }
}

/**
 * How many contracts match and how many rows the file will hold, counted with the list's filter
 * before the first byte leaves (the audit records them): one per contract, per instalment (the
 * read model holds one row for each) or per ledger entry.
 */
export async function countExport(
  db: Db,
  kind: ContractExportKind,
  filter: SQL,
): Promise<{ contracts: number; rows: number }> {
  const [matched] = await db.select({ value: count() }).from(contracts).where(filter);
  const contractCount = matched?.value ?? 0;
  if (kind === "contracts") return { contracts: contractCount, rows: contractCount };
  const [rows] =
    kind === "schedule"
      ? await db
          .select({ value: count() })
          .from(contractInstalments)
          .innerJoin(contracts, eq(contracts.id, contractInstalments.contractId))
          .where(filter)
      : await db
          .select({ value: count() })
          .from(ledgerEntries)
          .innerJoin(contracts, eq(contracts.id, ledgerEntries.contractId))
          .where(filter);
  return { contracts: contractCount, rows: rows?.value ?? 0 };
}
