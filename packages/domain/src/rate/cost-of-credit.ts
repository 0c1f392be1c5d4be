import type { CalendarDate } from "../dates";
import type { Money } from "../money";
import type { ScheduledInstalment } from "../schedule";
import { annualRate, type Loan } from "./simple-rate";

export interface CostOfCreditInput {
  disbursedAmount: Money;
  serviceFee: Money;
  loanDate: CalendarDate;
  schedule: readonly Pick<ScheduledInstalment, "dueDate" | "amount">[];
}

export interface CostOfCredit {
  /**
   * The contract's annual rate in percent (실질 연이율 / 實質年利率): the simple annual rate on
   * the declining balance of what the borrower received (docs/cost-of-credit.md), rounded to 6
   * decimals; NaN only when no rate exists (nothing received, or less repaid than received).
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
 * The loan as the rate sees it: + disbursed - service fee on the loan date, then each instalment
 * on its due date. The loan amount itself does not appear: a 1,000,000 loan with 100,000
 * deducted up front is, for the rate, a 900,000 loan.
 */
export function loanOf(input: CostOfCreditInput): Loan {
  return {
    received: input.disbursedAmount - input.serviceFee,
    loanDate: input.loanDate,
    payments: input.schedule.map((instalment) => ({
      date: instalment.dueDate,
      amount: instalment.amount,
    })),
  };
}

export function costOfCredit(input: CostOfCreditInput): CostOfCredit {
  const rate = annualRate(loanOf(input));
  return {
    effectiveAnnualRatePercent: rate === null ? Number.NaN : roundPercent(rate * 100),
    ...amountsOfCredit(input),
  };
}

/**
 * The cost of credit's amounts without its rate: what a contract already signed needs, whose
 * rate was worked out once when it was made and is kept in its terms
 * (`ContractTerms.effectiveAnnualRatePercent`), so a page of contracts never solves for it again.
 */
export function amountsOfCredit(
  input: Pick<CostOfCreditInput, "disbursedAmount" | "serviceFee" | "schedule">,
): Omit<CostOfCredit, "effectiveAnnualRatePercent"> {
  const totalRepayable = input.schedule.reduce((total, instalment) => total + instalment.amount, 0);
  const amountReceived = input.disbursedAmount - input.serviceFee;
  return { totalRepayable, amountReceived, totalCost: totalRepayable - amountReceived };
}

/** Six decimals hide float noise (20.000000000001 shows as 20) without hiding real excess. */
export function roundPercent(percent: number): number {
  return Math.round(percent * 1e6) / 1e6;
}
