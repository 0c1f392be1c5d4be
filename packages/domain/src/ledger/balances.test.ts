import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../dates";
import { buildSchedule } from "../schedule";
import { type BalanceTerms, balancesAsOf } from "./balances";
import type { LedgerEntry } from "./entry";

let sequence = 0;
function entry(fields: Partial<LedgerEntry> & Pick<LedgerEntry, "kind" | "date">): LedgerEntry {
  sequence += 1;
  return {
    id: `e-${sequence}`,
    contractId: "c-1",
    seq: sequence,
    instalmentIndex: 1,
    amount: null,
    newDueDate: null,
    reversesEntryId: null,
    actorId: "lender-1",
    recordedAt: `2030-01-01T00:00:${String(sequence % 60).padStart(2, "0")}.${String(sequence).padStart(3, "0")}Z`,
    reason: null,
    ...fields,
  };
}

/** One instalment of 500,000 due 2025-03-10, 18% a year overdue, lent 2025-02-10. */
const oneInstalment: BalanceTerms = {
  loanDate: "2025-02-10",
  overdueRatePercent: 18,
  schedule: [{ index: 1, dueDate: "2025-03-10", amount: 500_000 }],
};

describe("balancesAsOf: worked examples", () => {
  it("owes nothing extra on the due date itself", () => {
    const balance = balancesAsOf(oneInstalment, [], "2025-03-10");
    expect(balance).toMatchObject({
      due: 500_000,
      outstanding: 500_000,
      overdueAmount: 0,
      overdueInterest: 0,
      nextDueDate: "2025-03-10",
    });
    expect(balance.instalments[0]?.daysOverdue).toBe(0);
  });

  it("accrues simple daily interest over 10 days overdue, rounded down", () => {
    // 500,000 x 18% / 365 = 246.5753... a day; x 10 days = 2,465.753... -> 2,465.
    const balance = balancesAsOf(oneInstalment, [], "2025-03-20");
    expect(balance.instalments[0]).toMatchObject({
      daysOverdue: 10,
      overdueInterest: 2_465,
      principalOutstanding: 500_000,
      interestOutstanding: 2_465,
      outstanding: 502_465,
    });
    expect(balance).toMatchObject({ due: 502_465, overdueAmount: 502_465, overdueInterest: 2_465 });
  });

  it("charges interest only on the principal still outstanding after a partial repayment", () => {
    // 200,000 repaid on day 5 overdue (2025-03-15), principal first.
    // Days 1-5 on 500,000: 500,000 x 0.18 x 5 / 365 = 1,232.876...
    // Days 6-10 on 300,000: 300,000 x 0.18 x 5 / 365 =   739.726...
    // Together 1,972.602... -> 1,972; outstanding 300,000 + 1,972 = 301,972.
    const ledger = [entry({ kind: "repayment", amount: 200_000, date: "2025-03-15" })];
    expect(balancesAsOf(oneInstalment, ledger, "2025-03-20").instalments[0]).toMatchObject({
      repaid: 200_000,
      principalOutstanding: 300_000,
      overdueInterest: 1_972,
      interestOutstanding: 1_972,
      outstanding: 301_972,
      daysOverdue: 10,
    });
  });

  it("stops interest once the principal is repaid, and closes when interest is paid too", () => {
    // Principal paid on day 4 overdue: 500,000 x 0.18 x 4 / 365 = 986.30 -> 986 owed, forever.
    const ledger = [entry({ kind: "repayment", amount: 500_000, date: "2025-03-14" })];
    const later = balancesAsOf(oneInstalment, ledger, "2025-06-01");
    expect(later).toMatchObject({ outstanding: 986, overdueInterest: 986, repaid: 500_000 });
    const closed = balancesAsOf(
      oneInstalment,
      [...ledger, entry({ kind: "waiver", amount: 986, date: "2025-06-01" })],
      "2025-06-01",
    );
    expect(closed).toMatchObject({ outstanding: 0, waived: 986, nextDueDate: null });
    expect(closed.instalments[0]?.daysOverdue).toBe(0);
  });

  it("moves the due date from a renewal on, keeping interest accrued before it", () => {
    // Renewed on 2025-03-13 (3 days overdue) to 2025-04-10: 3 days accrue, then none.
    // 500,000 x 0.18 x 3 / 365 = 739.72 -> 739.
    const ledger = [entry({ kind: "renewal", date: "2025-03-13", newDueDate: "2025-04-10" })];
    const balance = balancesAsOf(oneInstalment, ledger, "2025-04-01");
    expect(balance.instalments[0]).toMatchObject({
      dueDate: "2025-04-10",
      originalDueDate: "2025-03-10",
      renewed: true,
      daysOverdue: 0,
      overdueInterest: 739,
    });
    expect(balance.renewed).toBe(true);
  });

  it("treats a reversed entry as never written, from the reversal's date on", () => {
    const repayment = entry({ kind: "repayment", amount: 500_000, date: "2025-03-10" });
    const reversal = entry({ kind: "reversal", date: "2025-03-20", reversesEntryId: repayment.id });
    // Before the reversal: settled. From it on: 10 days of interest as if never paid.
    expect(balancesAsOf(oneInstalment, [repayment, reversal], "2025-03-19").outstanding).toBe(0);
    expect(balancesAsOf(oneInstalment, [repayment, reversal], "2025-03-20")).toMatchObject({
      repaid: 0,
      outstanding: 502_465,
    });
  });

  it("ignores entries dated after the day asked about", () => {
    const ledger = [entry({ kind: "repayment", amount: 100_000, date: "2025-03-05" })];
    expect(balancesAsOf(oneInstalment, ledger, "2025-03-04").repaid).toBe(0);
    expect(balancesAsOf(oneInstalment, ledger, "2025-03-05").repaid).toBe(100_000);
  });

  it("reports money it cannot apply instead of a negative balance", () => {
    const ledger = [entry({ kind: "repayment", amount: 600_000, date: "2025-03-01" })];
    expect(balancesAsOf(oneInstalment, ledger, "2025-03-20")).toMatchObject({
      repaid: 500_000,
      outstanding: 0,
      overpaid: 100_000,
    });
  });
});

