import { describe, expect, it } from "vitest";
import { amountsOfCredit, costOfCredit } from "./cost-of-credit";

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

  it("gives the same amounts without the rate", () => {
    const input = {
      disbursedAmount: 900_000,
      serviceFee: 50_000,
      loanDate: "2025-01-15",
      schedule: [
        { index: 1, dueDate: "2025-02-15", amount: 600_000 },
        { index: 2, dueDate: "2025-03-15", amount: 480_000 },
      ],
    };
    const { effectiveAnnualRatePercent: _rate, ...amounts } = costOfCredit(input);
    expect(amountsOfCredit(input)).toEqual(amounts);
    expect(amounts).toEqual({
      totalRepayable: 1_080_000,
      amountReceived: 850_000,
      totalCost: 230_000,
    });
  });
});
