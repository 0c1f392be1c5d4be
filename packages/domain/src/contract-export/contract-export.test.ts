import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { contractExportFileName, contractExportKindSchema } from "./contract-export";

describe("contract export", () => {
  it("names each file after what it holds and the day it was made", () => {
    expect(contractExportFileName("contracts", "2026-11-23")).toBe(
      "chayong-contracts-2026-11-23.csv",
    );
    expect(contractExportFileName("schedule", "2026-01-05")).toBe(
      "chayong-schedule-2026-01-05.csv",
    );
    expect(contractExportFileName("ledger", "2026-01-05")).toBe("chayong-ledger-2026-01-05.csv");
  });

  it("knows the three kinds and nothing else", () => {
    expect(v.is(contractExportKindSchema, "ledger")).toBe(true);
    expect(v.is(contractExportKindSchema, "customers")).toBe(false);
  });
});
