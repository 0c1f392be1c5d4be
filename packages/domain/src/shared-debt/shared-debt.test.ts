import * as v from "valibot";
import { describe, expect, it } from "vitest";
import type { MessageKey } from "../messages";
import { parseWithKeys } from "../validation";
import {
  offlineLoanRecordSchema,
  sharedDebtQuerySchema,
  summarizeOfflineLoans,
  summarizeOnlineDebt,
  validateOfflineLoanCorrection,
  validateOfflineLoanRecord,
} from "./shared-debt";
import { offlineLoanReportSchema } from "./summary";

describe("sharedDebtQuerySchema (docs/validation.md#shared-debt-query)", () => {
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
      "sharedDebt.bankCard.invalid",
      "bankCard",
    ],
    [
      "bank card too short",
      { phone: "01012345678", idNumber: "900101-1234567", bankCard: "1234" },
      "sharedDebt.bankCard.invalid",
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

  it("validates an offline loan record's fields", () => {
    const result = parseWithKeys(offlineLoanRecordSchema, {
      phone: "0912345678",
      idNumber: "A123456789",
      amount: 0,
      loanDate: "2025-02-30",
      state: "lost",
    });
    expect(result.ok ? [] : result.errors.map((e) => [e.key, e.field])).toEqual([
      ["offlineLoan.amount.notPositive", "amount"],
      // A value came, but it is no day: not "required".
      ["common.invalidValue", "loanDate"],
      ["offlineLoan.state.required", "state"],
    ]);
  });
});

describe("offline loan reports and corrections (docs/customers.md)", () => {
  const ctx = { today: "2026-03-02" };
  const report = {
    phone: "010-1234-5678",
    idNumber: "9001011234567",
    amount: 500_000,
    outstandingAmount: 200_000,
    loanDate: "2026-01-10",
    state: "inTransit",
  };
  const problems = (result: { ok: boolean; errors?: { key: string; field?: string }[] }) =>
    result.ok ? [] : (result.errors ?? []).map((e) => [e.key, e.field]);

  it("normalises a sound report", () => {
    expect(validateOfflineLoanRecord(report, ctx)).toEqual({
      ok: true,
      value: { ...report, phone: "+821012345678", idNumber: "900101-1234567" },
    });
  });

  it("fills in what is owed when it is left out: the whole amount, or nothing once settled", () => {
    const { outstandingAmount: _left, ...withoutOwed } = report;
    const running = validateOfflineLoanRecord(withoutOwed, ctx);
    expect(running.ok && running.value.outstandingAmount).toBe(500_000);
    const settled = validateOfflineLoanRecord({ ...withoutOwed, state: "settled" }, ctx);
    expect(settled.ok && settled.value.outstandingAmount).toBe(0);
  });

  it.each<[string, Record<string, unknown>, MessageKey, string]>([
    [
      "owed above the amount",
      { outstandingAmount: 500_001 },
      "offlineLoan.outstanding.exceedsAmount",
      "outstandingAmount",
    ],
    [
      "settled but still owed",
      { state: "settled" },
      "offlineLoan.outstanding.notZeroWhenSettled",
      "outstandingAmount",
    ],
    [
      "running but nothing owed",
      { state: "overdue", outstandingAmount: 0 },
      "offlineLoan.outstanding.zeroWhileOwed",
      "outstandingAmount",
    ],
    ["lent tomorrow", { loanDate: "2026-03-03" }, "offlineLoan.loanDate.future", "loanDate"],
    ["amount missing", { amount: undefined }, "offlineLoan.amount.required", "amount"],
    ["amount with a fraction", { amount: 1000.5 }, "money.notInteger", "amount"],
    ["negative owed", { outstandingAmount: -1 }, "money.negative", "outstandingAmount"],
    ["amount beyond money", { amount: 2 ** 53 }, "money.tooLarge", "amount"],
    ["state missing", { state: undefined }, "offlineLoan.state.required", "state"],
    ["date missing", { loanDate: "" }, "offlineLoan.loanDate.required", "loanDate"],
  ])("%s -> %s", (_name, patch, key, field) => {
    expect(problems(validateOfflineLoanRecord({ ...report, ...patch }, ctx))).toContainEqual([
      key,
      field,
    ]);
  });

  it("checks each rule between the terms as soon as the fields it reads are sound", () => {
    expect(
      problems(
        validateOfflineLoanRecord(
          { phone: "", amount: 500_000, outstandingAmount: 900_000, state: "inTransit" },
          ctx,
        ),
      ),
    ).toEqual([
      ["sharedDebt.phone.required", "phone"],
      ["sharedDebt.idNumber.required", "idNumber"],
      ["offlineLoan.loanDate.required", "loanDate"],
      ["offlineLoan.outstanding.exceedsAmount", "outstandingAmount"],
    ]);
    expect(
      problems(validateOfflineLoanRecord({ ...report, amount: 0, loanDate: "2030-01-01" }, ctx)),
    ).toEqual([
      ["offlineLoan.amount.notPositive", "amount"],
      ["offlineLoan.loanDate.future", "loanDate"],
    ]);
  });

  it("accepts today's loans and reports a cross-field problem beside another field's", () => {
    expect(validateOfflineLoanRecord({ ...report, loanDate: "2026-03-02" }, ctx).ok).toBe(true);
    expect(
      problems(
        validateOfflineLoanRecord({ ...report, phone: "12", outstandingAmount: 600_000 }, ctx),
      ),
    ).toEqual([
      ["phone.invalid", "phone"],
      ["offlineLoan.outstanding.exceedsAmount", "outstandingAmount"],
    ]);
  });

  it("corrects the terms of a report by id, never its person", () => {
    const correction = {
      id: "AbCdEf0123456789",
      amount: 400_000,
      loanDate: "2026-01-11",
      state: "overdue",
    };
    expect(validateOfflineLoanCorrection(correction, ctx)).toEqual({
      ok: true,
      value: { ...correction, outstandingAmount: 400_000 },
    });
    expect(
      problems(validateOfflineLoanCorrection({ ...correction, phone: "010-1234-5678" }, ctx)),
    ).toEqual([["common.unknownField", "phone"]]);
    expect(
      problems(validateOfflineLoanCorrection({ ...correction, loanDate: "2027-01-01" }, ctx)),
    ).toEqual([["offlineLoan.loanDate.future", "loanDate"]]);
  });

  it("reads a report back without the person's number", () => {
    const stored = {
      id: "r1",
      phone: "+821012345678",
      amount: 500_000,
      outstandingAmount: 200_000,
      loanDate: "2026-01-10",
      state: "inTransit",
      createdAt: "2026-03-02T01:00:00.000Z",
    };
    expect(v.parse(offlineLoanReportSchema, stored)).toEqual(stored);
    expect(v.safeParse(offlineLoanReportSchema, { ...stored, state: "lost" }).success).toBe(false);
  });
});
