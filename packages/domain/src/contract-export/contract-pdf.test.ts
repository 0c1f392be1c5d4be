import { describe, expect, it } from "vitest";
import { contractPdfFileName, statementPdfFileName } from "./contract-pdf";

describe("contractPdfFileName", () => {
  it("names the file after the contract number, in ASCII only", () => {
    expect(contractPdfFileName("C-2026-000123")).toBe("chayong-contract-C-2026-000123.pdf");
    expect(contractPdfFileName('계약 "1"/2')).toBe("chayong-contract-____1__2.pdf");
  });
});

describe("statementPdfFileName", () => {
  it("names the file after the contract number and the day, in ASCII only", () => {
    expect(statementPdfFileName("C-2026-000123", "2026-06-02")).toBe(
      "chayong-statement-C-2026-000123-2026-06-02.pdf",
    );
    expect(statementPdfFileName("계약 1", "2026-06-02")).toBe(
      "chayong-statement-___1-2026-06-02.pdf",
    );
  });
});
