import * as v from "valibot";
import type { Contract } from "../contract";
import { type CalendarDate, calendarDateField } from "../dates";
import { parseIdNumber } from "../identity";
import type { MessageKey } from "../messages";
import { type Money, moneyField } from "../money";
import { phoneField } from "../phone";
import { type DomainError, domainError, errorKinds, ok, type Result } from "../result";
import { textField, tokenField } from "../text";
import { parseWithKeys } from "../validation";
import {
  emptySharedDebtSummary,
  type OfflineLoanState,
  offlineLoanStates,
  type SharedDebtSummary,
} from "./summary";

const maxRemarkLength = 200;

/** A KR or TW ID number, required, in canonical form. */
const idNumberField = v.pipe(
  textField({ requiredKey: "sharedDebt.idNumber.required", maxLength: 32 }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = parseIdNumber(dataset.value);
    if (parsed) return parsed.normalized;
    addIssue({ message: "identity.idNumber.invalid" });
    return NEVER;
  }),
);

/**
 * Shared-debt query (docs/validation.md#shared-debt-query): phone and ID number required, bank card and
 * remark optional. Phone comes out in E.164, the ID number in canonical form.
 */
export const sharedDebtQuerySchema = v.strictObject(
  {
    phone: /* @__PURE__ */ phoneField("sharedDebt.phone.required"),
    idNumber: idNumberField,
    bankCard: v.optional(
      v.pipe(
        textField({ maxLength: 40 }),
        v.transform((value) => value.replace(/[\s-]/g, "")),
        v.regex(/^(\d{10,19})?$/, "sharedDebt.bankCard.invalid"),
      ),
    ),
    remark: v.optional(textField({ maxLength: maxRemarkLength, multiline: true })),
  },
  "common.invalidValue",
);

export type SharedDebtQuery = v.InferOutput<typeof sharedDebtQuerySchema>;

/**
 * The terms of a loan made outside the app, as the lender reports or corrects them
 * (docs/customers.md, "Shared-debt lookup"): the field shapes. The rules between the fields and
 * against today are in `validateOfflineLoanRecord` / `validateOfflineLoanCorrection`.
 */
const offlineLoanTermsEntries = {
  amount: v.pipe(
    moneyField("offlineLoan.amount.required"),
    v.minValue(1, "offlineLoan.amount.notPositive"),
  ),
  /** What is still owed; left out, the whole amount (nothing once settled). */
  outstandingAmount: v.optional(moneyField("common.invalidValue")),
  loanDate: calendarDateField("offlineLoan.loanDate.required"),
  state: v.picklist(offlineLoanStates, "offlineLoan.state.required"),
};

/** The small lender form for a loan made outside the app: person, amount, date, state. */
export const offlineLoanRecordSchema = v.strictObject(
  {
    phone: /* @__PURE__ */ phoneField("sharedDebt.phone.required"),
    idNumber: idNumberField,
    ...offlineLoanTermsEntries,
  },
  "common.invalidValue",
);

/**
 * A correction of one of the lender's own reports: the terms, all of them again. The person
 * cannot change: a report about the wrong person is withdrawn and filed again.
 */
export const offlineLoanCorrectionSchema = v.strictObject(
  { id: tokenField("common.invalidValue"), ...offlineLoanTermsEntries },
  "common.invalidValue",
);

/** The terms of an offline loan, checked and complete (what is owed always stated). */
export interface OfflineLoanTerms {
  amount: Money;
  /** What is still owed: 0 once settled. */
  outstandingAmount: Money;
  loanDate: CalendarDate;
  state: OfflineLoanState;
}

/** A checked report: the person (E.164 phone, canonical ID number) and the terms. */
export interface OfflineLoanRecord extends OfflineLoanTerms {
  phone: string;
  idNumber: string;
}

/** A checked correction of report `id`. */
export interface OfflineLoanCorrection extends OfflineLoanTerms {
  id: string;
}

/** Which day it is for the reporting lender (his business time zone): loans are never ahead. */
export interface OfflineLoanContext {
  today: CalendarDate;
}

type ParsedTerms = Omit<OfflineLoanTerms, "outstandingAmount"> & { outstandingAmount?: Money };

/**
 * The rules between the terms and against today (docs/customers.md): what is still owed is never
 * more than the amount, nothing once settled, something while the loan runs (a loan that owes
 * nothing is settled); the loan date is not after today. Reported on the field to fix.
 */
