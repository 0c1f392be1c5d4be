import * as v from "valibot";
import { checkLegalCap, displayRefusedRate } from "../caps";
import { addDays, addYearsClamped, type CalendarDate, calendarDateField } from "../dates";
import { type Currency, currencyOf, type Jurisdiction } from "../jurisdiction";
import type { MessageKey } from "../messages";
import { type Money, moneyField } from "../money";
import { maxPhoneInputLength, normalizePhone } from "../phone";
import { annualRate, loanOf, roundPercent } from "../rate";
import { type DomainError, domainError, errorKinds, type Result } from "../result";
import {
  buildSchedule,
  type InstalmentInterval,
  instalmentIntervals,
  maxInstalmentCount,
  minInstalmentCount,
  type ScheduledInstalment,
} from "../schedule";
import { textField, tokenField } from "../text";
import { issuesToErrors, missingOrInvalid, requiredWhen } from "../validation";

/** What a lender submits to create a contract; also the wire request of contract add. */
export interface ContractDraft {
  name: string;
  borrowerPhone: string;
  loanAmount: Money;
  disbursedAmount: Money;
  loanDate: CalendarDate;
  /** The first (or only) due date. */
  repaymentDate: CalendarDate;
  instalment: boolean;
  /** 1 when `instalment` is false; 2..10 otherwise. */
  instalmentCount: number;
  /** Per instalment; for a single payment, the repayment amount. */
  instalmentAmount: Money;
  /** Ignored for a single payment ('monthly' by default). */
  interval: InstalmentInterval;
  /** Paid by the borrower on the loan date (docs/contracts.md#terms). */
  serviceFee: Money;
  /** Percent per year, up to 2 decimals. */
  overdueRatePercent: number;
  lender: string;
  merchantName: string;
  templateId?: string;
}

/** Who is creating the contract and which day it is in their business time zone. */
export interface LenderContext {
  jurisdiction: Jurisdiction;
  today: CalendarDate;
  /** The lender's own phone (E.164), when known: a contract addressed to it is refused. */
  lenderPhone?: string;
}

/** A validated draft, normalised (E.164 phone, trimmed text) with its derived terms. */
export interface ContractTerms extends ContractDraft {
  schedule: ScheduledInstalment[];
  /** Rounded to 6 decimals; the cap check uses the unrounded rate. */
  effectiveAnnualRatePercent: number;
  currency: Currency;
  jurisdiction: Jurisdiction;
}

/** "Correct repayment date" = after the loan date and within 5 years of it (docs/contracts.md#terms). */
export const maxLoanYears = 5;

/**
 * The repayment dates a contract lent on `loanDate` may have (docs/contracts.md#terms): from the
 * day after, up to `maxLoanYears` later. The rule below and the form's date picker share it.
 */
export function repaymentDateRange(loanDate: CalendarDate): {
  first: CalendarDate;
  last: CalendarDate;
} {
  return { first: addDays(loanDate, 1), last: addYearsClamped(loanDate, maxLoanYears) };
}

export const maxTextLength = 100;

/* @__NO_SIDE_EFFECTS__ */
function requiredText(requiredKey: MessageKey) {
  return textField({ requiredKey, maxLength: maxTextLength });
}

function hasAtMostTwoDecimals(value: number): boolean {
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}

const overdueRateField = v.pipe(
  v.number(missingOrInvalid("contract.overdueRate.required", "contract.overdueRate.invalid")),
  v.finite("contract.overdueRate.invalid"),
  v.minValue(0, "contract.overdueRate.invalid"),
  v.check(hasAtMostTwoDecimals, "contract.overdueRate.invalid"),
);

/**
 * The field-level shape of a draft, strict (unknown keys are refused). Cross-field rules,
 * the schedule and the legal cap are in `validateContractDraft`.
 * The phone is only required here: its validation depends on the lender's jurisdiction.
 */
