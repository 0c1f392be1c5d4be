import * as v from "valibot";
import type { MessageKey } from "../messages";
import { missingOrInvalid } from "../validation";

/**
 * An amount in the currency's smallest unit (KRW won, TWD dollar), always a safe non-negative
 * integer (docs/money.md#amounts-and-dates). Floats, NaN, infinities, unsafe integers and negatives are refused.
 */
export type Money = number;

export function isMoney(value: unknown): value is Money {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/** Why a value is not money, or null when it is. */
export function moneyProblem(value: unknown): MessageKey | null {
  if (typeof value !== "number" || Number.isNaN(value)) return "common.invalidValue";
  if (!Number.isInteger(value)) return "money.notInteger";
  if (value < 0) return "money.negative";
  if (!Number.isSafeInteger(value)) return "money.tooLarge";
  return null;
}

/**
 * A money field. `requiredKey` is reported when the value is missing or null (the user left the
 * field empty), `invalidKey` (by default `common.invalidValue`, what `moneyProblem` says too)
 * when it is not a number (the text "1000000"); the `money.*` keys when it is a number that is
 * not money. Generic in the keys so a schema's type names its own keys, not every message key:
 * the SDK's endpoint table carries these types, and with the whole union in each money field it
 * outgrows what the compiler writes into a declaration file (TS7056).
 */
/* @__NO_SIDE_EFFECTS__ */
export function moneyField<
  const TKey extends MessageKey = "common.invalidValue",
  const TInvalid extends MessageKey = "common.invalidValue",
>(
  requiredKey: TKey = "common.invalidValue" as TKey,
  invalidKey: TInvalid = "common.invalidValue" as TInvalid,
) {
  return v.pipe(
    v.number(missingOrInvalid(requiredKey, invalidKey)),
    // A non-integer is reported before its sign, so -1.5 says "whole numbers only".
    v.integer("money.notInteger"),
    v.minValue(0, "money.negative"),
    v.maxValue(Number.MAX_SAFE_INTEGER, "money.tooLarge"),
  );
}

export const moneySchema = moneyField();

/** Adds amounts; null when the sum is no longer a safe integer (so it cannot be money). */
export function sumMoney(amounts: readonly Money[]): Money | null {
  let total = 0;
  for (const amount of amounts) {
    total += amount;
    if (!Number.isSafeInteger(total)) return null;
  }
  return total;
}
