import * as v from "valibot";
import { type CalendarDate, calendarDateSchema } from "../dates";
import {
  type Currency,
  currencySchema,
  type Jurisdiction,
  jurisdictionSchema,
} from "../jurisdiction";
import {
  balancesOn,
  type InstalmentBalance,
  type InstalmentState,
  initialInstalmentStates,
} from "../ledger";
import { type Money, moneySchema } from "../money";
import { amountsOfCredit } from "../rate";
import { instalmentIntervals } from "../schedule";
import {
  type ContractStatus,
  type ContractType,
  contractStatusSchema,
  contractTypeSchema,
  deriveStatus,
} from "../status";
import type { ContractDraft, ContractTerms } from "./draft";

/**
 * The contract as the server answers it and the SDK returns it (one model for every screen):
 * the terms the lender submitted (E.164 phone), plus what the server and the ledger add.
 */
export interface Contract extends Omit<ContractDraft, "templateId"> {
  id: string;
  /** The unguessable share code; the link carries it. */
  code: string;
  /** The contract number people read: `C-2026-000123` (`formatContractNumber`). */
  number: string;
  /** Whether any instalment has been renewed. */
  renewal: boolean;
  currency: Currency;
  jurisdiction: Jurisdiction;
  /** For a cancelled contract, the status it had when cancelled (type1/type2); see `cancelled`. */
  status: ContractStatus;
  type: ContractType;
  /** The earliest due date with money outstanding (past when overdue); null when nothing owed. */
  dueDate: CalendarDate | null;
  repaidAmount: Money;
  overdueAmount: Money;
  waivedAmount: Money;
  outstandingAmount: Money;
  overdueInterest: Money;
  /**
   * 실질 연이율 / 實質年利率: the simple annual rate on what the borrower received, fees and
   * deductions counted as interest (docs/cost-of-credit.md); the legal cap is checked on it.
   */
  effectiveAnnualRatePercent: number;
  schedule: InstalmentBalance[];
  /** `#/pages/loans/sign?code=...`: opens the borrower's sign page. */
  link: string;
  createdAt: string;
  openedAt: string | null;
  signedAt: string | null;
  cancelled: boolean;
  templateId: string | null;
  /** Sum of all instalments. */
  totalRepayable: Money;
  /** Disbursed - service fee: what the borrower really receives. */
  amountReceived: Money;
  /**
   * When the share link stops opening the contract (docs/contracts.md, "Share link"): 7 days
   * after it was issued; null once the contract is signed or cancelled.
   */
  linkExpiresAt: string | null;
  /** Whether the borrower is sent reminders before and after due dates (the lender's choice). */
  reminders: boolean;
  /**
   * Before signing, when a due date is already past: what the borrower owes the moment he signs
   * today, late interest included (docs/contracts.md, "Signing into an overdue debt"). Null when
   * signing today leaves nothing overdue, and once signed.
   */
  overdueAtSigning: OverdueAtSigning | null;
}

export interface OverdueAtSigning {
  /** The day the figures are for: today in the contract's time zone. */
  asOf: CalendarDate;
  /** Everything owed at once: principal + late interest of the instalments already past due. */
  overdueAmount: Money;
  /** The late interest included in it. */
  overdueInterest: Money;
  /** Everything still to repay, overdue or not. */
  outstandingAmount: Money;
  /** Days past the earliest due date. */
  daysOverdue: number;
}

/**
 * What a borrower signing on `today` would owe at once, or null when nothing would be overdue:
 * a lender may record an old loan whose due date has passed, and late interest runs from the
 * due date, not from the signature.
 */
export function overdueIfSignedOn(
  terms: ContractTerms,
  today: CalendarDate,
): OverdueAtSigning | null {
  const balances = balancesOn(initialInstalmentStates(terms), terms.overdueRatePercent, today);
  if (balances.overdueAmount === 0) return null;
  return {
    asOf: today,
    overdueAmount: balances.overdueAmount,
    overdueInterest: balances.overdueInterest,
    outstandingAmount: balances.outstanding,
    daysOverdue: Math.max(...balances.instalments.map((instalment) => instalment.daysOverdue)),
  };
}

/** A contract as stored: its validated terms and its lifecycle facts. */
export interface StoredContract {
  terms: ContractTerms;
  id: string;
  code: string;
  number: string;
  createdAt: string;
  openedAt: string | null;
  signedAt: string | null;
  cancelled: boolean;
  /** When the share link stops working (it matters only before signing). */
  linkExpiresAt: string;
  reminders: boolean;
}

export function signLink(code: string): string {
  return `#/pages/loans/sign?code=${encodeURIComponent(code)}`;
}

/**
 * The answer model of a contract from its terms, its instalments' states (the ledger replayed:
 * `replayLedger(...).states`, or the server's read model) and today's date: the server builds
 * every contract answer with this, so status and balances are derived in one place. An
 * instalment without a state has no ledger entry yet. Before signing nothing is owed yet, so no
 * instalment is overdue and no interest accrues.
 */
