import { describe, expect, it } from "vitest";
import type { MessageKey } from "../messages";
import { type LenderContext, validateContractDraft } from "./draft";

const kr: LenderContext = { jurisdiction: "KR", today: "2025-01-10" };
const tw: LenderContext = { jurisdiction: "TW", today: "2025-01-10" };

/** A valid single-payment draft: 900,000 in hand, 1,080,000 back a year later = exactly 20%. */
const single = {
  name: "Kim Minsu loan",
  borrowerPhone: "010-1234-5678",
  loanAmount: 1_000_000,
  disbursedAmount: 900_000,
  loanDate: "2025-01-15",
  repaymentDate: "2026-01-15",
  instalment: false,
  instalmentCount: 1,
  instalmentAmount: 1_080_000,
  interval: "monthly",
  serviceFee: 0,
  overdueRatePercent: 20,
  lender: "Kim Lender",
  merchantName: "Kim Finance",
};

/** A valid 3-instalment draft: 300,000 lent on Jan 1, 3 x 102,000 monthly from Jan 31. */
const instalments = {
  ...single,
  loanAmount: 300_000,
  disbursedAmount: 300_000,
  loanDate: "2025-01-01",
  repaymentDate: "2025-01-31",
  instalment: true,
  instalmentCount: 3,
  instalmentAmount: 102_000,
  interval: "monthly",
};

function errorsOf(draft: unknown, ctx: LenderContext = kr) {
  const result = validateContractDraft(draft, ctx);
  return result.ok ? [] : result.errors.map((e) => ({ key: e.key, field: e.field }));
}

