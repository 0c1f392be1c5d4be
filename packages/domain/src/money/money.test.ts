import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isMoney, moneyField, moneyProblem, moneySchema, sumMoney } from "./money";

const keyOf = (value: unknown) => v.safeParse(moneySchema, value).issues?.[0]?.message ?? null;

describe("money", () => {
  it.each([
    [0, null],
    [1_000_000, null],
    [Number.MAX_SAFE_INTEGER, null],
    [1.5, "money.notInteger"],
    [-1.5, "money.notInteger"],
    [Number.POSITIVE_INFINITY, "money.notInteger"],
    [-1, "money.negative"],
    [2 ** 60, "money.tooLarge"],
    [Number.NaN, "common.invalidValue"],
    ["100", "common.invalidValue"],
  ])("moneySchema(%s) -> %s", (value, key) => {
    expect(keyOf(value)).toBe(key);
    expect(moneyProblem(value)).toBe(key);
    expect(isMoney(value)).toBe(key === null);
  });

  it("reports the field's own key when the value is missing, and another when it is no number", () => {
    const field = moneyField("contract.loanAmount.required");
    const keyFor = (value: unknown) => v.safeParse(field, value).issues?.[0]?.message;
    expect(keyFor(undefined)).toBe("contract.loanAmount.required");
    expect(keyFor(null)).toBe("contract.loanAmount.required");
    // A value came: it is the wrong kind of value, not a missing one.
    for (const value of ["1000000", "", true, [1], { amount: 1 }, Number.NaN]) {
      expect(keyFor(value)).toBe("common.invalidValue");
    }
    const fee = moneyField("contract.serviceFee.invalid", "contract.serviceFee.invalid");
    expect(v.safeParse(fee, "free").issues?.[0]?.message).toBe("contract.serviceFee.invalid");
  });

  it("accepts exactly the safe non-negative integers", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.maxSafeInteger()), (value) => {
        const expected = Number.isSafeInteger(value) && value >= 0;
        expect(v.safeParse(moneySchema, value).success).toBe(expected);
      }),
    );
  });

  it("sums amounts and refuses sums that are no longer safe", () => {
    expect(sumMoney([1, 2, 3])).toBe(6);
    expect(sumMoney([Number.MAX_SAFE_INTEGER, 1])).toBeNull();
  });
});
