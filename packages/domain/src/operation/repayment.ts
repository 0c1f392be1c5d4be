import * as v from "valibot";
import { type CalendarDate, calendarDateField, isValidCalendarDate } from "../dates";
import { balancesAsOf, type NewLedgerEntry } from "../ledger";
import { type Money, moneyField } from "../money";
import { type DomainError, domainError, errorKinds, type Result } from "../result";
import { allowedActions, isSignedStatus } from "../status";
import { requiredWhen } from "../validation";
import { cleanReason, type OperationContext, overpaidWith, withPlanned } from "./context";
import { instalmentIndexField, reasonField } from "./fields";

/**
 * A repayment received and/or a waiver granted on one instalment (docs/money.md; the spec's
 * "write-off / partial repayment" and "waiver", docs/validation.md#repayment-and-waiver): the
 * fields of the repayment request. One call may carry both amounts; at least one is needed.
 */
export const repaymentRequestEntries = {
  instalmentIndex: instalmentIndexField("operation.instalment.required"),
  // Which of these a request needs depends on the others: `planRepayment` below decides it.
  repaymentAmount: v.optional(
    v.pipe(
      moneyField("operation.amount.required"),
      requiredWhen<number>("when `waiverAmount` is absent or 0 (at least one amount)"),
    ),
  ),
  receivedOn: v.optional(
    v.pipe(
      calendarDateField("operation.receivedOn.required"),
      requiredWhen<string>("when `repaymentAmount` > 0 (a waiver alone needs none)"),
    ),
  ),
  waiverAmount: v.optional(
    v.pipe(
      moneyField("operation.amount.required"),
      requiredWhen<number>("when `repaymentAmount` is absent or 0 (at least one amount)"),
    ),
  ),
  reason: reasonField,
};

export interface RepaymentRequest {
  instalmentIndex?: number | undefined;
  /** A repayment received; 0 or absent means none. */
  repaymentAmount?: Money | undefined;
  /** The day the money was received: not before the loan date, not in the future. */
  receivedOn?: CalendarDate | undefined;
  /** Relief granted today; 0 or absent means none. */
  waiverAmount?: Money | undefined;
  reason?: string | null | undefined;
}

/**
 * Plans a repayment received, a waiver, or both, on one instalment. Each amount must be > 0 and
 * no more than what that instalment owes (principal and accrued overdue interest) when it
 * applies, the repayment first. Returns the ledger entries to append, or keyed errors.
 */
export function planRepayment(
  ctx: OperationContext,
  request: RepaymentRequest,
): Result<NewLedgerEntry[]> {
  const errors: DomainError[] = [];
  const refuse = (
    kind: (typeof errorKinds)[keyof typeof errorKinds],
    key: DomainError["key"],
    field?: string,
    params?: Record<string, number | string>,
  ) => errors.push(domainError(kind, key, field, params));

  const actions = allowedActions(ctx.status);
  if (!actions.recordRepayment && !actions.waive) {
    // A closed contract was signed: say that nothing is owed, not that it is unsigned.
    if (isSignedStatus(ctx.status)) {
      refuse(errorKinds.conflict, "operation.instalment.settled", "instalmentIndex");
    } else {
      refuse(errorKinds.notAllowed, "contract.operationNotAllowed");
    }
    return { ok: false, errors };
  }

  const index = request.instalmentIndex;
  if (index === undefined || !Number.isInteger(index) || index < 1) {
    refuse(errorKinds.validation, "operation.instalment.required", "instalmentIndex");
  } else if (!ctx.terms.schedule.some((instalment) => instalment.index === index)) {
    refuse(errorKinds.notFound, "operation.instalment.unknown", "instalmentIndex");
  }

  const repayment = request.repaymentAmount ?? 0;
  const waiver = request.waiverAmount ?? 0;
  for (const [field, amount] of [
    ["repaymentAmount", repayment],
    ["waiverAmount", waiver],
  ] as const) {
    if (!Number.isSafeInteger(amount) || amount < 0) {
      refuse(errorKinds.validation, amount < 0 ? "money.negative" : "money.notInteger", field);
    }
  }
  if (repayment === 0 && waiver === 0) {
    // 'enter write-off amount or waiver amount'
    refuse(errorKinds.validation, "operation.amount.required", "repaymentAmount");
  }

  const date = request.receivedOn;
  if (repayment > 0) {
    if (date === undefined || !isValidCalendarDate(date)) {
      refuse(errorKinds.validation, "operation.receivedOn.required", "receivedOn");
    } else if (date < ctx.terms.loanDate) {
      refuse(errorKinds.validation, "operation.receivedOn.beforeLoan", "receivedOn");
    } else if (date > ctx.today) {
      refuse(errorKinds.validation, "operation.receivedOn.inFuture", "receivedOn");
    }
  }
  if (errors.length > 0) return { ok: false, errors };

  const instalmentIndex = index as number;
  const reason = cleanReason(request.reason);
  const entry = (
    kind: "repayment" | "waiver",
    amount: Money,
    on: CalendarDate,
  ): NewLedgerEntry => ({
    contractId: ctx.contractId,
    kind,
    instalmentIndex,
    amount,
    date: on,
    newDueDate: null,
    reversesEntryId: null,
    actorId: ctx.actorId,
    reason,
  });
  const owedOn = (on: CalendarDate, planned: NewLedgerEntry[]) =>
    balancesAsOf(ctx.terms, withPlanned(ctx.ledger, planned), on).instalments.find(
      (instalment) => instalment.index === instalmentIndex,
    )?.outstanding ?? 0;

  const overpaidBefore = overpaidWith(ctx, []);
  const planned: NewLedgerEntry[] = [];
  if (repayment > 0) {
    const received = entry("repayment", repayment, date as CalendarDate);
    if (overpaidWith(ctx, [received]) > overpaidBefore) {
      refuse(errorKinds.overApplied, "operation.amount.exceedsOutstanding", "repaymentAmount", {
        outstanding: owedOn(date as CalendarDate, []),
        currency: ctx.currency,
      });
    } else {
      planned.push(received);
    }
  }
  if (waiver > 0) {
    const relief = entry("waiver", waiver, ctx.today);
    if (overpaidWith(ctx, [...planned, relief]) > overpaidBefore) {
      refuse(errorKinds.overApplied, "operation.amount.exceedsOutstanding", "waiverAmount", {
        outstanding: owedOn(ctx.today, planned),
        currency: ctx.currency,
      });
    } else {
      planned.push(relief);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: planned };
}