describe("validateContractDraft: one row per message (docs/validation.md#contract-creation)", () => {
  const omit = (key: string) => {
    const { [key]: _omitted, ...rest } = single as Record<string, unknown>;
    return rest;
  };
  const cases: [string, unknown, MessageKey, string][] = [
    ["name missing", omit("name"), "contract.name.required", "name"],
    ["name blank", { ...single, name: "   " }, "contract.name.required", "name"],
    ["phone missing", omit("borrowerPhone"), "contract.borrowerPhone.required", "borrowerPhone"],
    ["phone invalid", { ...single, borrowerPhone: "010-12" }, "phone.invalid", "borrowerPhone"],
    [
      "phone landline",
      { ...single, borrowerPhone: "02-312-3456" },
      "phone.notMobile",
      "borrowerPhone",
    ],
    [
      "loan amount missing ('enter loan amount')",
      omit("loanAmount"),
      "contract.loanAmount.required",
      "loanAmount",
    ],
    [
      "loan amount zero",
      { ...single, loanAmount: 0 },
      "contract.loanAmount.notPositive",
      "loanAmount",
    ],
    [
      "loan amount a float",
      { ...single, loanAmount: 1_000_000.5 },
      "money.notInteger",
      "loanAmount",
    ],
    ["loan amount negative", { ...single, loanAmount: -5 }, "money.negative", "loanAmount"],
    ["loan amount unsafe", { ...single, loanAmount: 2 ** 60 }, "money.tooLarge", "loanAmount"],
    [
      "disbursed missing ('enter disbursement amount')",
      omit("disbursedAmount"),
      "contract.disbursedAmount.required",
      "disbursedAmount",
    ],
    [
      "disbursed zero",
      { ...single, disbursedAmount: 0 },
      "contract.disbursedAmount.notPositive",
      "disbursedAmount",
    ],
    [
      "disbursed above loan",
      { ...single, disbursedAmount: 1_000_001 },
      "contract.disbursedAmount.exceedsLoan",
      "disbursedAmount",
    ],
    [
      "loan date missing ('select loan date')",
      omit("loanDate"),
      "contract.loanDate.required",
      "loanDate",
    ],
    [
      "loan date not a day",
      { ...single, loanDate: "2025-02-30" },
      "contract.loanDate.invalid",
      "loanDate",
    ],
    [
      "loan date malformed",
      { ...single, loanDate: "2025/01/15" },
      "contract.loanDate.invalid",
      "loanDate",
    ],
    [
      "loan date not text",
      { ...single, loanDate: 20250115 },
      "contract.loanDate.invalid",
      "loanDate",
    ],
    ["loan date empty", { ...single, loanDate: "" }, "contract.loanDate.required", "loanDate"],
    ["loan date null", { ...single, loanDate: null }, "contract.loanDate.required", "loanDate"],
    [
      "loan amount as text (a value, not a missing one)",
      { ...single, loanAmount: "1000000" },
      "common.invalidValue",
      "loanAmount",
    ],
    [
      "loan amount null (a form's empty field)",
      { ...single, loanAmount: null },
      "contract.loanAmount.required",
      "loanAmount",
    ],
    [
      "overdue rate as text",
      { ...single, overdueRatePercent: "20" },
      "contract.overdueRate.invalid",
      "overdueRatePercent",
    ],
    [
      "repayment date missing ('select repayment date')",
      omit("repaymentDate"),
      "contract.repaymentDate.required",
      "repaymentDate",
    ],
    [
      "repayment date malformed",
      { ...single, repaymentDate: "15/01/2026" },
      "contract.repaymentDate.invalid",
      "repaymentDate",
    ],
    [
      "repayment date = loan date",
      { ...single, repaymentDate: "2025-01-15" },
      "contract.repaymentDate.beforeLoanDate",
      "repaymentDate",
    ],
    [
      "repayment date before loan date",
      { ...single, repaymentDate: "2025-01-14" },
      "contract.repaymentDate.beforeLoanDate",
      "repaymentDate",
    ],
    [
      "repayment date beyond 5 years",
      { ...single, repaymentDate: "2030-01-16" },
      "contract.repaymentDate.tooFar",
      "repaymentDate",
    ],
    [
      "overdue rate missing ('enter overdue rate')",
      omit("overdueRatePercent"),
      "contract.overdueRate.required",
      "overdueRatePercent",
    ],
    [
      "overdue rate negative",
      { ...single, overdueRatePercent: -1 },
      "contract.overdueRate.invalid",
      "overdueRatePercent",
    ],
    [
      "overdue rate with 3 decimals",
      { ...single, overdueRatePercent: 12.345 },
      "contract.overdueRate.invalid",
      "overdueRatePercent",
    ],
    [
      "overdue rate above the cap",
      { ...single, overdueRatePercent: 20.01 },
      "contract.overdueRate.aboveCap",
      "overdueRatePercent",
    ],
    [
      "instalment not chosen ('please select')",
      omit("instalment"),
      "common.pleaseSelect",
      "instalment",
    ],
    [
      "1 instalment",
      { ...instalments, instalmentCount: 1 },
      "contract.instalmentCount.outOfRange",
      "instalmentCount",
    ],
    [
      "11 instalments",
      { ...instalments, instalmentCount: 11 },
      "contract.instalmentCount.outOfRange",
      "instalmentCount",
    ],
    [
      "instalment count missing",
      (() => {
        const { instalmentCount: _c, ...rest } = instalments;
        return rest;
      })(),
      "contract.instalmentCount.outOfRange",
      "instalmentCount",
    ],
    [
      "single payment with a count",
      { ...single, instalmentCount: 3 },
      "common.invalidValue",
      "instalmentCount",
    ],
    [
      "interval missing for instalments",
      (() => {
        const { interval: _i, ...rest } = instalments;
        return rest;
      })(),
      "contract.instalmentInterval.required",
      "interval",
    ],
    [
      "interval unknown",
      { ...instalments, interval: "daily" },
      "contract.instalmentInterval.required",
      "interval",
    ],
    [
      "single repayment missing (no instalments in its words)",
      omit("instalmentAmount"),
      "contract.repaymentAmount.required",
      "instalmentAmount",
    ],
    [
      "instalment amount missing",
      (({ instalmentAmount: _omitted, ...rest }) => rest)(instalments),
      "contract.instalmentAmount.required",
      "instalmentAmount",
    ],
    [
      "instalment total below the loan",
      { ...instalments, instalmentAmount: 99_999 },
      "contract.instalmentTotal.belowLoan",
      "instalmentAmount",
    ],
    [
      "single repayment below the loan",
      { ...single, instalmentAmount: 999_999 },
      "contract.repaymentAmount.belowLoan",
      "instalmentAmount",
    ],
    ["service fee negative", { ...single, serviceFee: -1 }, "money.negative", "serviceFee"],
    [
      "service fee not a number",
      { ...single, serviceFee: "free" },
      "contract.serviceFee.invalid",
      "serviceFee",
    ],
    [
      "service fee eats all the money",
      { ...single, serviceFee: 900_000 },
      "contract.serviceFee.notBelowDisbursed",
      "serviceFee",
    ],
    ["lender missing", omit("lender"), "contract.lender.required", "lender"],
    [
      "merchant name missing",
      omit("merchantName"),
      "contract.merchantName.required",
      "merchantName",
    ],
    ["unknown field", { ...single, interestRate: 5 }, "common.unknownField", "interestRate"],
    [
      "rate above the cap",
      { ...single, instalmentAmount: 1_090_000 },
      "contract.rate.aboveCap",
      "instalmentAmount",
    ],
  ];

  it.each(cases)("%s -> %s on %s", (_name, draft, key, field) => {
    expect(errorsOf(draft)).toContainEqual({ key, field });
  });

  it("refuses a non-object with one error", () => {
    expect(errorsOf("nope")).toEqual([{ key: "common.invalidValue", field: undefined }]);
  });

  it("reports every problem at once, cross-field ones included", () => {
    const errors = errorsOf({
      ...single,
      name: "",
      disbursedAmount: 2_000_000,
      repaymentDate: "2024-01-01",
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        { key: "contract.name.required", field: "name" },
        { key: "contract.disbursedAmount.exceedsLoan", field: "disbursedAmount" },
        { key: "contract.repaymentDate.beforeLoanDate", field: "repaymentDate" },
      ]),
    );
  });

  it("says a fee above the money disbursed even while that amount is itself refused", () => {
    const errors = errorsOf({ ...single, disbursedAmount: 1_200_000, serviceFee: 2_000_000 });
    expect(errors).toEqual(
      expect.arrayContaining([
        { key: "contract.disbursedAmount.exceedsLoan", field: "disbursedAmount" },
        { key: "contract.serviceFee.notBelowDisbursed", field: "serviceFee" },
      ]),
    );
  });
});

