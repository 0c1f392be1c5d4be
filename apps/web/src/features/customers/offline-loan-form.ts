import {
  type CalendarDate,
  type DomainError,
  type OfflineLoanReport,
  offlineLoanCorrectionSchema,
  offlineLoanRecordSchema,
  offlineLoanStates,
  validateOfflineLoanCorrection,
  validateOfflineLoanRecord,
} from "@chayong/domain";
import * as v from "valibot";

/**
 * What the offline loan form holds while the lender types: the person (a new report only) and
 * the terms. Empty money is null; what is still owed left empty means the whole amount.
 */
const offlineLoanFormSchema = v.object({
  phone: v.string(),
  idNumber: v.string(),
  amount: v.nullable(v.number()),
  outstandingAmount: v.nullable(v.number()),
  loanDate: v.string(),
  state: v.picklist(offlineLoanStates),
});

export type OfflineLoanForm = v.InferInput<typeof offlineLoanFormSchema>;

export const emptyOfflineLoanForm: OfflineLoanForm = {
  phone: "",
  idNumber: "",
  amount: null,
  outstandingAmount: null,
  loanDate: "",
  state: "inTransit",
};

/** A report's terms in the form, to correct them (the person stays as filed). */
export function offlineLoanFormOf(report: OfflineLoanReport): OfflineLoanForm {
  return {
    phone: report.phone,
    idNumber: "",
    amount: report.amount,
    outstandingAmount: report.state === "settled" ? null : report.outstandingAmount,
    loanDate: report.loanDate,
    state: report.state,
  };
}

/** The terms as the endpoints read them; a settled loan sends no 'still owed' (it is 0). */
function termsOf(form: OfflineLoanForm) {
  return {
    ...(form.amount === null ? {} : { amount: form.amount }),
    ...(form.outstandingAmount === null || form.state === "settled"
      ? {}
      : { outstandingAmount: form.outstandingAmount }),
    loanDate: form.loanDate,
    state: form.state,
  };
}

/** The report request (`contract.reportOfflineLoan`), as typed. */
function reportRequestOf(form: OfflineLoanForm) {
  return { phone: form.phone, idNumber: form.idNumber, ...termsOf(form) };
}

/** The correction request (`contract.correctOfflineLoan`) of report `id`, as typed. */
function correctionRequestOf(id: string, form: OfflineLoanForm) {
  return { id, ...termsOf(form) };
}

/** Filing a new report, or correcting the terms of report `id`. */
export type OfflineLoanMode = { kind: "report" } | { kind: "correct"; id: string };

/** The request a submit sends: a report, or a correction. */
export type OfflineLoanRequest =
  | { kind: "report"; request: v.InferOutput<typeof offlineLoanRecordSchema> }
  | { kind: "correct"; request: v.InferOutput<typeof offlineLoanCorrectionSchema> };

/**
 * The request made of the form by the domain's schema of the mode (phone in E.164, the ID number
 * in canonical form).
 */
export function offlineLoanRequestSchema(
  mode: OfflineLoanMode,
): v.GenericSchema<OfflineLoanForm, OfflineLoanRequest> {
  return mode.kind === "report"
    ? v.pipe(
        offlineLoanFormSchema,
        v.transform(reportRequestOf),
        offlineLoanRecordSchema,
        v.transform((request) => ({ kind: "report" as const, request })),
      )
    : v.pipe(
        offlineLoanFormSchema,
        v.transform((form) => correctionRequestOf(mode.id, form)),
        offlineLoanCorrectionSchema,
        v.transform((request) => ({ kind: "correct" as const, request })),
      );
}

/** What the server would refuse, by the same domain rules, for a new report or a correction. */
export function offlineLoanProblems(
  form: OfflineLoanForm,
  mode: OfflineLoanMode,
  today: CalendarDate,
): DomainError[] {
  const result =
    mode.kind === "report"
      ? validateOfflineLoanRecord(reportRequestOf(form), { today })
      : validateOfflineLoanCorrection(correctionRequestOf(mode.id, form), { today });
  return result.ok ? [] : result.errors;
}
