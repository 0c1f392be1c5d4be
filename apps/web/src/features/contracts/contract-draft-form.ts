import {
  buildSchedule,
  type CalendarDate,
  checkLegalCap,
  contractDraftSchema,
  costOfCredit,
  type DomainError,
  displayRefusedRate,
  instalmentIntervals,
  isValidCalendarDate,
  type Jurisdiction,
  type LenderContext,
  type ScheduledInstalment,
  validateContractDraft,
} from "@chayong/domain";
import * as v from "valibot";

/**
 * What the create-contract form holds while the lender types: empty money is null, the overdue
 * rate is text as typed ("15", "12.5", ""), the instalment count is kept while a single payment
 * is chosen (the request then says 1).
 */
const draftFormSchema = v.object({
  name: v.string(),
  borrowerPhone: v.string(),
  loanAmount: v.nullable(v.number()),
  disbursedAmount: v.nullable(v.number()),
  loanDate: v.string(),
  repaymentDate: v.string(),
  instalment: v.boolean(),
  instalmentCount: v.number(),
  instalmentAmount: v.nullable(v.number()),
  interval: v.picklist(instalmentIntervals),
  serviceFee: v.nullable(v.number()),
  overdueRate: v.string(),
  lender: v.string(),
  merchantName: v.string(),
  templateId: v.optional(v.string()),
});

export type DraftForm = v.InferInput<typeof draftFormSchema>;

/** A draft as the form holds it (one read back from session storage is checked with this). */
export function isDraftForm(value: unknown): value is DraftForm {
  return v.is(draftFormSchema, value);
}

export function emptyDraftForm(today: CalendarDate): DraftForm {
  return {
    name: "",
    borrowerPhone: "",
    loanAmount: null,
    disbursedAmount: null,
    loanDate: today,
    repaymentDate: "",
    instalment: false,
    instalmentCount: 3,
    instalmentAmount: null,
    interval: "monthly",
    serviceFee: 0,
    overdueRate: "",
    lender: "",
    merchantName: "",
  };
}

/**
 * The contract add request as typed: fields left empty are left out (the domain says what is
 * missing), the rate's text as a number. Not yet checked: `contractAddRequestSchema` and
 * `validateForm` check it.
 */
export function draftOf(form: DraftForm): Record<string, unknown> {
  const rate = form.overdueRate.trim();
  const draft: Record<string, unknown> = {
    name: form.name,
    borrowerPhone: form.borrowerPhone,
    loanDate: form.loanDate,
    repaymentDate: form.repaymentDate,
    instalment: form.instalment,
    instalmentCount: form.instalment ? form.instalmentCount : 1,
    interval: form.interval,
    serviceFee: form.serviceFee ?? 0,
    lender: form.lender,
    merchantName: form.merchantName,
  };
  if (form.loanAmount !== null) draft.loanAmount = form.loanAmount;
  if (form.disbursedAmount !== null) draft.disbursedAmount = form.disbursedAmount;
  if (form.instalmentAmount !== null) draft.instalmentAmount = form.instalmentAmount;
  if (rate !== "") draft.overdueRatePercent = Number(rate);
  if (form.templateId) draft.templateId = form.templateId;
  return draft;
}

/** The contract add request made of the form by the domain's draft schema (what is sent). */
export const contractAddRequestSchema = v.pipe(
  draftFormSchema,
  v.transform(draftOf),
  contractDraftSchema,
);

/** The form field of a problem the domain or the server reports on the request's field. */
export function fieldOfDraft(field: string): string {
  return field === "overdueRatePercent" ? "overdueRate" : field;
}

export interface DraftPreview {
  schedule: ScheduledInstalment[];
  /** NaN when no rate exists for these cash flows. */
  effectiveAnnualRatePercent: number;
  /** The rate as shown: a refused rate reads exactly as the refusal message names it. */
  displayedRatePercent: number;
  totalRepayable: number;
  amountReceived: number;
  capPercent: number;
  withinCap: boolean;
}

/**
 * The schedule and the cost of credit as soon as the amounts and dates allow, before the rest
 * of the form is complete (the lender sees the rate while choosing the amounts).
 */
export function previewOf(
  form: DraftForm,
  ctx: { jurisdiction: Jurisdiction; today: CalendarDate },
): DraftPreview | null {
  if (
    form.disbursedAmount === null ||
    form.instalmentAmount === null ||
    !isValidCalendarDate(form.loanDate) ||
    !isValidCalendarDate(form.repaymentDate) ||
    form.repaymentDate <= form.loanDate
  ) {
    return null;
  }
  const schedule = buildSchedule({
    instalmentCount: form.instalment ? form.instalmentCount : 1,
    instalmentAmount: form.instalmentAmount,
    repaymentDate: form.repaymentDate,
    interval: form.interval,
  });
  const cost = costOfCredit({
    disbursedAmount: form.disbursedAmount,
    serviceFee: form.serviceFee ?? 0,
    loanDate: form.loanDate,
    schedule,
  });
  const check = checkLegalCap(
    Number.isNaN(cost.effectiveAnnualRatePercent) ? 0 : cost.effectiveAnnualRatePercent,
    ctx.jurisdiction,
    ctx.today,
  );
  return {
    schedule,
    effectiveAnnualRatePercent: cost.effectiveAnnualRatePercent,
    displayedRatePercent: check.allowed
      ? cost.effectiveAnnualRatePercent
      : displayRefusedRate(cost.effectiveAnnualRatePercent, check.cap.ratePercent),
    totalRepayable: cost.totalRepayable,
    amountReceived: cost.amountReceived,
    capPercent: check.cap.ratePercent,
    withinCap: check.allowed,
  };
}

/** The domain's verdict on the form: the same rules the server runs. */
export function validateForm(form: DraftForm, ctx: LenderContext): DomainError[] {
  const result = validateContractDraft(draftOf(form), ctx);
  return result.ok ? [] : result.errors;
}
