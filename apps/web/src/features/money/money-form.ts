import {
  balancesAsOf,
  balanceTermsOf,
  type CalendarDate,
  type DomainError,
  type LedgerEntry,
  type OperationContext,
  parseWithKeys,
  planRenewal,
  planRepayment,
  planReversal,
  type Renewal,
  type RepaymentRequest,
  type Result,
  renewalRequestEntries,
  repaymentRequestEntries,
  reversalRequestEntries,
} from "@chayong/domain";
import * as v from "valibot";
import type { Contract } from "../contracts/contract-labels";

/** The lender's money actions on a signed contract (docs/money.md). */
export type MoneyAction = "repayment" | "waiver" | "renewal";

/** What a money sheet's fields hold while the lender fills them in (money null while empty). */
const moneyFormSchema = v.object({
  instalmentIndex: v.nullable(v.number()),
  /** The repayment or waiver amount; unused for a renewal. */
  amount: v.nullable(v.number()),
  /** The day the repayment was received, or the renewal's new due date. */
  date: v.string(),
  reason: v.string(),
});

export type MoneyForm = v.InferInput<typeof moneyFormSchema>;

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
const formFieldOf = new Map<string, keyof MoneyForm>([
  ["instalmentIndex", "instalmentIndex"],
  ["repaymentAmount", "amount"],
  ["waiverAmount", "amount"],
  ["receivedOn", "date"],
  ["newDueDate", "date"],
  ["reason", "reason"],
]);

/** The form field a domain or server problem is about; null when it is about none. */
export function fieldOf(field: string): keyof MoneyForm | null {
  return formFieldOf.get(field) ?? null;
}

const reasonOf = (form: MoneyForm) => (form.reason.trim() === "" ? {} : { reason: form.reason });
const instalmentOf = (form: MoneyForm) =>
  form.instalmentIndex === null ? {} : { instalmentIndex: form.instalmentIndex };

/** A repayment or waiver as typed: fields left empty are left out (the domain says what is missing). */
function repaymentOf(action: "repayment" | "waiver", form: MoneyForm): RepaymentRequest {
  const amount = form.amount ? form.amount : undefined;
  return action === "waiver"
    ? { ...instalmentOf(form), ...(amount ? { waiverAmount: amount } : {}), ...reasonOf(form) }
    : {
        ...instalmentOf(form),
        ...(amount ? { repaymentAmount: amount } : {}),
        ...(form.date ? { receivedOn: form.date } : {}),
        ...reasonOf(form),
      };
}

/** A renewal as typed. */
function renewalOf(form: MoneyForm): Renewal {
  return { ...instalmentOf(form), newDueDate: form.date, ...reasonOf(form) };
}

const repaymentFieldsSchema = v.strictObject(repaymentRequestEntries, "common.invalidValue");
const renewalFieldsSchema = v.strictObject(renewalRequestEntries, "common.invalidValue");

/**
 * What a sheet sends (the SDK call adds the contract id and the idempotency key): the contract
 * update's fields for a repayment or a waiver, the renewal's for a renewal, by the domain's
 * request entries.
 */
export type MoneyRequest =
  | { action: "repayment" | "waiver"; fields: v.InferOutput<typeof repaymentFieldsSchema> }
  | { action: "renewal"; fields: v.InferOutput<typeof renewalFieldsSchema> };

/** The request of an action made of the form. */
export function moneyRequestSchema(action: MoneyAction): v.GenericSchema<MoneyForm, MoneyRequest> {
  return action === "renewal"
    ? v.pipe(
        moneyFormSchema,
        v.transform(renewalOf),
        renewalFieldsSchema,
        v.transform((fields) => ({ action, fields })),
      )
    : v.pipe(
        moneyFormSchema,
        v.transform((form) => repaymentOf(action, form)),
        repaymentFieldsSchema,
        v.transform((fields) => ({ action, fields })),
      );
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
    currency: contract.currency,
    status: contract.status,
    ledger,
    actorId: "",
    today,
  };
}

/**
 * What the server would refuse, checked first with its rules: the request's fields, then the
 * plan against the contract and its ledger (`planRepayment` / `planRenewal`).
 */
export function moneyProblems(
  action: MoneyAction,
  form: MoneyForm,
  context: OperationContext,
): DomainError[] {
  if (action === "renewal") {
    const renewal = renewalOf(form);
    return [
      ...problemsOf(parseWithKeys(renewalFieldsSchema, renewal)),
      ...problemsOf(planRenewal(context, renewal)),
    ];
  }
  const repayment = repaymentOf(action, form);
  return [
    ...problemsOf(parseWithKeys(repaymentFieldsSchema, repayment)),
    ...problemsOf(planRepayment(context, repayment)),
  ];
}

/** The reason of a reversal (required) with the entry it reverses, by the domain's entries. */
export function reversalRequestSchema(entryId: string) {
  return v.pipe(
    v.object({ reason: v.string() }),
    v.transform(({ reason }) => ({ entryId, reason })),
    v.strictObject(reversalRequestEntries, "common.invalidValue"),
  );
}

/** A reversal checked by the domain before it is sent. */
export function reversalProblems(
  entryId: string,
  reason: string,
  context: OperationContext,
): DomainError[] {
  return problemsOf(planReversal(context, { entryId, reason }));
}

function problemsOf(result: Result<unknown>): DomainError[] {
  return result.ok ? [] : result.errors;
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
