import * as v from "valibot";
import { textField } from "../text";

// The request fields the ledger operations share (repayment, renewal, reversal).

export const maxReasonLength = 500;

/** Why an entry was written: optional on a repayment, waiver or renewal; several lines allowed. */
export const reasonField = v.optional(
  v.nullable(textField({ maxLength: maxReasonLength, multiline: true })),
);

/* @__NO_SIDE_EFFECTS__ */
export function instalmentIndexField(
  requiredKey: "operation.instalment.required" | "renewal.instalment.required",
) {
  return v.pipe(v.number(requiredKey), v.integer(requiredKey), v.minValue(1, requiredKey));
}
