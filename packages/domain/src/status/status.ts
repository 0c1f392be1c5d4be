import * as v from "valibot";
import type { CalendarDate } from "../dates";
import type { ContractBalances } from "../ledger";

/**
 * Contract status (docs/statuses.md#contract-statuses):
 * type1 pending signature, type2 to be signed, type3 completed (closed with relief),
 * type4 overdue, type5 settled (paid in full), type6 pending repayment.
 */
export type ContractStatus = "type1" | "type2" | "type3" | "type4" | "type5" | "type6";
export const contractStatuses = [
  "type1",
  "type2",
  "type3",
  "type4",
  "type5",
  "type6",
] as const satisfies readonly ContractStatus[];
export const contractStatusSchema = v.picklist(contractStatuses, "common.pleaseSelect");

/**
 * The statuses in the order a contract lives them (docs/statuses.md#contract-statuses), for a
 * person choosing one: waiting for signature, being signed, repaying, overdue, then the two
 * endings. The codes' own order (type1..type6) follows no story.
 */
export const contractStatusesInLifecycleOrder = [
  "type1",
  "type2",
  "type6",
  "type4",
  "type5",
  "type3",
] as const satisfies readonly ContractStatus[];

export type ContractType = "single" | "instalment";
export const contractTypes = ["single", "instalment"] as const satisfies readonly ContractType[];
export const contractTypeSchema = v.picklist(contractTypes, "common.pleaseSelect");
/** The list filter: 'all' is a filter value, never a contract's type (docs/statuses.md#lists-and-filters). */
export type ContractTypeFilter = "all" | ContractType;
export const contractTypeFilters = [
  "all",
  "single",
  "instalment",
] as const satisfies readonly ContractTypeFilter[];
export const contractTypeFilter = v.picklist(contractTypeFilters, "common.pleaseSelect");
export const contractTypeFilterSchema = contractTypeFilter;

export interface StatusInput {
  /** The borrower, logged in with the contract's phone, has opened it. */
  opened: boolean;
  signed: boolean;
  cancelled: boolean;
  /** Balances as of `today`; needed once signed. */
  balances: ContractBalances | null;
  today: CalendarDate;
}

/**
 * The status table of docs/statuses.md#contract-statuses as one function. Overdue is derived from dates at read time:
 * the balances already carry each instalment's days overdue as of `today`.
 */
export function deriveStatus(input: StatusInput): ContractStatus | "cancelled" {
  if (input.cancelled) return "cancelled";
  if (!input.signed) return input.opened ? "type2" : "type1";
  const balances = input.balances;
  // A signed contract without balances cannot be judged settled; it still owes.
  if (!balances) return "type6";
  if (balances.outstanding === 0) return balances.waived > 0 ? "type3" : "type5";
  if (balances.instalments.some((instalment) => instalment.daysOverdue > 0)) return "type4";
  return "type6";
}

export interface AllowedActions {
  /** The borrower may sign. */
  sign: boolean;
  /** The lender may cancel (delete): only before signing. */
  cancel: boolean;
  /** Record a repayment received (spec: "write-off / partial repayment"). */
  recordRepayment: boolean;
  waive: boolean;
  renew: boolean;
  /** Reverse an earlier ledger entry: any signed contract, even a closed one. */
  reverse: boolean;
}

/** Which operations a status allows: cancel only before signing, money operations only after. */
export function allowedActions(status: ContractStatus | "cancelled"): AllowedActions {
  const beforeSigning = status === "type1" || status === "type2";
  const owing = status === "type4" || status === "type6";
  const signed = owing || status === "type3" || status === "type5";
  return {
    sign: beforeSigning,
    cancel: beforeSigning,
    recordRepayment: owing,
    waive: owing,
    renew: owing,
    reverse: signed,
  };
}

/** Signed statuses: the contract is in the lender's book. */
export function isSignedStatus(status: ContractStatus | "cancelled"): boolean {
  return status === "type3" || status === "type4" || status === "type5" || status === "type6";
}

/** Closed statuses: nothing outstanding. */
export function isClosedStatus(status: ContractStatus | "cancelled"): boolean {
  return status === "type3" || status === "type5";
}