export const contractDraftSchema = v.strictObject(
  {
    name: requiredText("contract.name.required"),
    borrowerPhone: textField({
      requiredKey: "contract.borrowerPhone.required",
      maxLength: maxPhoneInputLength,
    }),
    loanAmount: v.pipe(
      moneyField("contract.loanAmount.required"),
      v.minValue(1, "contract.loanAmount.notPositive"),
    ),
    disbursedAmount: v.pipe(
      moneyField("contract.disbursedAmount.required"),
      v.minValue(1, "contract.disbursedAmount.notPositive"),
    ),
    loanDate: calendarDateField("contract.loanDate.required", "contract.loanDate.invalid"),
    repaymentDate: calendarDateField(
      "contract.repaymentDate.required",
      "contract.repaymentDate.invalid",
    ),
    instalment: v.boolean("common.pleaseSelect"),
    // Required with `instalment: true` only: `validateContractDraft` below decides it.
    instalmentCount: v.optional(
      v.pipe(
        v.number("contract.instalmentCount.outOfRange"),
        v.integer("contract.instalmentCount.outOfRange"),
        requiredWhen<number>("when `instalment` is true (2-10); else 1 or absent"),
      ),
    ),
    instalmentAmount: moneyField("contract.instalmentAmount.required"),
    interval: v.optional(
      v.pipe(
        v.picklist(instalmentIntervals, "contract.instalmentInterval.required"),
        requiredWhen<InstalmentInterval>("when `instalment` is true"),
      ),
    ),
    serviceFee: v.optional(
      moneyField("contract.serviceFee.invalid", "contract.serviceFee.invalid"),
      0,
    ),
    overdueRatePercent: overdueRateField,
    lender: requiredText("contract.lender.required"),
    merchantName: requiredText("contract.merchantName.required"),
    templateId: v.optional(tokenField("template.notFound")),
  },
  "common.invalidValue",
);

type ParsedDraft = v.InferOutput<typeof contractDraftSchema>;

/**
 * Every rule of docs/validation.md#contract-creation on a draft, plus the legal cap: field shapes, then
 * cross-field rules reported on the field the lender must fix, then the schedule and the cost
 * of credit. All errors found are returned together.
 */
