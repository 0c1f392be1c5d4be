import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { addDays, type CalendarDate } from "../dates";
import {
  type BalanceTerms,
  balancesAsOf,
  balancesOn,
  type LedgerEntry,
  type NewLedgerEntry,
  replayLedger,
} from "../ledger";
import type { MessageKey } from "../messages";
import { deriveStatus } from "../status";
import { parseWithKeys } from "../validation";
import type { OperationContext } from "./context";
import { planRenewal, renewalRequestEntries } from "./renewal";
import { planRepayment, repaymentRequestEntries } from "./repayment";
import { planReversal, reversalRequestEntries } from "./reversal";

// The request schemas the SDK builds from these entries (it adds the contract id and the
// idempotency key).
const repaymentRequestSchema = v.strictObject(
  { contractId: v.string(), ...repaymentRequestEntries },
  "common.invalidValue",
);
const renewalRequestSchema = v.strictObject(
  { contractId: v.string(), ...renewalRequestEntries },
  "common.invalidValue",
);
const reversalRequestSchema = v.strictObject(
  { contractId: v.string(), ...reversalRequestEntries },
  "common.invalidValue",
);

/** Two monthly instalments of 500,000, 18% overdue, lent 2025-02-10. */
const terms: BalanceTerms = {
  loanDate: "2025-02-10",
  overdueRatePercent: 18,
  schedule: [
    { index: 1, dueDate: "2025-03-10", amount: 500_000 },
    { index: 2, dueDate: "2025-04-10", amount: 500_000 },
  ],
};

let sequence = 0;
function store(planned: readonly NewLedgerEntry[]): LedgerEntry[] {
  return planned.map((entry) => {
    sequence += 1;
    return {
      ...entry,
      id: `e-${sequence}`,
      seq: sequence,
      recordedAt: `2030-01-01T00:00:00.${String(sequence).padStart(6, "0")}Z`,
    };
  });
}

function context(ledger: LedgerEntry[], today: CalendarDate, signed = true): OperationContext {
  const status = deriveStatus({
    opened: true,
    signed,
    cancelled: false,
    balances: signed ? balancesAsOf(terms, ledger, today) : null,
    today,
  });
  return {
    contractId: "c-1",
    terms,
    currency: "KRW",
    status,
    ledger,
    actorId: "lender-1",
    today,
  };
}

const keysOf = (result: { ok: boolean; errors?: { key: MessageKey; field?: string }[] }) =>
  result.ok ? [] : (result.errors ?? []).map((error) => [error.key, error.field]);

