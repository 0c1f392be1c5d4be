import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { mobilePhoneSchema, normalizePhone, phoneSchema } from "./phone";

describe("normalizePhone", () => {
  it.each([
    ["010-1234-5678", "KR", "+821012345678"],
    ["01012345678", "KR", "+821012345678"],
    [" +82 10 1234 5678 ", "KR", "+821012345678"],
    ["02-312-3456", "KR", "+8223123456"],
    ["0912-345-678", "TW", "+886912345678"],
    ["+886 912 345 678", "KR", "+886912345678"],
    // A Taiwanese national number typed for a Korean lender: read in the other region.
    ["0912345678", "KR", "+886912345678"],
  ] as const)("%s (%s) -> %s", (input, jurisdiction, expected) => {
    expect(normalizePhone(input, jurisdiction)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ["", "phone.required"],
    ["   ", "phone.required"],
    ["010123", "phone.invalid"],
    ["hello", "phone.invalid"],
    ["+14155552671", "phone.invalid"], // valid, but not a KR/TW number
  ])("refuses %j with %s", (input, key) => {
    const result = normalizePhone(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.key).toBe(key);
  });

  it("requires a mobile number when asked (SMS login, borrower phone)", () => {
    const result = normalizePhone("02-312-3456", "KR", { mobile: true });
    expect(result.ok ? null : result.errors[0]?.key).toBe("phone.notMobile");
    expect(normalizePhone("010-1234-5678", "KR", { mobile: true }).ok).toBe(true);
  });

  it("gives valibot fields that output E.164", () => {
    expect(v.parse(phoneSchema, "010 1234 5678")).toBe("+821012345678");
    expect(v.safeParse(phoneSchema, "").issues?.[0]?.message).toBe("phone.required");
    expect(v.safeParse(mobilePhoneSchema, "0231234567").issues?.[0]?.message).toBe(
      "phone.notMobile",
    );
  });
});