export function validateContractDraft(draft: unknown, ctx: LenderContext): Result<ContractTerms> {
  const parsed = v.safeParse(contractDraftSchema, draft);
  const errors: DomainError[] = parsed.success
    ? []
    : issuesToErrors(parsed.issues, contractDraftSchema);
  const failed = new Set(errors.map((error) => error.field));
  const input = (parsed.success ? parsed.output : partialOutput(draft)) as Partial<ParsedDraft>;
  const fieldOk = (field: keyof ParsedDraft) => !failed.has(field) && input[field] !== undefined;
  // Read as a value, whatever other rules say of it: a rule between two fields that holds
  // whether or not the other is within its own rules is said at once, not after that one is fixed.
  const unreadable = new Set(failed);
  const fieldRead = (field: keyof ParsedDraft) =>
    !unreadable.has(field) && input[field] !== undefined;
  const add = (field: string, key: MessageKey, params?: Record<string, string | number>) => {
    errors.push(domainError(errorKinds.validation, key, field, params));
    failed.add(field);
  };

  let borrowerPhone = input.borrowerPhone;
  if (fieldOk("borrowerPhone") && borrowerPhone !== undefined) {
    const phone = normalizePhone(borrowerPhone, ctx.jurisdiction, { mobile: true });
    if (phone.ok) {
      borrowerPhone = phone.value;
      // A loan needs two people: the lender cannot be his own borrower.
      if (ctx.lenderPhone !== undefined && phone.value === ctx.lenderPhone) {
        add("borrowerPhone", "contract.borrowerPhone.isLender");
      }
    } else add("borrowerPhone", phone.errors[0]?.key ?? "phone.invalid");
  }

  if (fieldOk("loanAmount") && fieldOk("disbursedAmount")) {
    if ((input.disbursedAmount as number) > (input.loanAmount as number)) {
      add("disbursedAmount", "contract.disbursedAmount.exceedsLoan");
    }
  }

  if (fieldOk("loanDate") && fieldOk("repaymentDate")) {
    const loanDate = input.loanDate as string;
    const repaymentDate = input.repaymentDate as string;
    const range = repaymentDateRange(loanDate);
    // Before the loan date and too far after it are two mistakes, each named for what to fix.
    if (repaymentDate < range.first) add("repaymentDate", "contract.repaymentDate.beforeLoanDate");
    else if (repaymentDate > range.last) {
      add("repaymentDate", "contract.repaymentDate.tooFar", { years: maxLoanYears });
    }
  }

  let instalmentCount = 1;
  if (fieldOk("instalment") && !failed.has("instalmentCount")) {
    if (input.instalment) {
      const count = input.instalmentCount;
      if (count === undefined || count < minInstalmentCount || count > maxInstalmentCount) {
        add("instalmentCount", "contract.instalmentCount.outOfRange", {
          min: minInstalmentCount,
          max: maxInstalmentCount,
        });
      } else {
        instalmentCount = count;
      }
    } else if (input.instalmentCount !== undefined && input.instalmentCount !== 1) {
      add("instalmentCount", "common.invalidValue");
    }
  }

  if (input.instalment === true && input.interval === undefined && !failed.has("interval")) {
    add("interval", "contract.instalmentInterval.required");
  }

  if (fieldOk("instalmentAmount") && fieldOk("loanAmount") && !failed.has("instalmentCount")) {
    const total = instalmentCount * (input.instalmentAmount as number);
    if (!Number.isSafeInteger(total)) add("instalmentAmount", "money.tooLarge");
    else if (total < (input.loanAmount as number)) {
      add("instalmentAmount", "contract.instalmentTotal.belowLoan");
    }
  }

  if (fieldOk("serviceFee") && fieldRead("disbursedAmount")) {
    // The fee is paid out of the money received: it must leave the borrower something.
    if ((input.serviceFee as number) >= (input.disbursedAmount as number)) {
      add("serviceFee", "contract.serviceFee.notBelowDisbursed");
    }
  }

  if (fieldOk("overdueRatePercent")) {
    const check = checkLegalCap(input.overdueRatePercent as number, ctx.jurisdiction, ctx.today);
    if (!check.allowed) {
      add("overdueRatePercent", "contract.overdueRate.aboveCap", {
        ratePercent: input.overdueRatePercent as number,
        capPercent: check.cap.ratePercent,
      });
    }
  }

  if (errors.length > 0 || !parsed.success) {
    return {
      ok: false,
      errors: input.instalment === true ? errors : errors.map(singlePaymentWords),
    };
  }

  const draftOut = parsed.output;
  const instalment = draftOut.instalment;
  const normalised: ContractDraft = {
    name: draftOut.name,
    borrowerPhone: borrowerPhone as string,
    loanAmount: draftOut.loanAmount,
    disbursedAmount: draftOut.disbursedAmount,
    loanDate: draftOut.loanDate,
    repaymentDate: draftOut.repaymentDate,
    instalment,
    instalmentCount,
    instalmentAmount: draftOut.instalmentAmount,
    interval: instalment ? (draftOut.interval as InstalmentInterval) : "monthly",
    serviceFee: draftOut.serviceFee,
    overdueRatePercent: draftOut.overdueRatePercent,
    lender: draftOut.lender,
    merchantName: draftOut.merchantName,
  };
  if (draftOut.templateId !== undefined) normalised.templateId = draftOut.templateId;

  const schedule = buildSchedule(normalised);
  const rate = annualRate(loanOf({ ...normalised, schedule }));
  if (rate === null) {
    return {
      ok: false,
      errors: [domainError(errorKinds.validation, "contract.rate.unsolvable", "instalmentAmount")],
    };
  }
  const check = checkLegalCap(rate * 100, ctx.jurisdiction, ctx.today);
  if (!check.allowed) {
    // The repayment amount is what a lender most often has to lower; the message names both rates.
    return {
      ok: false,
      errors: [
        domainError(errorKinds.legalCap, "contract.rate.aboveCap", "instalmentAmount", {
          ratePercent: displayRefusedRate(rate * 100, check.cap.ratePercent),
          capPercent: check.cap.ratePercent,
        }),
      ],
    };
  }

  return {
    ok: true,
    value: {
      ...normalised,
      schedule,
      effectiveAnnualRatePercent: roundPercent(rate * 100),
      currency: currencyOf(ctx.jurisdiction),
      jurisdiction: ctx.jurisdiction,
    },
  };
}

/**
 * A single payment has no instalments: its one repayment is the total repayable, and its
 * messages say so instead of speaking of instalments.
 */
function singlePaymentWords(error: DomainError): DomainError {
  if (error.field !== "instalmentAmount") return error;
  if (error.key === "contract.instalmentAmount.required") {
    return { ...error, key: "contract.repaymentAmount.required" };
  }
  if (error.key === "contract.instalmentTotal.belowLoan") {
    return { ...error, key: "contract.repaymentAmount.belowLoan" };
  }
  return error;
}

/**
 * The fields of an invalid draft that are valid on their own, so cross-field rules can still
 * run and the lender sees every problem at once.
 */
function partialOutput(draft: unknown): Partial<ParsedDraft> {
  if (typeof draft !== "object" || draft === null) return {};
  const output: Record<string, unknown> = {};
  const entries = contractDraftSchema.entries as Record<string, v.GenericSchema>;
  for (const [key, schema] of Object.entries(entries)) {
    const result = v.safeParse(schema, (draft as Record<string, unknown>)[key]);
    if (result.success) output[key] = result.output;
  }
  return output as Partial<ParsedDraft>;
}