describe("planRepayment (repayment received / waiver)", () => {
  const ctx = context([], "2025-03-20");

  it.each<[string, Parameters<typeof planRepayment>[1], MessageKey, string | undefined]>([
    [
      "no instalment chosen",
      { repaymentAmount: 1, receivedOn: "2025-03-20" },
      "operation.instalment.required",
      "instalmentIndex",
    ],
    [
      "unknown instalment",
      { instalmentIndex: 3, repaymentAmount: 1, receivedOn: "2025-03-20" },
      "operation.instalment.unknown",
      "instalmentIndex",
    ],
    [
      "no amount ('enter write-off amount or waiver amount')",
      { instalmentIndex: 1 },
      "operation.amount.required",
      "repaymentAmount",
    ],
    [
      "both amounts zero",
      { instalmentIndex: 1, repaymentAmount: 0, waiverAmount: 0 },
      "operation.amount.required",
      "repaymentAmount",
    ],
    [
      "repayment without its date",
      { instalmentIndex: 1, repaymentAmount: 1 },
      "operation.receivedOn.required",
      "receivedOn",
    ],
    [
      "repayment received before the loan",
      { instalmentIndex: 1, repaymentAmount: 1, receivedOn: "2025-02-09" },
      "operation.receivedOn.beforeLoan",
      "receivedOn",
    ],
    [
      "repayment received after today",
      { instalmentIndex: 1, repaymentAmount: 1, receivedOn: "2025-03-21" },
      "operation.receivedOn.inFuture",
      "receivedOn",
    ],
    [
      "repayment above what is owed",
      { instalmentIndex: 1, repaymentAmount: 502_466, receivedOn: "2025-03-20" },
      "operation.amount.exceedsOutstanding",
      "repaymentAmount",
    ],
    [
      "waiver above what is owed",
      { instalmentIndex: 1, waiverAmount: 502_466 },
      "operation.amount.exceedsOutstanding",
      "waiverAmount",
    ],
    [
      "fractional amount",
      { instalmentIndex: 1, waiverAmount: 0.5 },
      "money.notInteger",
      "waiverAmount",
    ],
  ])("%s -> %s", (_name, operation, key, field) => {
    expect(keysOf(planRepayment(ctx, operation))).toContainEqual([key, field]);
  });

  it("refuses money operations before signing", () => {
    const unsigned = context([], "2025-03-20", false);
    expect(keysOf(planRepayment(unsigned, { instalmentIndex: 1, waiverAmount: 1 }))).toEqual([
      ["contract.operationNotAllowed", undefined],
    ]);
  });

  it("says a closed contract owes nothing instead of calling it unsigned", () => {
    const paid = store([
      {
        contractId: "c-1",
        kind: "repayment",
        instalmentIndex: 1,
        amount: 500_000,
        date: "2025-03-10",
        newDueDate: null,
        reversesEntryId: null,
        actorId: "lender-1",
        reason: null,
      },
      {
        contractId: "c-1",
        kind: "repayment",
        instalmentIndex: 2,
        amount: 500_000,
        date: "2025-03-10",
        newDueDate: null,
        reversesEntryId: null,
        actorId: "lender-1",
        reason: null,
      },
    ]);
    const closed = context(paid, "2025-03-20");
    expect(closed.status).toBe("type5");
    expect(keysOf(planRepayment(closed, { instalmentIndex: 1, waiverAmount: 1 }))).toEqual([
      ["operation.instalment.settled", "instalmentIndex"],
    ]);
    expect(keysOf(planRenewal(closed, { instalmentIndex: 1, newDueDate: "2025-05-01" }))).toEqual([
      ["operation.instalment.settled", "instalmentIndex"],
    ]);
  });

  it("takes exactly what is owed, interest included, in one request with a waiver", () => {
    // Owed on 2025-03-20: 500,000 + 10 days at 18% (2,465) = 502,465.
    const result = planRepayment(ctx, {
      instalmentIndex: 1,
      repaymentAmount: 500_000,
      receivedOn: "2025-03-20",
      waiverAmount: 2_465,
      reason: "  paid at the branch ",
    });
    expect(result).toEqual({
      ok: true,
      value: [
        {
          contractId: "c-1",
          kind: "repayment",
          instalmentIndex: 1,
          amount: 500_000,
          date: "2025-03-20",
          newDueDate: null,
          reversesEntryId: null,
          actorId: "lender-1",
          reason: "paid at the branch",
        },
        {
          contractId: "c-1",
          kind: "waiver",
          instalmentIndex: 1,
          amount: 2_465,
          date: "2025-03-20",
          newDueDate: null,
          reversesEntryId: null,
          actorId: "lender-1",
          reason: "paid at the branch",
        },
      ],
    });
    if (!result.ok) return;
    const balances = balancesAsOf(terms, store(result.value), "2025-03-20");
    expect(balances.instalments[0]?.outstanding).toBe(0);
    expect(balances.overpaid).toBe(0);
  });

  it("names what is owed when refusing, and refuses a waiver that the repayment already covers", () => {
    const refused = planRepayment(ctx, {
      instalmentIndex: 1,
      repaymentAmount: 502_465,
      receivedOn: "2025-03-20",
      waiverAmount: 1,
    });
    expect(refused).toEqual({
      ok: false,
      errors: [
        {
          kind: "overApplied",
          key: "operation.amount.exceedsOutstanding",
          field: "waiverAmount",
          params: { outstanding: 0, currency: "KRW" },
        },
      ],
    });
  });

  it("refuses a back-dated repayment that would leave a later one over-applied", () => {
    // 500,000 paid on the due date settles instalment 1; another 1 dated earlier would be extra.
    const ledger = store([
      {
        contractId: "c-1",
        kind: "repayment",
        instalmentIndex: 1,
        amount: 500_000,
        date: "2025-03-10",
        newDueDate: null,
        reversesEntryId: null,
        actorId: "lender-1",
        reason: null,
      },
    ]);
    const later = context(ledger, "2025-03-20");
    expect(
      keysOf(
        planRepayment(later, {
          instalmentIndex: 1,
          repaymentAmount: 1,
          receivedOn: "2025-03-01",
        }),
      ),
    ).toEqual([["operation.amount.exceedsOutstanding", "repaymentAmount"]]);
  });
});

