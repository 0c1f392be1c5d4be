import {
  balancesAsOf,
  balanceTermsOf,
  type CalendarDate,
  type DomainError,
  type LedgerEntry,
  type NewLedgerEntry,
  type OperationContext,
  planRenewal,
  planRepayment,
  planReversal,
  type Result,
} from "@chayong/domain";
import type { Contract } from "../contracts/contract-labels";

/** The lender's money actions on a signed contract (docs/money.md). */
export type MoneyAction = "repayment" | "waiver" | "renewal";

/** What a money sheet's fields hold while the lender fills them in. */
export interface MoneyForm {
  instalmentIndex: number | null;
  /** The repayment or waiver amount; unused for a renewal. */
  amount: number | null;
  /** The day the repayment was received, or the renewal's new due date. */
  date: CalendarDate;
  reason: string;
}

/** The first instalment that still owes money: what most actions are about. */
export function firstOwingInstalment(contract: Contract): number | null {
  return contract.schedule.find((instalment) => instalment.outstanding > 0)?.index ?? null;
}

export function initialMoneyForm(
  action: MoneyAction,
  contract: Contract,
  today: CalendarDate,
): MoneyForm {
  return {
    instalmentIndex: firstOwingInstalment(contract),
    amount: null,
    date: action === "repayment" ? today : "",
    reason: "",
  };
}

/** The form's fields under the names the domain and the server report problems on. */
export const fieldOfForm = {
  instalmentIndex: "instalmentIndex",
  repaymentAmount: "amount",
  waiverAmount: "amount",
  receivedOn: "date",
  newDueDate: "date",
  reason: "reason",
} as const satisfies Record<string, keyof MoneyForm>;

export type MoneyRequest =
  | {
      instalmentIndex?: number;
      repaymentAmount?: number;
      receivedOn?: CalendarDate;
      waiverAmount?: number;
      reason?: string;
    }
  | { instalmentIndex?: number; newDueDate: CalendarDate; reason?: string };

/** The request fields of the action (the SDK call adds the contract id and idempotency key). */
export function moneyRequestOf(action: MoneyAction, form: MoneyForm): MoneyRequest {
  const instalment = form.instalmentIndex === null ? {} : { instalmentIndex: form.instalmentIndex };
  const reason = form.reason.trim() === "" ? {} : { reason: form.reason };
  if (action === "renewal") return { ...instalment, newDueDate: form.date, ...reason };
  if (action === "waiver") {
    return { ...instalment, ...(form.amount ? { waiverAmount: form.amount } : {}), ...reason };
  }
  return {
    ...instalment,
    ...(form.amount ? { repaymentAmount: form.amount } : {}),
    ...(form.date ? { receivedOn: form.date } : {}),
    ...reason,
  };
}

/** What the server will check, checked here first with the same domain rules (live errors). */
export function operationContextOf(
  contract: Contract,
  ledger: readonly LedgerEntry[],
  today: CalendarDate,
): OperationContext {
  return {
    contractId: contract.id,
    terms: balanceTermsOf(contract),
    status: contract.status,
    ledger,
    actorId: "",
    today,
  };
}

export function planOf(
  action: MoneyAction,
  form: MoneyForm,
  context: OperationContext,
): Result<NewLedgerEntry[]> {
  const request = moneyRequestOf(action, form);
  return action === "renewal"
    ? planRenewal(context, request as Parameters<typeof planRenewal>[1])
    : planRepayment(context, request as Parameters<typeof planRepayment>[1]);
}

/** A reversal checked by the domain before it is sent. */
export function planReversalOf(
  entryId: string,
  reason: string,
  context: OperationContext,
): Result<NewLedgerEntry[]> {
  return planReversal(context, { entryId, reason });
}

/** The form field a domain or server problem is about ("form" when it is about none). */
export function fieldOf(field: string | null | undefined): keyof MoneyForm | "form" {
  return field != null && field in fieldOfForm
    ? fieldOfForm[field as keyof typeof fieldOfForm]
    : "form";
}

/** The first problem of each form field, from the domain's errors. */
export function errorsByField(
  errors: readonly Pick<DomainError, "key" | "field" | "params">[],
): Map<keyof MoneyForm | "form", Pick<DomainError, "key" | "params">> {
  const byField = new Map<keyof MoneyForm | "form", Pick<DomainError, "key" | "params">>();
  for (const error of errors) {
    const field = fieldOf(error.field);
    if (!byField.has(field)) byField.set(field, error);
  }
  return byField;
}

/** What an instalment owes on a day (principal and overdue interest), by the domain's replay. */
export function owedOn(
  context: OperationContext,
  instalmentIndex: number,
  on: CalendarDate,
): number {
  return (
    balancesAsOf(context.terms, context.ledger, on).instalments.find(
      (instalment) => instalment.index === instalmentIndex,
    )?.outstanding ?? 0
  );
}

/**
 * A fresh idempotency key for one user action: 32 hex characters from the platform's random
 * source (crypto.randomUUID needs a secure context; getRandomValues works on a phone's LAN URL).
 */
export function newActionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
