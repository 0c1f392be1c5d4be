import * as v from "valibot";
import { type CalendarDate, calendarDateSchema } from "../dates";
import { type Money, moneySchema } from "../money";

// The shared-debt answers (figures and offline loan reports), apart from the request rules in
// shared-debt.ts, which validate phones (libphonenumber): a browser reading answers never loads
// those.

/** The five shared-debt figures (docs/entities.md#shared-debt-figures), aggregates only, never lender identities. */
export interface SharedDebtSummary {
  /** Loans signed. */
  signedCount: number;
  /** Loans settled (paid in full or closed with relief). */
  settledCount: number;
  /** Still owed on loans in progress. */
  inTransitAmount: Money;
  /** Repaid on settled loans. */
  settledAmount: Money;
  /** Loans overdue now. */
  overdueCount: number;
}

export interface SharedDebtInfo {
  /** Contracts on this platform, across all lenders. */
  online: SharedDebtSummary;
  /** Loans lenders reported for lending made outside the app. */
  offline: SharedDebtSummary;
}

const countSchema = v.pipe(v.number(), v.integer(), v.minValue(0));
export const sharedDebtSummarySchema = v.object({
  signedCount: countSchema,
  settledCount: countSchema,
  inTransitAmount: moneySchema,
  settledAmount: moneySchema,
  overdueCount: countSchema,
}) satisfies v.GenericSchema<unknown, SharedDebtSummary>;
export const sharedDebtInfoSchema = v.object({
  online: sharedDebtSummarySchema,
  offline: sharedDebtSummarySchema,
}) satisfies v.GenericSchema<unknown, SharedDebtInfo>;

export const emptySharedDebtSummary: SharedDebtSummary = {
  signedCount: 0,
  settledCount: 0,
  inTransitAmount: 0,
  settledAmount: 0,
  overdueCount: 0,
};

/** State of a loan reported from outside the app (docs/customers.md#offline-loan-reports). */
export const offlineLoanStates = ["inTransit", "overdue", "settled"] as const;
export type OfflineLoanState = (typeof offlineLoanStates)[number];

/**
 * One offline loan report as its lender reads it back (docs/customers.md, "Shared-debt lookup"):
 * the person only by phone, never the ID number nor its hash.
 */
export interface OfflineLoanReport {
  id: string;
  /** E.164 */
  phone: string;
  amount: Money;
  /** What is still owed: 0 once settled. */
  outstandingAmount: Money;
  loanDate: CalendarDate;
  state: OfflineLoanState;
  /** ISO instant the report was filed. */
  createdAt: string;
}

export const offlineLoanReportSchema = v.object({
  id: v.string(),
  phone: v.string(),
  amount: moneySchema,
  outstandingAmount: moneySchema,
  loanDate: calendarDateSchema,
  state: v.picklist(offlineLoanStates),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
}) satisfies v.GenericSchema<unknown, OfflineLoanReport>;

/** A lender's own reports that still count, newest first. */
export const offlineLoanReportListSchema = v.array(offlineLoanReportSchema);