describe("planRenewal", () => {
  const ctx = context([], "2025-03-20");

  it.each<[string, Parameters<typeof planRenewal>[1], MessageKey, string]>([
    [
      "no instalment",
      { newDueDate: "2025-04-01" },
      "renewal.instalment.required",
      "instalmentIndex",
    ],
    [
      "unknown instalment",
      { instalmentIndex: 9, newDueDate: "2025-04-01" },
      "operation.instalment.unknown",
      "instalmentIndex",
    ],
    ["no date", { instalmentIndex: 1 }, "renewal.date.required", "newDueDate"],
    [
      "malformed date ('select a correct renewal date')",
      { instalmentIndex: 1, newDueDate: "2025-02-30" },
      "renewal.date.invalid",
      "newDueDate",
    ],
    [
      "not after the current due date",
      { instalmentIndex: 2, newDueDate: "2025-04-10" },
      "renewal.date.notAfterDueDate",
      "newDueDate",
    ],
    [
      "still in the past",
      { instalmentIndex: 1, newDueDate: "2025-03-15" },
      "renewal.date.past",
      "newDueDate",
    ],
    [
      "beyond 5 years of the loan",
      { instalmentIndex: 1, newDueDate: "2030-02-11" },
      "renewal.date.tooLate",
      "newDueDate",
    ],
  ])("%s -> %s", (_name, renewal, key, field) => {
    expect(keysOf(planRenewal(ctx, renewal))).toEqual([[key, field]]);
  });

  it("names the date a refused renewal date is measured against", () => {
    const errorOf = (newDueDate: string) => {
      const planned = planRenewal(ctx, { instalmentIndex: 2, newDueDate });
      return planned.ok ? null : planned.errors[0];
    };
    expect(errorOf("2025-04-10")).toMatchObject({ params: { dueDate: "2025-04-10" } });
    expect(errorOf("2030-02-11")).toMatchObject({ params: { latest: "2030-02-10", years: 5 } });
  });

  it("plans a renewal entry, and refuses one on a settled instalment", () => {
    expect(planRenewal(ctx, { instalmentIndex: 1, newDueDate: "2025-04-30", reason: "" })).toEqual({
      ok: true,
      value: [
        {
          contractId: "c-1",
          kind: "renewal",
          instalmentIndex: 1,
          amount: null,
          date: "2025-03-20",
          newDueDate: "2025-04-30",
          reversesEntryId: null,
          actorId: "lender-1",
          reason: null,
        },
      ],
    });
    const paid = store([
      {
        contractId: "c-1",
        kind: "repayment",
        instalmentIndex: 1,
        amount: 500_000,
        date: "2025-03-10",
        newDueDate: null,
        reversesEntryId: null,
        actorId: "lender-1",
        reason: null,
      },
    ]);
    expect(
      keysOf(
        planRenewal(context(paid, "2025-03-20"), { instalmentIndex: 1, newDueDate: "2025-04-30" }),
      ),
    ).toEqual([["operation.instalment.settled", "instalmentIndex"]]);
  });
});

describe("planReversal", () => {
  const ledger = store([
    {
      contractId: "c-1",
      kind: "repayment",
      instalmentIndex: 2,
      amount: 100_000,
      date: "2025-03-10",
      newDueDate: null,
      reversesEntryId: null,
      actorId: "lender-1",
      reason: null,
    },
  ]);
  const target = ledger[0] as LedgerEntry;

  it("reverses an entry with a reason, once", () => {
    const ctx = context(ledger, "2025-03-20");
    const result = planReversal(ctx, { entryId: target.id, reason: "typed the wrong amount" });
    expect(result).toEqual({
      ok: true,
      value: [
        {
          contractId: "c-1",
          kind: "reversal",
          instalmentIndex: 2,
          amount: null,
          date: "2025-03-20",
          newDueDate: null,
          reversesEntryId: target.id,
          actorId: "lender-1",
          reason: "typed the wrong amount",
        },
      ],
    });
    if (!result.ok) return;
    const after = [...ledger, ...store(result.value)];
    expect(balancesAsOf(terms, after, "2025-03-20").repaid).toBe(0);
    const again = context(after, "2025-03-20");
    expect(keysOf(planReversal(again, { entryId: target.id, reason: "again" }))).toEqual([
      ["operation.reversal.alreadyReversed", "entryId"],
    ]);
    expect(keysOf(planReversal(again, { entryId: after[1]?.id, reason: "undo" }))).toEqual([
      ["operation.reversal.notReversible", "entryId"],
    ]);
  });

  it.each<[string, Parameters<typeof planReversal>[1], MessageKey, string]>([
    [
      "unknown entry",
      { entryId: "nope", reason: "x" },
      "operation.reversal.unknownEntry",
      "entryId",
    ],
    ["no reason", { entryId: "e-1", reason: "  " }, "common.pleaseFillIn", "reason"],
  ])("%s -> %s", (_name, reversal, key, field) => {
    const ctx = context(ledger, "2025-03-20");
    const request = reversal.entryId === "e-1" ? { ...reversal, entryId: target.id } : reversal;
    expect(keysOf(planReversal(ctx, request))).toEqual([[key, field]]);
  });
});

