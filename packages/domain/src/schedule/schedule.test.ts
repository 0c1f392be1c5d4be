import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../dates";
import { buildSchedule, scheduleTotal } from "./schedule";

describe("buildSchedule", () => {
  it("is one instalment on the repayment date for a single payment", () => {
    expect(
      buildSchedule({
        instalmentCount: 1,
        instalmentAmount: 1_080_000,
        repaymentDate: "2026-01-15",
        interval: "monthly",
      }),
    ).toEqual([{ index: 1, dueDate: "2026-01-15", amount: 1_080_000 }]);
  });

  it("keeps the first due date's day of month (month end worked example)", () => {
    // Jan 31 -> Feb 29 (2024 is a leap year) -> Mar 31 -> Apr 30 -> May 31: each date is
    // computed from day 31, so the short months never drag the later ones to the 29th/30th.
    const schedule = buildSchedule({
      instalmentCount: 5,
      instalmentAmount: 210_000,
      repaymentDate: "2024-01-31",
      interval: "monthly",
    });
    expect(schedule.map((instalment) => instalment.dueDate)).toEqual([
      "2024-01-31",
      "2024-02-29",
      "2024-03-31",
      "2024-04-30",
      "2024-05-31",
    ]);
    expect(scheduleTotal(schedule)).toBe(1_050_000);
  });

  it("crosses a year end in a common year", () => {
    const dates = buildSchedule({
      instalmentCount: 3,
      instalmentAmount: 1,
      repaymentDate: "2024-12-31",
      interval: "monthly",
    }).map((instalment) => instalment.dueDate);
    expect(dates).toEqual(["2024-12-31", "2025-01-31", "2025-02-28"]);
  });

  it.each([
    ["weekly", ["2025-03-03", "2025-03-10", "2025-03-17"]],
    ["fortnightly", ["2025-03-03", "2025-03-17", "2025-03-31"]],
  ] as const)("spaces %s instalments evenly", (interval, dates) => {
    const schedule = buildSchedule({
      instalmentCount: 3,
      instalmentAmount: 100,
      repaymentDate: "2025-03-03",
      interval,
    });
    expect(schedule.map((instalment) => instalment.dueDate)).toEqual(dates);
  });

  it("sums to count x amount with increasing dates and 1-based indexes (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.constantFrom("weekly", "fortnightly", "monthly" as const),
        (count, amount, offset, interval) => {
          const repaymentDate = addDays("2000-01-01", offset);
          const schedule = buildSchedule({
            instalmentCount: count,
            instalmentAmount: amount,
            repaymentDate,
            interval,
          });
          expect(schedule).toHaveLength(count);
          expect(scheduleTotal(schedule)).toBe(count * amount);
          expect(schedule[0]?.dueDate).toBe(repaymentDate);
          schedule.forEach((instalment, i) => {
            expect(instalment.index).toBe(i + 1);
            if (i > 0) expect(instalment.dueDate > (schedule[i - 1]?.dueDate ?? "")).toBe(true);
          });
        },
      ),
    );
  });
});