export function summarizeContract(
  stored: StoredContract,
  states: readonly InstalmentState[],
  today: CalendarDate,
): Contract {
  const { terms } = stored;
  const signed = stored.signedAt !== null;
  const agreed = initialInstalmentStates(terms);
  const balances = signed
    ? balancesOn(
        agreed.map((initial) => states.find((state) => state.index === initial.index) ?? initial),
        terms.overdueRatePercent,
        today,
      )
    : balancesOn(agreed, terms.overdueRatePercent, terms.loanDate);
  const derived = deriveStatus({
    opened: stored.openedAt !== null,
    signed,
    cancelled: false,
    balances: signed ? balances : null,
    today,
  });
  // The rate was worked out when the contract was made and is kept in its terms.
  const cost = amountsOfCredit(terms);
  return {
    id: stored.id,
    code: stored.code,
    number: stored.number,
    name: terms.name,
    borrowerPhone: terms.borrowerPhone,
    loanAmount: terms.loanAmount,
    disbursedAmount: terms.disbursedAmount,
    loanDate: terms.loanDate,
    repaymentDate: terms.repaymentDate,
    instalment: terms.instalment,
    instalmentCount: terms.instalmentCount,
    instalmentAmount: terms.instalmentAmount,
    interval: terms.interval,
    serviceFee: terms.serviceFee,
    overdueRatePercent: terms.overdueRatePercent,
    lender: terms.lender,
    merchantName: terms.merchantName,
    renewal: balances.renewed,
    currency: terms.currency,
    jurisdiction: terms.jurisdiction,
    status: derived === "cancelled" ? "type1" : derived,
    type: terms.instalment ? "instalment" : "single",
    dueDate: balances.nextDueDate,
    repaidAmount: balances.repaid,
    overdueAmount: balances.overdueAmount,
    waivedAmount: balances.waived,
    outstandingAmount: balances.outstanding,
    overdueInterest: balances.overdueInterest,
    effectiveAnnualRatePercent: terms.effectiveAnnualRatePercent,
    schedule: balances.instalments,
    link: signLink(stored.code),
    createdAt: stored.createdAt,
    openedAt: stored.openedAt,
    signedAt: stored.signedAt,
    cancelled: stored.cancelled,
    templateId: terms.templateId ?? null,
    totalRepayable: cost.totalRepayable,
    amountReceived: cost.amountReceived,
    linkExpiresAt: signed || stored.cancelled ? null : stored.linkExpiresAt,
    reminders: stored.reminders,
    overdueAtSigning: signed || stored.cancelled ? null : overdueIfSignedOn(terms, today),
  };
}

const count = v.pipe(v.number(), v.integer(), v.minValue(0));

export const instalmentBalanceSchema = v.object({
  index: v.pipe(v.number(), v.integer(), v.minValue(1)),
  dueDate: calendarDateSchema,
  amount: moneySchema,
  repaid: moneySchema,
  waived: moneySchema,
  outstanding: moneySchema,
  daysOverdue: count,
  overdueInterest: moneySchema,
  principalOutstanding: moneySchema,
  interestOutstanding: moneySchema,
  overpaid: moneySchema,
  originalDueDate: calendarDateSchema,
  renewed: v.boolean(),
});

/** Validates a contract answer (the SDK reads answers with it). Unknown keys are dropped. */
export const contractSchema = v.object({
  id: v.string(),
  code: v.string(),
  number: v.string(),
  name: v.string(),
  borrowerPhone: v.string(),
  loanAmount: moneySchema,
  disbursedAmount: moneySchema,
  loanDate: calendarDateSchema,
  repaymentDate: calendarDateSchema,
  instalment: v.boolean(),
  instalmentCount: v.pipe(v.number(), v.integer(), v.minValue(1)),
  instalmentAmount: moneySchema,
  interval: v.picklist(instalmentIntervals),
  serviceFee: moneySchema,
  overdueRatePercent: v.pipe(v.number(), v.minValue(0)),
  lender: v.string(),
  merchantName: v.string(),
  renewal: v.boolean(),
  currency: currencySchema,
  jurisdiction: jurisdictionSchema,
  status: contractStatusSchema,
  type: contractTypeSchema,
  dueDate: v.nullable(calendarDateSchema),
  repaidAmount: moneySchema,
  overdueAmount: moneySchema,
  waivedAmount: moneySchema,
  outstandingAmount: moneySchema,
  overdueInterest: moneySchema,
  effectiveAnnualRatePercent: v.number(),
  schedule: v.array(instalmentBalanceSchema),
  link: v.string(),
  createdAt: v.string(),
  openedAt: v.nullable(v.string()),
  signedAt: v.nullable(v.string()),
  cancelled: v.boolean(),
  templateId: v.nullable(v.string()),
  totalRepayable: moneySchema,
  amountReceived: moneySchema,
  linkExpiresAt: v.nullable(v.string()),
  reminders: v.boolean(),
  overdueAtSigning: v.nullable(
    v.object({
      asOf: calendarDateSchema,
      overdueAmount: moneySchema,
      overdueInterest: moneySchema,
      outstandingAmount: moneySchema,
      daysOverdue: count,
    }),
  ),
}) satisfies v.GenericSchema<unknown, Contract>;