const ledgerArbitrary = (instalments: number) =>
  fc.array(
    fc.record({
      kind: fc.constantFrom("repayment", "waiver", "renewal", "reversal" as const),
      instalmentIndex: fc.integer({ min: 1, max: instalments }),
      amount: fc.integer({ min: 0, max: 400_000 }),
      dayOffset: fc.integer({ min: -10, max: 200 }),
      dueOffset: fc.integer({ min: 0, max: 200 }),
      target: fc.nat(),
    }),
    { maxLength: 25 },
  );

describe("balancesAsOf: properties", () => {
  it("for any ledger: repaid + waived + outstanding = due, and nothing goes negative", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 300_000 }),
        fc.integer({ min: 0, max: 2_000 }).map((bp) => bp / 100),
        ledgerArbitrary(10),
        fc.integer({ min: 0, max: 400 }),
        (count, amount, rate, raw, todayOffset) => {
          const loanDate = "2025-01-01";
          const terms: BalanceTerms = {
            loanDate,
            overdueRatePercent: rate,
            schedule: buildSchedule({
              instalmentCount: count,
              instalmentAmount: amount,
              repaymentDate: "2025-02-01",
              interval: "monthly",
            }),
          };
          const ledger: LedgerEntry[] = [];
          for (const item of raw) {
            const date = addDays(loanDate, item.dayOffset);
            const index = Math.min(item.instalmentIndex, count);
            if (item.kind === "reversal") {
              const target = ledger[item.target % Math.max(1, ledger.length)];
              if (target)
                ledger.push(entry({ kind: "reversal", date, reversesEntryId: target.id }));
            } else if (item.kind === "renewal") {
              ledger.push(
                entry({
                  kind: "renewal",
                  date,
                  instalmentIndex: index,
                  newDueDate: addDays(date, item.dueOffset),
                }),
              );
            } else {
              ledger.push(
                entry({ kind: item.kind, date, instalmentIndex: index, amount: item.amount }),
              );
            }
          }
          const balances = balancesAsOf(terms, ledger, addDays(loanDate, todayOffset));
          for (const b of balances.instalments) {
            expect(b.repaid + b.waived + b.outstanding).toBe(b.amount + b.overdueInterest);
            for (const value of [
              b.repaid,
              b.waived,
              b.outstanding,
              b.overdueInterest,
              b.overpaid,
            ]) {
              expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
            }
            expect(b.outstanding).toBe(b.principalOutstanding + b.interestOutstanding);
          }
          expect(balances.repaid + balances.waived + balances.outstanding).toBe(balances.due);
          expect(balances.overdueAmount).toBeLessThanOrEqual(balances.outstanding);
        },
      ),
    );
  });
});
