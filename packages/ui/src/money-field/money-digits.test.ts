import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  caretAfterDigits,
  digitsBefore,
  formatMoneyDigits,
  parseMoneyDigits,
} from "./money-digits";

describe("money digits", () => {
  it("formats with thousands separators in both locales", () => {
    expect(formatMoneyDigits(1234567, "ko-KR")).toBe("1,234,567");
    expect(formatMoneyDigits(1234567, "zh-TW")).toBe("1,234,567");
    expect(formatMoneyDigits(0)).toBe("0");
  });

  it("keeps only the integer part of what is typed or pasted", () => {
    expect(parseMoneyDigits("1,000,000")).toEqual({ kind: "value", value: 1000000 });
    expect(parseMoneyDigits("₩ 2,500원")).toEqual({ kind: "value", value: 2500 });
    expect(parseMoneyDigits("1000.75")).toEqual({ kind: "value", value: 1000 });
    expect(parseMoneyDigits("007")).toEqual({ kind: "value", value: 7 });
    expect(parseMoneyDigits("")).toEqual({ kind: "empty" });
    expect(parseMoneyDigits("abc")).toEqual({ kind: "empty" });
  });

  it("refuses amounts over the maximum", () => {
    expect(parseMoneyDigits("1,001", 1000)).toEqual({ kind: "too-large" });
    expect(parseMoneyDigits("99999999999999999999")).toEqual({ kind: "too-large" });
  });

  it("round-trips every safe integer through format and parse", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (value) => {
        const parsed = parseMoneyDigits(formatMoneyDigits(value));
        expect(parsed).toEqual({ kind: "value", value });
      }),
    );
  });

  it("maps the caret by digits, not characters", () => {
    // "1234|" typed -> "1,234|"
    expect(caretAfterDigits("1,234", digitsBefore("1234", 4))).toBe(5);
    // caret after the first digit of "12,345" stays after it in "123,456"
    expect(caretAfterDigits("123,456", digitsBefore("12,345", 1))).toBe(1);
    expect(caretAfterDigits("1,000", 0)).toBe(0);
  });
});
