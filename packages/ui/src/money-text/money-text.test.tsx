import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatMoney, MoneyText } from "./money-text";

describe("MoneyText", () => {
  it("formats won and NT dollars without decimals", () => {
    expect(formatMoney(1500000, "KRW")).toBe("₩1,500,000");
    expect(formatMoney(1500000, "TWD")).toBe("NT$1,500,000");
    expect(formatMoney(-2500, "TWD", { signed: true })).toBe("-NT$2,500");
    expect(formatMoney(1500000, "TWD", { locale: "ko-KR" })).toBe("NT$1,500,000");
    expect(formatMoney(1500000, "TWD", { display: "code" })).toMatch(/^TWD\s1,500,000$/);
    expect(formatMoney(2500, "KRW", { signed: true })).toBe("+₩2,500");
  });

  it("refuses a fractional amount", () => {
    expect(() => formatMoney(10.5, "KRW")).toThrow(RangeError);
  });

  it("marks negative amounts", () => {
    render(<MoneyText amount={-3000} currency="KRW" />);
    const text = screen.getByText("-₩3,000");
    expect(text.className).toContain("cy-money-text--negative");
  });
});
