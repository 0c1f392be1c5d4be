import type { CalendarDate } from "../dates";
import type { Money } from "../money";
import type { ScheduledInstalment } from "../schedule";
import { type CashFlow, effectiveAnnualRate } from "./xirr";

export interface CostOfCreditInput {
  disbursedAmount: Money;
  serviceFee: Money;
  loanDate: CalendarDate;
  schedule: readonly Pick<ScheduledInstalment, "dueDate" | "amount">[];
}

export interface CostOfCredit {
  /**
   * The effective annual rate in percent of the borrower's real cash flows, rounded to 6
   * decimals; NaN only when no rate exists (nothing received or nothing repaid).
   */
  effectiveAnnualRatePercent: number;
  /** Sum of every instalment. */
  totalRepayable: Money;
  /** What the borrower really has in hand on the loan date: disbursed - service fee. */
  amountReceived: number;
  /**
   * Everything the borrower pays beyond what they received: totalRepayable - amountReceived
   * (= repayable + service fee - disbursed). Up-front deductions (loan - disbursed) and the fee
   * are in it, because the law counts them as interest.
   */
  totalCost: number;
}

/**
 * The borrower's real cash flows (decisions §4): + disbursed - service fee on the loan date,
 * - each instalment on its due date. The loan amount itself does not appear: a 1,000,000 loan
 * with 100,000 deducted up front is, for the rate, a 900,000 loan.
 */
export function borrowerCashFlows(input: CostOfCreditInput): CashFlow[] {
  return [
    { date: input.loanDate, amount: input.disbursedAmount - input.serviceFee },
    ...input.schedule.map((instalment) => ({
      date: instalment.dueDate,
      amount: -instalment.amount,
    })),
  ];
}

export function costOfCredit(input: CostOfCreditInput): CostOfCredit {
  const totalRepayable = input.schedule.reduce((total, instalment) => total + instalment.amount, 0);
  const amountReceived = input.disbursedAmount - input.serviceFee;
  const rate = amountReceived > 0 ? effectiveAnnualRate(borrowerCashFlows(input)) : null;
  return {
    effectiveAnnualRatePercent: rate === null ? Number.NaN : roundPercent(rate * 100),
    totalRepayable,
    amountReceived,
    totalCost: totalRepayable - amountReceived,
  };
}

/** Six decimals hide solver noise (20.000000000001 shows as 20) without hiding real excess. */
export function roundPercent(percent: number): number {
  return Math.round(percent * 1e6) / 1e6;
}