describe("validateContractDraft: the lender's own phone", () => {
  const lenderPhone = "+821012345678";

  it("refuses a contract addressed to the lender's own phone, however it is written", () => {
    expect(errorsOf({ ...single, borrowerPhone: "010-1234-5678" }, { ...kr, lenderPhone })).toEqual(
      [{ key: "contract.borrowerPhone.isLender", field: "borrowerPhone" }],
    );
    expect(
      errorsOf({ ...single, borrowerPhone: "+82 10 1234 5678" }, { ...kr, lenderPhone }),
    ).toEqual([{ key: "contract.borrowerPhone.isLender", field: "borrowerPhone" }]);
  });

  it("accepts another phone, and any phone when the lender's is not known", () => {
    expect(errorsOf({ ...single, borrowerPhone: "010-9999-8888" }, { ...kr, lenderPhone })).toEqual(
      [],
    );
    expect(errorsOf(single, kr)).toEqual([]);
  });
});

describe("validateContractDraft: terms and the legal cap", () => {
  it("accepts the Korean up-front deduction case at exactly 20%", () => {
    // 1,000,000 lent, 100,000 deducted: a 900,000 loan. 1,080,000 a year (365 days) later is
    // 180,000 / 900,000 = 20%, which the cap allows.
    const result = validateContractDraft(single, kr);
    expect(result).toEqual({
      ok: true,
      value: {
        ...single,
        borrowerPhone: "+821012345678",
        schedule: [{ index: 1, dueDate: "2026-01-15", amount: 1_080_000 }],
        effectiveAnnualRatePercent: 20,
        currency: "KRW",
        jurisdiction: "KR",
      },
    });
  });

  it("refuses 1,090,000 and names both rates", () => {
    // 190,000 / 900,000 = 21.1111...%, shown as 21.11% against the 20% cap.
    const result = validateContractDraft({ ...single, instalmentAmount: 1_090_000 }, kr);
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          kind: "legalCap",
          key: "contract.rate.aboveCap",
          field: "instalmentAmount",
          params: { ratePercent: 21.11, capPercent: 20 },
        },
      ],
    });
  });

  it("checks the cap on the simple annual rate the law uses, not a compounded one", () => {
    // 30 days, 1,000,000 in hand, 1,016,438 back: 16,438 / 1,000,000 x 365 / 30 = 19.9996%.
    // An annually compounded rate (XIRR) would have refused it as 21.94%.
    const month = {
      ...single,
      disbursedAmount: 1_000_000,
      loanDate: "2025-03-01",
      repaymentDate: "2025-03-31",
      instalmentAmount: 1_016_438,
    };
    const allowed = validateContractDraft(month, kr);
    expect(allowed.ok && allowed.value.effectiveAnnualRatePercent).toBeCloseTo(19.999567, 6);
    // Two years, 1,430,000 on 1,000,000: 21.5% a year. XIRR would have let it pass as 19.58%.
    const twoYears = {
      ...single,
      disbursedAmount: 1_000_000,
      loanDate: "2025-03-01",
      repaymentDate: "2027-03-01",
      instalmentAmount: 1_430_000,
    };
    expect(validateContractDraft(twoYears, kr)).toEqual({
      ok: false,
      errors: [
        {
          kind: "legalCap",
          key: "contract.rate.aboveCap",
          field: "instalmentAmount",
          params: { ratePercent: 21.5, capPercent: 20 },
        },
      ],
    });
  });

  it("applies Taiwan's 16% cap to a Taiwanese lender", () => {
    // 1,000,000 in hand, 1,160,000 a year later = 16%: allowed; 1,161,000 = 16.1%: refused.
    const twDraft = {
      ...single,
      borrowerPhone: "0912-345-678",
      disbursedAmount: 1_000_000,
      instalmentAmount: 1_160_000,
      overdueRatePercent: 16,
    };
    const allowed = validateContractDraft(twDraft, tw);
    expect(allowed.ok && allowed.value).toMatchObject({
      currency: "TWD",
      borrowerPhone: "+886912345678",
      effectiveAnnualRatePercent: 16,
    });
    expect(errorsOf({ ...twDraft, instalmentAmount: 1_161_000 }, tw)).toEqual([
      { key: "contract.rate.aboveCap", field: "instalmentAmount" },
    ]);
    expect(errorsOf({ ...twDraft, overdueRatePercent: 16.5 }, tw)).toEqual([
      { key: "contract.overdueRate.aboveCap", field: "overdueRatePercent" },
    ]);
  });

  it("counts the service fee as interest", () => {
    // 900,000 disbursed minus a 10,000 fee leaves 890,000: 1,080,000 is then 21.35%: refused.
    expect(errorsOf({ ...single, serviceFee: 10_000 })).toEqual([
      { key: "contract.rate.aboveCap", field: "instalmentAmount" },
    ]);
  });

  it("builds a month-end instalment schedule and normalises the draft", () => {
    const result = validateContractDraft({ ...instalments, name: "  Spaced  " }, kr);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.name).toBe("Spaced");
    expect(result.value.schedule).toEqual([
      { index: 1, dueDate: "2025-01-31", amount: 102_000 },
      { index: 2, dueDate: "2025-02-28", amount: 102_000 },
      { index: 3, dueDate: "2025-03-31", amount: 102_000 },
    ]);
    // 300,000 received against 102,000 after 30, 28 and 31 more days. At the simple rate r the
    // balance after each payment is B + B x r x days / 365 - 102,000 (interest is always less
    // than the payment here, so none is left unpaid); r = 12.3322% leaves nothing owed.
    const rate = result.value.effectiveAnnualRatePercent / 100;
    const owed = [30, 28, 31].reduce(
      (balance, days) => balance + (balance * rate * days) / 365 - 102_000,
      300_000,
    );
    expect(Math.abs(owed)).toBeLessThan(0.01);
    expect(result.value.effectiveAnnualRatePercent).toBeCloseTo(12.332215, 6);
  });

  it("defaults the interval and count of a single payment and the service fee", () => {
    const { interval: _i, instalmentCount: _c, serviceFee: _f, ...minimal } = single;
    const result = validateContractDraft(minimal, kr);
    expect(result.ok && result.value).toMatchObject({
      interval: "monthly",
      instalmentCount: 1,
      serviceFee: 0,
    });
  });
});
