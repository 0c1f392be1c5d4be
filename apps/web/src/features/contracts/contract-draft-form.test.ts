import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  contractAddRequestSchema,
  draftOf,
  emptyDraftForm,
  fieldOfDraft,
  previewOf,
  validateForm,
} from "./contract-draft-form";

const ctx = { jurisdiction: "KR" as const, today: "2026-03-01" };

const filled = {
  ...emptyDraftForm("2026-03-01"),
  name: "Loan to Lee",
  borrowerPhone: "010-8765-4321",
  loanAmount: 1_000_000,
  disbursedAmount: 1_000_000,
  repaymentDate: "2026-04-01",
  instalmentAmount: 1_010_000,
  overdueRate: "15",
  lender: "Kim",
  merchantName: "Kim Co",
};

describe("the create-contract form", () => {
  it("reports the spec's messages for an empty form", () => {
    const keys = validateForm(emptyDraftForm("2026-03-01"), ctx).map((error) => error.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        "contract.loanAmount.required",
        "contract.disbursedAmount.required",
        "contract.repaymentDate.required",
        "contract.overdueRate.required",
      ]),
    );
  });

  it("accepts a complete single-payment draft and sends it without empty fields", () => {
    expect(validateForm(filled, ctx)).toEqual([]);
    expect(draftOf(filled)).toMatchObject({
      instalment: false,
      instalmentCount: 1,
      overdueRatePercent: 15,
      serviceFee: 0,
    });
    expect(draftOf({ ...filled, loanAmount: null })).not.toHaveProperty("loanAmount");
  });

  it("previews the schedule and the effective rate once amounts and dates are there", () => {
    expect(previewOf({ ...filled, repaymentDate: "" }, ctx)).toBeNull();
    const preview = previewOf(
      { ...filled, instalment: true, instalmentCount: 3, instalmentAmount: 340_000 },
      ctx,
    );
    expect(preview?.schedule.map((row) => row.dueDate)).toEqual([
      "2026-04-01",
      "2026-05-01",
      "2026-06-01",
    ]);
    expect(preview?.totalRepayable).toBe(1_020_000);
    expect(preview?.withinCap).toBe(true);
    expect(preview?.effectiveAnnualRatePercent).toBeGreaterThan(0);
  });

  it("marks a draft above the legal cap, and the domain refuses it naming both rates", () => {
    const tooDear = { ...filled, instalmentAmount: 1_100_000 };
    const preview = previewOf(tooDear, ctx);
    expect(preview?.withinCap).toBe(false);
    expect(preview?.capPercent).toBe(20);
    const errors = validateForm(tooDear, ctx);
    expect(errors).toEqual([
      expect.objectContaining({
        key: "contract.rate.aboveCap",
        params: expect.objectContaining({ capPercent: 20 }),
      }),
    ]);
  });

  it("shows a refused rate as the same figure the refusal names", () => {
    // The Korean up-front deduction case: 900,000 received, 1,090,000 repaid a year later.
    const deducted = {
      ...filled,
      disbursedAmount: 900_000,
      repaymentDate: "2027-03-01",
      instalmentAmount: 1_090_000,
    };
    const preview = previewOf(deducted, ctx);
    const [refusal] = validateForm(deducted, ctx);
    expect(preview?.displayedRatePercent).toBe(21.11);
    expect(refusal?.params?.ratePercent).toBe(preview?.displayedRatePercent);
  });

  it("makes the contract add request of the form with the domain's draft schema", () => {
    const request = v.parse(contractAddRequestSchema, {
      ...filled,
      name: " Loan to Lee\u200b",
      instalmentCount: 4,
      serviceFee: null,
      overdueRate: "12.5",
    });
    expect(request).toEqual({
      name: "Loan to Lee",
      borrowerPhone: "010-8765-4321",
      loanAmount: 1_000_000,
      disbursedAmount: 1_000_000,
      loanDate: "2026-03-01",
      repaymentDate: "2026-04-01",
      instalment: false,
      instalmentCount: 1,
      instalmentAmount: 1_010_000,
      interval: "monthly",
      serviceFee: 0,
      overdueRatePercent: 12.5,
      lender: "Kim",
      merchantName: "Kim Co",
    });
    // A draft the schema refuses (money left empty) makes no request.
    expect(v.safeParse(contractAddRequestSchema, { ...filled, loanAmount: null }).success).toBe(
      false,
    );
  });

  it("shows a problem with the rate on the rate the lender types", () => {
    expect(fieldOfDraft("overdueRatePercent")).toBe("overdueRate");
    expect(fieldOfDraft("loanAmount")).toBe("loanAmount");
  });
});
