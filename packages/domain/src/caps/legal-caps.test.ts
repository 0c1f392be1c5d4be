import { describe, expect, it } from "vitest";
import { checkLegalCap, displayRefusedRate, legalCapFor, legalCaps } from "./legal-caps";

describe("legal caps", () => {
  it.each([
    ["KR", "2021-07-07", 20],
    ["KR", "2021-07-06", 24],
    ["KR", "2030-01-01", 20],
    ["TW", "2021-07-20", 16],
    ["TW", "2021-07-19", 20],
    ["TW", "2026-05-01", 16],
  ] as const)("%s on %s is %s%%", (jurisdiction, on, rate) => {
    expect(legalCapFor(jurisdiction, on).ratePercent).toBe(rate);
  });

  it("uses the earliest known cap before the table starts", () => {
    expect(legalCapFor("KR", "2000-01-01").ratePercent).toBe(24);
  });

  it("dates and sources every row", () => {
    for (const cap of legalCaps) {
      expect(cap.since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(cap.source.length).toBeGreaterThan(10);
    }
  });

  it("lets exactly the cap pass, with floating-point noise, and refuses anything above", () => {
    expect(checkLegalCap(20, "KR", "2025-01-01").allowed).toBe(true);
    expect(checkLegalCap(20.000000000001, "KR", "2025-01-01").allowed).toBe(true);
    expect(checkLegalCap(20.00001, "KR", "2025-01-01")).toMatchObject({
      allowed: false,
      ratePercent: 20.00001,
      cap: { ratePercent: 20 },
    });
    expect(checkLegalCap(16.01, "TW", "2025-01-01").allowed).toBe(false);
  });

  it("shows a refused rate to 2 decimals, never reading as the cap itself", () => {
    expect(displayRefusedRate(20.00001, 20)).toBe(20.01);
    expect(displayRefusedRate(20.004, 20)).toBe(20.01);
    expect(displayRefusedRate(21.111111, 20)).toBe(21.11);
    expect(displayRefusedRate(21.116, 20)).toBe(21.12);
    expect(displayRefusedRate(21.6, 20)).toBe(21.6);
    expect(displayRefusedRate(16.001, 16)).toBe(16.01);
  });
});
