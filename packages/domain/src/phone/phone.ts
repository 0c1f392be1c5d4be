import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import * as v from "valibot";
import type { Jurisdiction } from "../jurisdiction";
import type { MessageKey } from "../messages";
import { domainError, errorKinds, fail, ok, type Result } from "../result";
import { textField } from "../text";
import { maxPhoneInputLength } from "./input-length";

/** The regions whose numbers the product accepts (docs/login.md#phone-numbers: KR for 82, TW for 886). */
const supportedRegions = ["KR", "TW"] as const;

export interface NormalizePhoneOptions {
  /** Require a number that can receive SMS (login and borrower phones). */
  mobile?: boolean;
}

/**
 * Validates a KR or TW phone number and returns it in E.164 (`+821012345678`).
 * National numbers are read in the jurisdiction's region first (KR by default), then in the
 * other supported region, so a Taiwanese `0912345678` typed for a Korean lender still works.
 * Full metadata ("max") is used so the number's type is known, not only its length.
 */
export function normalizePhone(
  input: string,
  jurisdiction: Jurisdiction = "KR",
  options: NormalizePhoneOptions = {},
): Result<string> {
  const trimmed = typeof input === "string" ? input.trim() : "";
  if (trimmed === "") return fail(domainError(errorKinds.validation, "phone.required"));
  const regions = [jurisdiction, ...supportedRegions.filter((r) => r !== jurisdiction)];
  let problem: MessageKey = "phone.invalid";
  for (const region of regions) {
    const parsed = parsePhoneNumberFromString(trimmed, region);
    if (!parsed?.isValid() || !supportedRegions.includes(parsed.country as Jurisdiction)) continue;
    const type = parsed.getType();
    if (options.mobile && type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") {
      problem = "phone.notMobile";
      continue;
    }
    return ok(parsed.number);
  }
  return fail(domainError(errorKinds.validation, problem));
}

export { maxPhoneInputLength };

/**
 * A valibot phone field: trims, requires (with `requiredKey`), validates and outputs E.164.
 * Invalid numbers report `phone.invalid` (or `phone.notMobile`). Marked free of side effects
 * so a bundler drops the schemas built with it (and libphonenumber) where nothing uses them.
 */
/* @__NO_SIDE_EFFECTS__ */
export function phoneField(
  requiredKey: MessageKey = "phone.required",
  jurisdiction: Jurisdiction = "KR",
  options: NormalizePhoneOptions = {},
) {
  return v.pipe(
    textField({ requiredKey, maxLength: maxPhoneInputLength }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const result = normalizePhone(dataset.value, jurisdiction, options);
      if (result.ok) return result.value;
      addIssue({ message: result.errors[0]?.key ?? "phone.invalid" });
      return NEVER;
    }),
  );
}

/** Any valid KR/TW number, as E.164. */
export const phoneSchema = /* @__PURE__ */ phoneField();
/** A KR/TW number that can receive SMS, as E.164. */
export const mobilePhoneSchema = /* @__PURE__ */ phoneField("phone.required", "KR", {
  mobile: true,
});
