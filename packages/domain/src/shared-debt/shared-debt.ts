import * as v from "valibot";
import type { Contract } from "../contract";
import { calendarDateField } from "../dates";
import { parseIdNumber } from "../identity";
import { moneyField } from "../money";
import { phoneField } from "../phone";
import { textField } from "../text";
import { emptySharedDebtSummary, type SharedDebtSummary } from "./summary";

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
 * Shared-debt query (spec §3, §5; decisions §6): phone and ID number required, bank card and
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
        v.regex(/^(\d{10,19})?$/, "common.invalidValue"),
      ),
    ),
    remark: v.optional(textField({ maxLength: maxRemarkLength, multiline: true })),
  },
  "common.invalidValue",
);

export type SharedDebtQuery = v.InferOutput<typeof sharedDebtQuerySchema>;

/** State of a loan reported from outside the app (decisions §6). */
export const offlineLoanStates = ["inTransit", "overdue", "settled"] as const;
export type OfflineLoanState = (typeof offlineLoanStates)[number];

/** The small lender form for a loan made outside the app: person, amount, date, state. */
export const offlineLoanRecordSchema = v.strictObject(
  {
    phone: /* @__PURE__ */ phoneField("sharedDebt.phone.required"),
    idNumber: idNumberField,
    amount: v.pipe(
      moneyField("operation.amount.required"),
      v.minValue(1, "operation.amount.notPositive"),
    ),
    /** What is still owed (0 once settled). */
    outstandingAmount: v.optional(moneyField("common.invalidValue"), 0),
    loanDate: calendarDateField("common.pleaseSelect"),
    state: v.picklist(offlineLoanStates, "common.pleaseSelect"),
  },
  "common.invalidValue",
);

export type OfflineLoanRecord = v.InferOutput<typeof offlineLoanRecordSchema>;

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
