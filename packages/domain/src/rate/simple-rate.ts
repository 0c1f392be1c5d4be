import { type CalendarDate, toDayNumber } from "../dates";

/** One payment the borrower makes: an instalment on its due date. */
export interface Payment {
  date: CalendarDate;
  amount: number;
}

export interface Loan {
  /** What the borrower really has in hand on the loan date (disbursed - service fee). */
  received: number;
  loanDate: CalendarDate;
  payments: readonly Payment[];
}

/**
 * What the borrower would still owe after the last payment if the loan ran at `rate` (a fraction
 * per year), counted as the law counts interest (docs/cost-of-credit.md): between payments,
 * interest accrues at rate x days / 365 on the principal still outstanding, never on unpaid
 * interest; each payment covers the interest accrued so far first, then principal. Money paid
 * beyond everything owed is a credit (it earns nothing). Negative when the payments exceed what
 * that rate allows. Non-decreasing in `rate`: more interest only ever leaves more owed.
 */
export function owedAfterPayments(loan: Loan, rate: number): number {
  return owedAt(prepare(loan), rate);
}

/** Payments in date order as days after the loan date: computed once per search. */
interface PreparedLoan {
  received: number;
  payments: { day: number; amount: number }[];
}

function prepare(loan: Loan): PreparedLoan {
  const loanDay = toDayNumber(loan.loanDate);
  return {
    received: loan.received,
    payments: loan.payments
      .map((payment) => ({ day: toDayNumber(payment.date) - loanDay, amount: payment.amount }))
      .sort((a, b) => a.day - b.day),
  };
}

function owedAt(loan: PreparedLoan, rate: number): number {
  let principal = loan.received;
  let unpaidInterest = 0;
  let credit = 0;
  let day = 0;
  for (const payment of loan.payments) {
    if (payment.day > day) {
      unpaidInterest += (principal * rate * (payment.day - day)) / 365;
      day = payment.day;
    }
    const toInterest = Math.min(payment.amount, unpaidInterest);
    unpaidInterest -= toInterest;
    const rest = payment.amount - toInterest;
    const toPrincipal = Math.min(rest, principal);
    principal -= toPrincipal;
    credit += rest - toPrincipal;
  }
  return principal + unpaidInterest - credit;
}

/** The highest rate searched: 10^12 % a year; anything above is not a loan a court would see. */
const maxRate = 1e10;
/** Bisection halves the bracket; 200 halvings exhaust a double's precision. */
const maxIterations = 200;

/**
 * The contract's annual rate (a fraction: 0.2 = 20%): the simple annual rate on the declining
 * balance of what the borrower received that leaves nothing owed after the last payment. For one
 * payment it is exactly (repaid - received) / received x 365 / days. Null when no such rate
 * exists: nothing received, no time passes before a payment, or the payments return less than
 * was received (this product has no negative rates).
 *
 * The search cannot hang: the bracket [0, hi] grows by doubling to at most 10^10, then at most
 * 200 bisections narrow it.
 */
export function annualRate(loan: Loan): number | null {
  if (!(loan.received > 0) || loan.payments.length === 0) return null;
  const total = loan.payments.reduce((sum, payment) => sum + payment.amount, 0);
  if (!Number.isFinite(total) || total < loan.received) return null;
  const loanDay = toDayNumber(loan.loanDate);
  if (loan.payments.length === 1) {
    const [only] = loan.payments as [Payment];
    const days = toDayNumber(only.date) - loanDay;
    if (days <= 0) return total === loan.received ? 0 : null;
    return ((only.amount - loan.received) / loan.received) * (365 / days);
  }
  const prepared = prepare(loan);
  if (owedAt(prepared, 0) >= 0) return 0;
  let low = 0;
  let high = 1;
  while (owedAt(prepared, high) < 0) {
    low = high;
    high *= 2;
    if (high > maxRate) return null;
  }
  for (let i = 0; i < maxIterations; i += 1) {
    const mid = low + (high - low) / 2;
    if (mid <= low || mid >= high) break;
    if (owedAt(prepared, mid) < 0) low = mid;
    else high = mid;
  }
  return low + (high - low) / 2;
}
