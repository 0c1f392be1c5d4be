import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, diffDays } from "../dates";
import { buildSchedule } from "../schedule";
import { borrowerCashFlows, costOfCredit } from "./cost-of-credit";
import { type CashFlow, effectiveAnnualRate } from "./xirr";

const npvAt = (flows: CashFlow[], rate: number) => {
  const start = flows[0]?.date ?? "";
  return flows.reduce(
    (sum, flow) => sum + flow.amount * (1 + rate) ** (-diffDays(flow.date, start) / 365),
    0,
  );
};

describe("effectiveAnnualRate", () => {
  it("is exact for one year of 365 days", () => {
    expect(
      effectiveAnnualRate([
        { date: "2025-01-15", amount: 900_000 },
        { date: "2026-01-15", amount: -1_080_000 },
      ]),
    ).toBeCloseTo(0.2, 12);
  });

  it("counts actual days over 365 (a leap year makes the same money cheaper)", () => {
    // 2024-01-15 -> 2025-01-15 is 366 days: 1.2 ^ (365 / 366) - 1.
    const rate = effectiveAnnualRate([
      { date: "2024-01-15", amount: 900_000 },
      { date: "2025-01-15", amount: -1_080_000 },
    ]);
    expect(rate).toBeCloseTo(1.2 ** (365 / 366) - 1, 12);
  });

  it("compounds short loans to an annual rate (10% for 30 days)", () => {
    const rate = effectiveAnnualRate([
      { date: "2025-03-01", amount: 1_000_000 },
      { date: "2025-03-31", amount: -1_100_000 },
    ]);
    expect(rate).toBeCloseTo(1.1 ** (365 / 30) - 1, 9);
  });

  it("stays finite for extreme rates (double the money in one day)", () => {
    const rate = effectiveAnnualRate([
      { date: "2025-03-01", amount: 1_000 },
      { date: "2025-03-02", amount: -2_000 },
    ]);
    expect(rate).not.toBeNull();
    expect((rate as number) / (2 ** 365 - 1)).toBeCloseTo(1, 9);
  });

  it("has no rate when no money changes direction or no time passes", () => {
    expect(effectiveAnnualRate([])).toBeNull();
    expect(effectiveAnnualRate([{ date: "2025-01-01", amount: 5 }])).toBeNull();
    expect(
      effectiveAnnualRate([
        { date: "2025-01-01", amount: 5 },
        { date: "2025-02-01", amount: 5 },
      ]),
    ).toBeNull();
    expect(
      effectiveAnnualRate([
        { date: "2025-01-01", amount: 5 },
        { date: "2025-01-01", amount: -6 },
      ]),
    ).toBeNull();
  });

  it("recovers any known rate from exact flows to 1e-6 (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -0.5, max: 5, noNaN: true }),
        fc.array(fc.integer({ min: 1, max: 2_000 }), { minLength: 1, maxLength: 10 }),
        fc.array(fc.integer({ min: 1, max: 10 ** 7 }), { minLength: 10, maxLength: 10 }),
        (rate, offsets, amounts) => {
          const start = "2025-01-01";
          const payments = offsets.map((offset, i) => ({
            date: addDays(start, offset),
            amount: -(amounts[i] as number),
          }));
          const presentValue = payments.reduce(
            (sum, p) => sum - p.amount * (1 + rate) ** (-diffDays(p.date, start) / 365),
            0,
          );
          const recovered = effectiveAnnualRate([
            { date: start, amount: presentValue },
            ...payments,
          ]);
          expect(recovered).not.toBeNull();
          expect(Math.abs((recovered as number) - rate)).toBeLessThan(1e-6);
        },
      ),
    );
  });

  it("recovers the rate a real integer schedule was priced at to 1e-6 (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 10 }),
        fc.constantFrom("weekly", "fortnightly", "monthly" as const),
        fc.integer({ min: 1, max: 365 }),
        fc.integer({ min: 10 ** 9, max: 10 ** 12 }),
        (rate, count, interval, firstAfter, instalmentAmount) => {
          const loanDate = "2025-02-10";
          const schedule = buildSchedule({
            instalmentCount: count,
            instalmentAmount,
            repaymentDate: addDays(loanDate, firstAfter),
            interval,
          });
          // The amount received that prices this schedule at `rate`, rounded to money.
          const received = Math.round(
            schedule.reduce(
              (sum, i) => sum + i.amount * (1 + rate) ** (-diffDays(i.dueDate, loanDate) / 365),
              0,
            ),
          );
          const flows = borrowerCashFlows({
            disbursedAmount: received,
            serviceFee: 0,
            loanDate,
            schedule,
          });
          expect(Math.abs((effectiveAnnualRate(flows) as number) - rate)).toBeLessThan(1e-6);
        },
      ),
    );
  });

  it("always answers, and any answer is a root (property over arbitrary flows)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            offset: fc.integer({ min: 0, max: 3_000 }),
            amount: fc.integer({ min: -(10 ** 12), max: 10 ** 12 }),
          }),
          { maxLength: 12 },
        ),
        (raw) => {
          const flows = raw.map((f) => ({
            date: addDays("2025-01-01", f.offset),
            amount: f.amount,
          }));
          const rate = effectiveAnnualRate(flows);
          if (rate === null || rate > 1e6 || rate < -0.999) return;
          const sorted = [...flows].sort((a, b) => (a.date < b.date ? -1 : 1));
          // Relative to the size of the discounted flows: near -100% they dwarf the raw amounts,
          // and 1 + rate itself then carries only ~1e-13 relative precision.
          const start = sorted[0]?.date ?? "";
          const scale = sorted.reduce(
            (s, f) => s + Math.abs(f.amount) * (1 + rate) ** (-diffDays(f.date, start) / 365),
            0,
          );
          expect(Math.abs(npvAt(sorted, rate)) / scale).toBeLessThan(1e-9);
        },
      ),
      { numRuns: Number(process.env.CHAYONG_PROPERTY_RUNS ?? 100) },
    );
  });
});

describe("costOfCredit", () => {
  const schedule = (amount: number) => [{ index: 1, dueDate: "2026-01-15", amount }];

  it("treats the up-front deduction and the fee as interest on the money received", () => {
    // Loan 1,000,000, disbursed 900,000, service fee 0: the borrower has 900,000 in hand.
    const cost = costOfCredit({
      disbursedAmount: 900_000,
      serviceFee: 0,
      loanDate: "2025-01-15",
      schedule: schedule(1_080_000),
    });
    expect(cost).toEqual({
      effectiveAnnualRatePercent: 20,
      totalRepayable: 1_080_000,
      amountReceived: 900_000,
      totalCost: 180_000,
    });

    // A 50,000 fee on top leaves 850,000 in hand: 1,080,000 / 850,000 - 1 = 27.058824%.
    const withFee = costOfCredit({
      disbursedAmount: 900_000,
      serviceFee: 50_000,
      loanDate: "2025-01-15",
      schedule: schedule(1_080_000),
    });
    expect(withFee.amountReceived).toBe(850_000);
    expect(withFee.totalCost).toBe(230_000);
    expect(withFee.effectiveAnnualRatePercent).toBeCloseTo(27.058824, 6);
  });

  it("has no rate (NaN) when nothing is received", () => {
    const cost = costOfCredit({
      disbursedAmount: 100,
      serviceFee: 100,
      loanDate: "2025-01-15",
      schedule: schedule(100),
    });
    expect(cost.effectiveAnnualRatePercent).toBeNaN();
  });
});
