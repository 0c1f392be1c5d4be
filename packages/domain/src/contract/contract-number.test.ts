import { describe, expect, it } from "vitest";
import { contractNumberPattern, formatContractNumber } from "./contract-number";

describe("formatContractNumber", () => {
  it("writes the year and six digits of the lender's sequence", () => {
    expect(formatContractNumber(2026, 123)).toBe("C-2026-000123");
    expect(formatContractNumber(2027, 1)).toBe("C-2027-000001");
  });

  it("keeps every digit past a million instead of cutting them", () => {
    expect(formatContractNumber(2026, 1_234_567)).toBe("C-2026-1234567");
    expect(contractNumberPattern.test("C-2026-1234567")).toBe(true);
  });
});
