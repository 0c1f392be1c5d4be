import {
  addYearsClamped,
  type CalendarDate,
  calendarDateField,
  isValidCalendarDate,
} from "../dates";
import { balancesAsOf, type NewLedgerEntry } from "../ledger";
import { domainError, errorKinds, fail, type Result } from "../result";
import { allowedActions, isSignedStatus } from "../status";
import { cleanReason, type OperationContext } from "./context";
import { instalmentIndexField, reasonField } from "./fields";

/** Renewal: the latest a due date may move to, counted from the loan date (as for creation). */
export const maxRenewalYears = 5;

/** The fields of a renewal request (docs/entities.md#instalment-operations): an instalment and its new due date. */
export const renewalRequestEntries = {
  instalmentIndex: instalmentIndexField("renewal.instalment.required"),
  newDueDate: calendarDateField("renewal.date.required", "renewal.date.invalid"),
  reason: reasonField,
};

export interface Renewal {
  instalmentIndex?: number | undefined;
  newDueDate?: CalendarDate | undefined;
  reason?: string | null | undefined;
}

/**
 * Plans a renewal (docs/money.md#operations): the new due date must be later than the instalment's current
 * due date, not in the past (a renewal to a past day would leave it overdue) and within 5 years
 * of the loan date; the instalment must still owe money.
 */
export function planRenewal(ctx: OperationContext, renewal: Renewal): Result<NewLedgerEntry[]> {
  if (!allowedActions(ctx.status).renew) {
    return fail(
      isSignedStatus(ctx.status)
        ? domainError(errorKinds.conflict, "operation.instalment.settled", "instalmentIndex")
        : domainError(errorKinds.notAllowed, "contract.operationNotAllowed"),
    );
  }
  const index = renewal.instalmentIndex;
  if (index === undefined || !Number.isInteger(index) || index < 1) {
    return fail(
      domainError(errorKinds.validation, "renewal.instalment.required", "instalmentIndex"),
    );
  }
  const balance = balancesAsOf(ctx.terms, ctx.ledger, ctx.today).instalments.find(
    (instalment) => instalment.index === index,
  );
  if (!balance) {
    return fail(
      domainError(errorKinds.notFound, "operation.instalment.unknown", "instalmentIndex"),
    );
  }
  const newDueDate = renewal.newDueDate;
  if (newDueDate === undefined || newDueDate === "") {
    return fail(domainError(errorKinds.validation, "renewal.date.required", "newDueDate"));
  }
  if (!isValidCalendarDate(newDueDate)) {
    // 'select a correct renewal date'
    return fail(domainError(errorKinds.validation, "renewal.date.invalid", "newDueDate"));
  }
  // Each wrong date says what the right one must be, with the date it is measured against.
  if (newDueDate <= balance.dueDate) {
    return fail(
      domainError(errorKinds.validation, "renewal.date.notAfterDueDate", "newDueDate", {
        dueDate: balance.dueDate,
      }),
    );
  }
  if (newDueDate < ctx.today) {
    return fail(
      domainError(errorKinds.validation, "renewal.date.past", "newDueDate", { today: ctx.today }),
    );
  }
  const latest = addYearsClamped(ctx.terms.loanDate, maxRenewalYears);
  if (newDueDate > latest) {
    return fail(
      domainError(errorKinds.validation, "renewal.date.tooLate", "newDueDate", {
        latest,
        years: maxRenewalYears,
      }),
    );
  }
  if (balance.outstanding === 0) {
    return fail(
      domainError(errorKinds.conflict, "operation.instalment.settled", "instalmentIndex"),
    );
  }
  return {
    ok: true,
    value: [
      {
        contractId: ctx.contractId,
        kind: "renewal",
        instalmentIndex: index,
        amount: null,
        date: ctx.today,
        newDueDate,
        reversesEntryId: null,
        actorId: ctx.actorId,
        reason: cleanReason(renewal.reason),
      },
    ],
  };
}
