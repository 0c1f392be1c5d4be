import { describe, expect, it } from "vitest";
import { formatMoney } from "./format-money";

describe("formatMoney", () => {
  it("writes won and NT dollars in whole units, NT$ in every language", () => {
    expect(formatMoney(1_500_000, "KRW")).toBe("₩1,500,000");
    expect(formatMoney(1_500_000, "TWD")).toBe("NT$1,500,000");
    expect(formatMoney(1_500_000, "TWD", { locale: "ko-KR" })).toBe("NT$1,500,000");
    expect(formatMoney(1_500_000, "TWD", { display: "code" })).toMatch(/^TWD\s1,500,000$/);
  });

  it("writes the won ₩ in Traditional Chinese too, not Intl's full-width ￦", () => {
    expect(formatMoney(1_500_000, "KRW", { locale: "zh-TW" })).toBe("₩1,500,000");
    expect(formatMoney(2_500, "KRW", { locale: "zh-TW", signed: true })).toBe("+₩2,500");
  });

  it("signs and shortens on request", () => {
    expect(formatMoney(2_500, "KRW", { signed: true })).toBe("+₩2,500");
    expect(formatMoney(-2_500, "TWD", { signed: true })).toBe("-NT$2,500");
    expect(formatMoney(1_234_567_890, "KRW", { compact: true })).toBe("₩12.3억");
    expect(formatMoney(1_234_567_890, "TWD", { compact: true })).toBe("NT$12.3億");
  });

  it("refuses a fractional amount", () => {
    expect(() => formatMoney(10.5, "KRW")).toThrow(RangeError);
  });
});
