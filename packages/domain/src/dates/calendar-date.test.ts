import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonthsClamped,
  addYearsClamped,
  calendarDateField,
  calendarDateSchema,
  diffDays,
  fromDayNumber,
  isValidCalendarDate,
  toDayNumber,
  todayIn,
} from "./calendar-date";

describe("calendar dates", () => {
  it.each([
    ["2024-02-29", true],
    ["2025-02-29", false],
    ["2025-13-01", false],
    ["2025-04-31", false],
    ["2025-1-01", false],
    ["2025-01-01T00:00:00Z", false],
    ["", false],
  ])("isValidCalendarDate(%s) = %s", (value, expected) => {
    expect(isValidCalendarDate(value)).toBe(expected);
    expect(v.safeParse(calendarDateSchema, value).success).toBe(expected);
  });

  it("says 'required' of a date field only when nothing came, and 'invalid' of anything else", () => {
    const keyOf = (field: v.GenericSchema, value: unknown) =>
      v.safeParse(field, value).issues?.[0]?.message ?? null;
    const own = calendarDateField("contract.loanDate.required", "contract.loanDate.invalid");
    const generic = calendarDateField("operation.receivedOn.required");
    for (const missing of [undefined, null, "", "  "]) {
      expect(keyOf(own, missing)).toBe("contract.loanDate.required");
      expect(keyOf(generic, missing)).toBe("operation.receivedOn.required");
    }
    for (const wrong of ["2026-02-30", "2026/12/01", "01.12.2026", 20261201, true]) {
      expect(keyOf(own, wrong)).toBe("contract.loanDate.invalid");
      expect(keyOf(generic, wrong)).toBe("common.invalidValue");
    }
    expect(keyOf(own, " 2026-12-01 ")).toBeNull();
  });

  it("adds and subtracts days across months, years and leap days", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2025-03-01", -1)).toBe("2025-02-28");
    expect(diffDays("2026-01-15", "2025-01-15")).toBe(365);
    expect(diffDays("2024-03-01", "2024-02-01")).toBe(29);
    expect(diffDays("2025-01-01", "2025-01-11")).toBe(-10);
  });

  it("round-trips day numbers", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (day) => {
        expect(toDayNumber(fromDayNumber(day))).toBe(day);
        expect(diffDays(addDays("2025-06-15", day), "2025-06-15")).toBe(day);
      }),
    );
  });

  it("keeps the day of month, clamped to the month's end", () => {
    expect(addMonthsClamped("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonthsClamped("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonthsClamped("2025-01-31", 2)).toBe("2025-03-31");
    expect(addMonthsClamped("2025-11-30", 3)).toBe("2026-02-28");
    expect(addYearsClamped("2024-02-29", 1)).toBe("2025-02-28");
    expect(addYearsClamped("2024-02-29", 4)).toBe("2028-02-29");
  });

  it("computes today in the business time zone, not in UTC", () => {
    // 2025-03-01 16:00 UTC is already 2025-03-02 01:00 in Seoul.
    const instant = new Date("2025-03-01T16:00:00Z");
    expect(todayIn("Asia/Seoul", instant)).toBe("2025-03-02");
    expect(todayIn("Asia/Taipei", instant)).toBe("2025-03-02");
    expect(todayIn("UTC", instant)).toBe("2025-03-01");
    expect(todayIn("Asia/Taipei", new Date("2025-03-01T15:59:59Z"))).toBe("2025-03-01");
  });
});
