import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { type LedgerEntry, replayLedger } from "../ledger";
import { contractSchema, type StoredContract, summarizeContract } from "./contract";
import { validateContractDraft } from "./draft";

const terms = (() => {
  const result = validateContractDraft(
    {
      name: "Kim Minsu loan",
      borrowerPhone: "010-1234-5678",
      loanAmount: 1_000_000,
      disbursedAmount: 900_000,
      loanDate: "2025-01-15",
      repaymentDate: "2026-01-15",
      instalment: false,
      instalmentAmount: 1_080_000,
      overdueRatePercent: 20,
      lender: "Kim Lender",
      merchantName: "Kim Finance",
      templateId: "tpl-1",
    },
    { jurisdiction: "KR", today: "2025-01-10" },
  );
  if (!result.ok) throw new Error("fixture draft must be valid");
  return result.value;
})();

const stored: StoredContract = {
  terms,
  id: "c-1",
  code: "Zx9/abc",
  number: "C-2026-000001",
  createdAt: "2025-01-10T01:00:00.000Z",
  openedAt: null,
  signedAt: null,
  cancelled: false,
  linkExpiresAt: "2025-01-17T01:00:00.000Z",
  reminders: true,
};

describe("summarizeContract", () => {
  it("answers an unsigned contract as type1 with nothing owed yet, even after its due date", () => {
    const contract = summarizeContract(stored, [], "2026-02-01");
    expect(contract).toMatchObject({
      status: "type1",
      type: "single",
      link: "#/pages/loans/sign?code=Zx9%2Fabc",
      outstandingAmount: 1_080_000,
      overdueAmount: 0,
      overdueInterest: 0,
      dueDate: "2026-01-15",
      templateId: "tpl-1",
      totalRepayable: 1_080_000,
      amountReceived: 900_000,
      effectiveAnnualRatePercent: 20,
    });
    expect(v.safeParse(contractSchema, contract).success).toBe(true);
  });

  it("says what signing today would owe at once when the due date has passed", () => {
    // 17 days past 2026-01-15 on 1,080,000 at 20 %: 1,080,000 x 0.20 x 17 / 365 = 10,060.27.
    expect(summarizeContract(stored, [], "2026-02-01").overdueAtSigning).toEqual({
      asOf: "2026-02-01",
      overdueAmount: 1_090_060,
      overdueInterest: 10_060,
      outstandingAmount: 1_090_060,
      daysOverdue: 17,
    });
    // On the due date itself nothing is late yet; once signed, the balances say it instead.
    expect(summarizeContract(stored, [], "2026-01-15").overdueAtSigning).toBeNull();
    const signed = { ...stored, openedAt: stored.createdAt, signedAt: "2026-02-01T00:00:00Z" };
    expect(summarizeContract(signed, [], "2026-02-01")).toMatchObject({
      overdueAtSigning: null,
      linkExpiresAt: null,
      overdueAmount: 1_090_060,
    });
  });

  it("answers the rate kept in the terms: a page of contracts never solves for it again", () => {
    // A rate the schedule does not imply shows that the answer reads the terms' own figure.
    const kept = { ...stored, terms: { ...stored.terms, effectiveAnnualRatePercent: 12.5 } };
    expect(summarizeContract(kept, [], "2026-02-01").effectiveAnnualRatePercent).toBe(12.5);
  });

  it("derives overdue, interest and the renewal flag from the ledger", () => {
    const signed = {
      ...stored,
      openedAt: "2025-01-12T00:00:00Z",
      signedAt: "2025-01-12T00:05:00Z",
    };
    // 10 days overdue on 1,080,000 at 20%/365: 1,080,000 x 0.2 x 10 / 365 = 5,917.8 -> 5,917.
    const overdue = summarizeContract(signed, [], "2026-01-25");
    expect(overdue).toMatchObject({
      status: "type4",
      overdueAmount: 1_085_917,
      overdueInterest: 5_917,
      outstandingAmount: 1_085_917,
      renewal: false,
    });

    const renewal: LedgerEntry = {
      id: "e-1",
      contractId: "c-1",
      kind: "renewal",
      instalmentIndex: 1,
      amount: null,
      date: "2026-01-10",
      newDueDate: "2026-03-15",
      reversesEntryId: null,
      actorId: "lender-1",
      seq: 1,
      recordedAt: "2026-01-10T03:00:00Z",
      reason: "asked for time",
    };
    const renewed = summarizeContract(
      signed,
      replayLedger(signed.terms, [renewal], "2026-01-25").states,
      "2026-01-25",
    );
    expect(renewed).toMatchObject({ status: "type6", renewal: true, dueDate: "2026-03-15" });
    expect(v.safeParse(contractSchema, renewed).success).toBe(true);
  });

  it("keeps the pre-signing status of a cancelled contract and flags it", () => {
    const contract = summarizeContract(
      { ...stored, openedAt: "2025-01-12T00:00:00Z", cancelled: true },
      [],
      "2025-01-13",
    );
    expect(contract).toMatchObject({ status: "type2", cancelled: true });
  });
});
