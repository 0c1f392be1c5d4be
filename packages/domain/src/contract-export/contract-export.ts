import * as v from "valibot";
import type { CalendarDate } from "../dates";

/**
 * What a lender may download as CSV (docs/export.md), one file each: his contracts (one row per
 * contract), their schedules (one row per instalment) and their ledgers (one row per entry).
 */
export const contractExportKinds = ["contracts", "schedule", "ledger"] as const;
export type ContractExportKind = (typeof contractExportKinds)[number];
export const contractExportKindSchema = v.picklist(contractExportKinds, "common.pleaseSelect");

/**
 * The file's name: the product, what it holds and the lender's business day it was made, e.g.
 * `chayong-contracts-2026-11-23.csv`. ASCII only, so every browser and mail program keeps it.
 */
export function contractExportFileName(kind: ContractExportKind, today: CalendarDate): string {
  return `chayong-${kind}-${today}.csv`;
}
