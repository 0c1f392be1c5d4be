import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../dates";
import { annualRate, type Loan, owedAfterPayments, type Payment } from "./simple-rate";

const loan = (received: number, loanDate: string, payments: Payment[]): Loan => ({
  received,
  loanDate,
  payments,
});

describe("annualRate: worked examples", () => {
  it("is exactly (repaid - received) / received x 365 / days for one payment", () => {
    // 1,000,000 for 30 days, 1,016,438 back: 16,438 / 1,000,000 x 365 / 30 = 19.999567%.
    // (An annually compounded rate would call this 21.94%: the law does not compound.)
    expect(
      annualRate(loan(1_000_000, "2026-03-01", [{ date: "2026-03-31", amount: 1_016_438 }])),
    ).toBeCloseTo((16_438 / 1_000_000) * (365 / 30), 15);
    // Two years, 1,430,000 on 1,000,000: 430,000 / 1,000,000 x 365 / 730 = 21.5%.
    // (Compounded it would read 19.58%, under the cap.)
    expect(
      annualRate(loan(1_000_000, "2026-03-01", [{ date: "2028-02-29", amount: 1_430_000 }])),
    ).toBeCloseTo(0.215, 15);
  });

  it("solves two instalments by hand (a quadratic)", () => {
    // 1,000,000 received, 520,000 after 30 days and again after 60. With x = 30r / 365:
    // after the first payment 1,000,000 (1 + x) - 520,000 = 480,000 + 1,000,000 x is owed, and
    // the second payment clears it: (480,000 + 1,000,000 x)(1 + x) = 520,000, that is
    // x^2 + 1.48 x - 0.04 = 0, so x = (-1.48 + sqrt(1.48^2 + 0.16)) / 2 and r = 365 x / 30.
    const x = (-1.48 + Math.sqrt(1.48 ** 2 + 0.16)) / 2;
    const rate = annualRate(
      loan(1_000_000, "2026-01-01", [
        { date: "2026-01-31", amount: 520_000 },
        { date: "2026-03-02", amount: 520_000 },
      ]),
    );
    expect(rate).toBeCloseTo((365 * x) / 30, 12);
    expect(rate).toBeCloseTo(0.323034, 6);
  });

  it("never charges interest on unpaid interest", () => {
    // 1,000,000 for two years; a first payment of 1,000 after one year covers only part of
    // that year's interest. Year two's interest is on the same 1,000,000 (not on the unpaid
    // interest): 1,000,000 + 2 x 1,000,000 r = 1,000 + 1,399,000, so r = 20% exactly.
    expect(
      annualRate(
        loan(1_000_000, "2025-01-01", [
          { date: "2026-01-01", amount: 1_000 },
          { date: "2027-01-01", amount: 1_399_000 },
        ]),
      ),
    ).toBeCloseTo(0.2, 12);
  });

  it("has no rate when nothing is received, no time passes, or less comes back", () => {
    const due = [{ date: "2026-02-01", amount: 100 }];
    expect(annualRate(loan(0, "2026-01-01", due))).toBeNull();
    expect(annualRate(loan(200, "2026-01-01", due))).toBeNull();
    expect(annualRate(loan(100, "2026-01-01", []))).toBeNull();
    expect(annualRate(loan(50, "2026-01-01", [{ date: "2026-01-01", amount: 100 }]))).toBeNull();
    expect(annualRate(loan(100, "2026-01-01", due))).toBe(0);
  });
});

describe("annualRate: properties", () => {
  const start = "2025-01-01";
  const arbitraryLoan = fc.record({
    received: fc.integer({ min: 1_000, max: 10 ** 12 }),
    // A 0% schedule is exactly as many payments as received: float noise decides between
    // 0 and "no rate" there, so the property starts just above it.
    rate: fc.double({ min: 1e-4, max: 5, noNaN: true }),
    // Days between payments (the first counted from the loan date); 0 allowed after the first.
    gaps: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 10 }),
    // Each payment but the last pays this share of what is owed when it falls due.
    shares: fc.array(fc.double({ min: 0, max: 1.2, noNaN: true }), {
      minLength: 10,
      maxLength: 10,
    }),
  });

  /** Payments that leave nothing owed at `rate`: built forward with the law's arithmetic. */
  function scheduleAt(received: number, rate: number, gaps: number[], shares: number[]) {
    const payments: Payment[] = [];
    let day = 0;
    gaps.forEach((gap, i) => {
      day += i === 0 ? Math.max(1, gap) : gap;
      const date = addDays(start, day);
      const owed = owedAfterPayments(
        loan(received, start, [...payments, { date, amount: 0 }]),
        rate,
      );
      const last = i === gaps.length - 1;
      payments.push({ date, amount: last ? owed : Math.max(0, owed * (shares[i] as number)) });
    });
    return payments;
  }

  it("recovers the simple rate a schedule was built at (to 1e-9)", () => {
    fc.assert(
      fc.property(arbitraryLoan, ({ received, rate, gaps, shares }) => {
        const payments = scheduleAt(received, rate, gaps, shares);
        // A schedule that pays everything early and nothing later has no interest to reveal.
        fc.pre(payments.some((p) => p.amount > 0) && (payments.at(-1)?.amount ?? 0) > 1e-6);
        const recovered = annualRate(loan(received, start, payments));
        expect(recovered).not.toBeNull();
        expect(Math.abs((recovered as number) - rate)).toBeLessThan(1e-9 * Math.max(1, rate));
      }),
      { numRuns: Number(process.env.CHAYONG_PROPERTY_RUNS ?? 300) },
    );
  });

  it("recovers it from whole-money instalments to within a rounding's worth (1e-6)", () => {
    // Rounding each of 10 payments by up to 0.5 moves the rate by at most about
    // 10 x 0.5 / received x 365 / 7 days: 2.6e-7 from 10^9 received.
    fc.assert(
      fc.property(
        fc.integer({ min: 10 ** 9, max: 10 ** 12 }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        fc.integer({ min: 2, max: 10 }),
        fc.integer({ min: 7, max: 60 }),
        (received, rate, count, gap) => {
          const exact = scheduleAt(received, rate, Array(count).fill(gap), Array(10).fill(0.3));
          const whole = exact.map((p) => ({ ...p, amount: Math.round(p.amount) }));
          expect(
            Math.abs((annualRate(loan(received, start, whole)) as number) - rate),
          ).toBeLessThan(1e-6);
        },
      ),
    );
  });

  it("leaves more owed at a higher rate (monotone, so the search finds the one rate)", () => {
    fc.assert(
      fc.property(
        arbitraryLoan,
        fc.double({ min: 0, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        ({ received, gaps, shares }, a, b) => {
          const payments = scheduleAt(received, 0.3, gaps, shares);
          const [low, high] = a < b ? [a, b] : [b, a];
          const scale = received + payments.reduce((s, p) => s + p.amount, 0);
          expect(owedAfterPayments(loan(received, start, payments), high)).toBeGreaterThanOrEqual(
            owedAfterPayments(loan(received, start, payments), low) - 1e-9 * scale,
          );
        },
      ),
    );
  });
});
