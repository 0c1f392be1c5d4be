import { describe, expect, it } from "vitest";
import { contractPdfFileName } from "./contract-pdf";

describe("contractPdfFileName", () => {
  it("names the file after the contract number, in ASCII only", () => {
    expect(contractPdfFileName("C-2026-000123")).toBe("chayong-contract-C-2026-000123.pdf");
    expect(contractPdfFileName('계약 "1"/2')).toBe("chayong-contract-____1__2.pdf");
  });
});
