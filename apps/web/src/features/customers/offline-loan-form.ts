import {
  type CalendarDate,
  type DomainError,
  type OfflineLoanReport,
  type OfflineLoanState,
  validateOfflineLoanCorrection,
  validateOfflineLoanRecord,
} from "@chayong/domain";

/**
 * What the offline loan form holds while the lender types: the person (a new report only) and
 * the terms. Empty money is null; what is still owed left empty means the whole amount.
 */
export interface OfflineLoanForm {
  phone: string;
  idNumber: string;
  amount: number | null;
  outstandingAmount: number | null;
  loanDate: CalendarDate | "";
  state: OfflineLoanState;
}

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

/** The report request (`contract.reportOfflineLoan`). */
export function reportRequestOf(form: OfflineLoanForm) {
  return { phone: form.phone, idNumber: form.idNumber, ...termsOf(form) };
}

/** The correction request (`contract.correctOfflineLoan`) of report `id`. */
export function correctionRequestOf(id: string, form: OfflineLoanForm) {
  return { id, ...termsOf(form) };
}

/** What the server would refuse, by the same domain rules, for a new report or a correction. */
export function offlineLoanProblems(
  form: OfflineLoanForm,
  mode: { kind: "report" } | { kind: "correct"; id: string },
  today: CalendarDate,
): DomainError[] {
  const result =
    mode.kind === "report"
      ? validateOfflineLoanRecord(reportRequestOf(form), { today })
      : validateOfflineLoanCorrection(correctionRequestOf(mode.id, form), { today });
  return result.ok ? [] : result.errors;
}
