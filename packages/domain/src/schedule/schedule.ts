import * as v from "valibot";
import { addDays, addMonthsClamped, type CalendarDate } from "../dates";
import type { Money } from "../money";

export type InstalmentInterval = "weekly" | "fortnightly" | "monthly";
export const instalmentIntervals = [
  "weekly",
  "fortnightly",
  "monthly",
] as const satisfies readonly InstalmentInterval[];
export const instalmentIntervalSchema = v.picklist(
  instalmentIntervals,
  "contract.instalmentInterval.required",
);

/** Instalment contracts have 2 to 10 instalments (docs/constants.md#contracts-and-money); a single payment has one. */
export const minInstalmentCount = 2;
export const maxInstalmentCount = 10;

export interface ScheduledInstalment {
  /** 1-based position in the schedule. */
  index: number;
  dueDate: CalendarDate;
  amount: Money;
}

export interface ScheduleInput {
  instalmentCount: number;
  instalmentAmount: Money;
  /** The first (or only) due date. */
  repaymentDate: CalendarDate;
  interval: InstalmentInterval;
}

/**
 * The due dates and amounts of a contract (docs/contracts.md#schedule): the first instalment is due on the
 * repayment date, each next one an interval later, each for the per-instalment amount.
 * Monthly dates are computed from the first due date's day of month, never chained, so
 * Jan 31 gives Feb 28/29 and then Mar 31.
 */
export function buildSchedule(input: ScheduleInput): ScheduledInstalment[] {
  const count = Math.max(1, Math.trunc(input.instalmentCount));
  const schedule: ScheduledInstalment[] = [];
  for (let offset = 0; offset < count; offset += 1) {
    schedule.push({
      index: offset + 1,
      dueDate: dueDateAfter(input.repaymentDate, input.interval, offset),
      amount: input.instalmentAmount,
    });
  }
  return schedule;
}

function dueDateAfter(
  first: CalendarDate,
  interval: InstalmentInterval,
  intervals: number,
): CalendarDate {
  switch (interval) {
    case "weekly":
      return addDays(first, 7 * intervals);
    case "fortnightly":
      return addDays(first, 14 * intervals);
    case "monthly":
      return addMonthsClamped(first, intervals);
  }
}

/** What the borrower repays in total over the schedule. */
export function scheduleTotal(schedule: readonly ScheduledInstalment[]): Money {
  return schedule.reduce((total, instalment) => total + instalment.amount, 0);
}
