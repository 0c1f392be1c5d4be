import * as v from "valibot";
import { type Money, moneySchema } from "../money";

// The shared-debt answers (figures only), apart from the query rules in shared-debt.ts, which
// validate phones (libphonenumber): a browser reading the figures never loads those.

/** The five shared-debt figures (spec §3), aggregates only, never lender identities. */
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
