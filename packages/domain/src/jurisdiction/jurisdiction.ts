import * as v from "valibot";

/** Where a lender does business: decides the currency, the legal cap and the default phone region. */
export type Jurisdiction = "KR" | "TW";
export type Currency = "KRW" | "TWD";

export const jurisdictions = ["KR", "TW"] as const satisfies readonly Jurisdiction[];
export const currencies = ["KRW", "TWD"] as const satisfies readonly Currency[];

export const jurisdictionSchema = v.picklist(jurisdictions, "common.invalidValue");
export const currencySchema = v.picklist(currencies, "common.invalidValue");

/** Currency follows the lender's jurisdiction (docs/money.md#amounts-and-dates). Both have no minor unit in use. */
export function currencyOf(jurisdiction: Jurisdiction): Currency {
  return jurisdiction === "TW" ? "TWD" : "KRW";
}

/** The default business time zone of a jurisdiction (docs/roles.md#lender-profile); a lender profile may differ. */
export function defaultTimeZoneOf(jurisdiction: Jurisdiction): string {
  return jurisdiction === "TW" ? "Asia/Taipei" : "Asia/Seoul";
}
