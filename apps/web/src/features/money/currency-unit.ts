import type { Currency } from "@chayong/domain";
import type { I18n } from "@lingui/core";

/**
 * The unit a money field shows after an amount, in the reader's language: the contract's
 * currency, never the reader's (a Korean loan read in Chinese is still in won: 韓元).
 */
export function currencyUnit(currency: Currency, _: I18n["_"]): string {
  return _(currency === "TWD" ? "money.unit.TWD" : "money.unit.KRW");
}