function termsErrors(terms: Partial<ParsedTerms>, ctx: OfflineLoanContext): DomainError[] {
  const errors: DomainError[] = [];
  const { amount, outstandingAmount: owed, state, loanDate } = terms;
  if (owed !== undefined && amount !== undefined && state !== undefined) {
    const key: MessageKey | null =
      owed > amount
        ? "offlineLoan.outstanding.exceedsAmount"
        : state === "settled" && owed !== 0
          ? "offlineLoan.outstanding.notZeroWhenSettled"
          : state !== "settled" && owed === 0
            ? "offlineLoan.outstanding.zeroWhileOwed"
            : null;
    if (key) errors.push(domainError(errorKinds.validation, key, "outstandingAmount"));
  }
  if (loanDate !== undefined && loanDate > ctx.today) {
    errors.push(domainError(errorKinds.validation, "offlineLoan.loanDate.future", "loanDate"));
  }
  return errors;
}

/** The terms as stored: what is owed filled in when the lender left it out. */
function completeTerms(terms: ParsedTerms): OfflineLoanTerms {
  return {
    amount: terms.amount,
    outstandingAmount: terms.state === "settled" ? 0 : (terms.outstandingAmount ?? terms.amount),
    loanDate: terms.loanDate,
    state: terms.state,
  };
}

/**
 * Every rule on a whole input: field shapes first (every field's problem), then, when the fields
 * they read are sound, the rules between them and against today.
 */
function validateWith<TSchema extends v.GenericSchema<unknown, ParsedTerms>, TOut>(
  schema: TSchema,
  input: unknown,
  ctx: OfflineLoanContext,
  complete: (parsed: v.InferOutput<TSchema>) => TOut,
): Result<TOut> {
  const parsed = parseWithKeys(schema, input);
  if (!parsed.ok) {
    // The rules between the terms still speak for the fields that are sound: the form shows
    // every problem at once. Each rule reads only fields that passed their own checks.
    const failed = new Set(parsed.errors.map((error) => error.field));
    const raw = (typeof input === "object" && input !== null ? input : {}) as Record<
      string,
      unknown
    >;
    const sound: Partial<ParsedTerms> = {};
    for (const field of ["amount", "outstandingAmount", "loanDate", "state"] as const) {
      if (!failed.has(field) && raw[field] !== undefined) {
        (sound as Record<string, unknown>)[field] = raw[field];
      }
    }
    return { ok: false, errors: [...parsed.errors, ...termsErrors(sound, ctx)] };
  }
  const errors = termsErrors(parsed.value, ctx);
  return errors.length > 0 ? { ok: false, errors } : ok(complete(parsed.value));
}

/** A report of a loan made outside the app, by every rule (the server runs the same). */
export function validateOfflineLoanRecord(
  input: unknown,
  ctx: OfflineLoanContext,
): Result<OfflineLoanRecord> {
  return validateWith(offlineLoanRecordSchema, input, ctx, (parsed) => ({
    phone: parsed.phone,
    idNumber: parsed.idNumber,
    ...completeTerms(parsed),
  }));
}

/** A correction of a report's terms, by every rule (the server runs the same). */
export function validateOfflineLoanCorrection(
  input: unknown,
  ctx: OfflineLoanContext,
): Result<OfflineLoanCorrection> {
  return validateWith(offlineLoanCorrectionSchema, input, ctx, (parsed) => ({
    id: parsed.id,
    ...completeTerms(parsed),
  }));
}

/**
 * The offline figures from reported records: every record counts as signed; settled ones add
 * their amount to settledAmount; in-transit and overdue ones add what is still owed (their
 * outstanding amount, or the whole amount when none was reported) to inTransitAmount.
 */
export function summarizeOfflineLoans(
  records: readonly Pick<OfflineLoanRecord, "amount" | "outstandingAmount" | "state">[],
): SharedDebtSummary {
  const summary = { ...emptySharedDebtSummary };
  for (const record of records) {
    summary.signedCount += 1;
    if (record.state === "settled") {
      summary.settledCount += 1;
      summary.settledAmount += record.amount;
    } else {
      summary.inTransitAmount +=
        record.outstandingAmount > 0 ? record.outstandingAmount : record.amount;
      if (record.state === "overdue") summary.overdueCount += 1;
    }
  }
  return summary;
}

/**
 * The online figures of a set of contracts (one lender's book, or every lender's contracts with
 * one borrower): signed contracts only; settled = type3/type5 with what was repaid on them;
 * in transit = what is outstanding on type4/type6; overdue = type4 now.
 */
export function summarizeOnlineDebt(
  contracts: readonly Pick<
    Contract,
    "status" | "cancelled" | "signedAt" | "repaidAmount" | "outstandingAmount"
  >[],
): SharedDebtSummary {
  const summary = { ...emptySharedDebtSummary };
  for (const contract of contracts) {
    if (contract.cancelled || contract.signedAt === null) continue;
    summary.signedCount += 1;
    if (contract.status === "type3" || contract.status === "type5") {
      summary.settledCount += 1;
      summary.settledAmount += contract.repaidAmount;
    } else {
      summary.inTransitAmount += contract.outstandingAmount;
      if (contract.status === "type4") summary.overdueCount += 1;
    }
  }
  return summary;
}
