import { describe, expect, it } from "vitest";
import type { MessageKey } from "../messages";
import { parseWithKeys } from "../validation";
import {
  offlineLoanRecordSchema,
  sharedDebtQuerySchema,
  summarizeOfflineLoans,
  summarizeOnlineDebt,
} from "./shared-debt";

describe("sharedDebtQuerySchema (spec §5)", () => {
  it.each<[string, unknown, MessageKey, string]>([
    ["phone missing", { idNumber: "900101-1234567" }, "sharedDebt.phone.required", "phone"],
    ["ID number missing", { phone: "01012345678" }, "sharedDebt.idNumber.required", "idNumber"],
    [
      "ID number invalid",
      { phone: "01012345678", idNumber: "12" },
      "identity.idNumber.invalid",
      "idNumber",
    ],
    [
      "bank card malformed",
      { phone: "01012345678", idNumber: "900101-1234567", bankCard: "12ab" },
      "common.invalidValue",
      "bankCard",
    ],
  ])("%s -> %s", (_name, input, key, field) => {
    const result = parseWithKeys(sharedDebtQuerySchema, input);
    expect(result.ok ? [] : result.errors.map((e) => [e.key, e.field])).toContainEqual([
      key,
      field,
    ]);
  });

  it("makes bank card and remark optional and normalises the rest", () => {
    expect(
      parseWithKeys(sharedDebtQuerySchema, { phone: "010-1234-5678", idNumber: "9001011234567" }),
    ).toEqual({
      ok: true,
      value: { phone: "+821012345678", idNumber: "900101-1234567" },
    });
    const full = parseWithKeys(sharedDebtQuerySchema, {
      phone: "010-1234-5678",
      idNumber: "900101-1234567",
      bankCard: "1234-5678-9012-3456",
      remark: " before a 2nd loan ",
    });
    expect(full.ok && full.value).toMatchObject({
      bankCard: "1234567890123456",
      remark: "before a 2nd loan",
    });
  });
});

describe("shared-debt summaries", () => {
  it("sums the online book: signed only, settled vs in transit, overdue now", () => {
    const base = {
      cancelled: false,
      signedAt: "2025-01-01T00:00:00Z",
      repaidAmount: 0,
      outstandingAmount: 0,
    };
    expect(
      summarizeOnlineDebt([
        { ...base, status: "type5", repaidAmount: 1_080_000 },
        { ...base, status: "type3", repaidAmount: 500_000 },
        { ...base, status: "type6", repaidAmount: 100_000, outstandingAmount: 400_000 },
        { ...base, status: "type4", outstandingAmount: 300_000 },
        { ...base, status: "type1", signedAt: null, outstandingAmount: 999 },
        { ...base, status: "type2", cancelled: true, signedAt: null, outstandingAmount: 999 },
      ]),
    ).toEqual({
      signedCount: 4,
      settledCount: 2,
      settledAmount: 1_580_000,
      inTransitAmount: 700_000,
      overdueCount: 1,
    });
  });

  it("sums reported offline loans", () => {
    expect(
      summarizeOfflineLoans([
        { amount: 1_000_000, outstandingAmount: 0, state: "settled" },
        { amount: 500_000, outstandingAmount: 200_000, state: "inTransit" },
        { amount: 300_000, outstandingAmount: 0, state: "overdue" },
      ]),
    ).toEqual({
      signedCount: 3,
      settledCount: 1,
      settledAmount: 1_000_000,
      inTransitAmount: 500_000,
      overdueCount: 1,
    });
  });

  it("validates an offline loan record", () => {
    const result = parseWithKeys(offlineLoanRecordSchema, {
      phone: "0912345678",
      idNumber: "A123456789",
      amount: 0,
      loanDate: "2025-02-30",
      state: "lost",
    });
    expect(result.ok ? [] : result.errors.map((e) => [e.key, e.field])).toEqual([
      ["operation.amount.notPositive", "amount"],
      ["common.pleaseSelect", "loanDate"],
      ["common.pleaseSelect", "state"],
    ]);
  });
});