describe("operation request schemas", () => {
  it.each<[string, unknown, unknown, MessageKey, string]>([
    [
      "money: instalment missing",
      repaymentRequestSchema,
      { contractId: "c" },
      "operation.instalment.required",
      "instalmentIndex",
    ],
    [
      "money: bad date of a repayment received",
      repaymentRequestSchema,
      { contractId: "c", instalmentIndex: 1, receivedOn: "x" },
      "common.invalidValue",
      "receivedOn",
    ],
    [
      "money: an amount as text",
      repaymentRequestSchema,
      { contractId: "c", instalmentIndex: 1, repaymentAmount: "1000" },
      "common.invalidValue",
      "repaymentAmount",
    ],
    [
      "money: negative waiver",
      repaymentRequestSchema,
      { contractId: "c", instalmentIndex: 1, waiverAmount: -1 },
      "money.negative",
      "waiverAmount",
    ],
    [
      "money: unknown field",
      repaymentRequestSchema,
      { contractId: "c", instalmentIndex: 1, extra: 1 },
      "common.unknownField",
      "extra",
    ],
    [
      "renewal: instalment missing",
      renewalRequestSchema,
      { contractId: "c", newDueDate: "2025-01-01" },
      "renewal.instalment.required",
      "instalmentIndex",
    ],
    [
      "renewal: date missing",
      renewalRequestSchema,
      { contractId: "c", instalmentIndex: 1 },
      "renewal.date.required",
      "newDueDate",
    ],
    [
      "renewal: date invalid",
      renewalRequestSchema,
      { contractId: "c", instalmentIndex: 1, newDueDate: "2025-13-01" },
      "renewal.date.invalid",
      "newDueDate",
    ],
    [
      "reversal: reason missing",
      reversalRequestSchema,
      { contractId: "c", entryId: "e" },
      "common.pleaseFillIn",
      "reason",
    ],
  ])("%s -> %s", (_name, schema, input, key, field) => {
    const result = parseWithKeys(schema as typeof repaymentRequestSchema, input);
    expect(result.ok ? [] : result.errors.map((e) => [e.key, e.field])).toContainEqual([
      key,
      field,
    ]);
  });
});

describe("operations never over-apply (property)", () => {
  it("after any sequence of accepted operations, every entry applies in full", () => {
    const step = fc.record({
      kind: fc.constantFrom("repayment", "waiver", "both", "renewal", "reversal" as const),
      instalmentIndex: fc.integer({ min: 1, max: 2 }),
      amount: fc.integer({ min: 1, max: 600_000 }),
      second: fc.integer({ min: 1, max: 600_000 }),
      backDays: fc.integer({ min: 0, max: 60 }),
      forwardDays: fc.integer({ min: 0, max: 60 }),
      advance: fc.integer({ min: 0, max: 20 }),
      target: fc.nat(),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), (steps) => {
        let ledger: LedgerEntry[] = [];
        let today = "2025-02-20";
        for (const s of steps) {
          today = addDays(today, s.advance);
          const ctx = context(ledger, today);
          const date = [addDays(today, -s.backDays), terms.loanDate].sort().at(-1) as CalendarDate;
          const result =
            s.kind === "renewal"
              ? planRenewal(ctx, {
                  instalmentIndex: s.instalmentIndex,
                  newDueDate: addDays(today, s.forwardDays),
                })
              : s.kind === "reversal"
                ? planReversal(ctx, {
                    entryId: ledger[s.target % Math.max(1, ledger.length)]?.id,
                    reason: "fix",
                  })
                : planRepayment(ctx, {
                    instalmentIndex: s.instalmentIndex,
                    repaymentAmount: s.kind === "waiver" ? 0 : s.amount,
                    receivedOn: date,
                    waiverAmount: s.kind === "repayment" ? 0 : s.second,
                  });
          if (!result.ok) continue;
          ledger = [...ledger, ...store(result.value)];
          const replay = replayLedger(terms, ledger, today);
          expect(replay.balances.overpaid).toBe(0);
          // The states after the ledger (what the server stores) give the same balances on
          // any later day as replaying the whole ledger on that day.
          const later = addDays(today, s.forwardDays);
          expect(balancesOn(replay.states, terms.overdueRatePercent, later)).toEqual(
            replayLedger(terms, ledger, later).balances,
          );
          for (const applied of replay.applied) expect(applied.excess).toBe(0);
          for (const b of replay.balances.instalments)
            expect(b.outstanding).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
