import { describe, expect, it } from "vitest";
import type { ContractBalances, InstalmentBalance } from "../ledger";
import {
  allowedActions,
  type ContractStatus,
  contractStatuses,
  contractStatusesInLifecycleOrder,
  deriveStatus,
} from "./status";

function balances(parts: Partial<InstalmentBalance>[]): ContractBalances {
  const instalments = parts.map(
    (part, i): InstalmentBalance => ({
      index: i + 1,
      dueDate: "2025-03-01",
      amount: 100,
      repaid: 0,
      waived: 0,
      outstanding: 100,
      daysOverdue: 0,
      overdueInterest: 0,
      principalOutstanding: 100,
      interestOutstanding: 0,
      overpaid: 0,
      originalDueDate: "2025-03-01",
      renewed: false,
      ...part,
    }),
  );
  const sum = (pick: (b: InstalmentBalance) => number) =>
    instalments.reduce((s, b) => s + pick(b), 0);
  return {
    instalments,
    due: sum((b) => b.amount + b.overdueInterest),
    repaid: sum((b) => b.repaid),
    waived: sum((b) => b.waived),
    outstanding: sum((b) => b.outstanding),
    overdueAmount: 0,
    overdueInterest: sum((b) => b.overdueInterest),
    nextDueDate: null,
    overpaid: 0,
    renewed: false,
  };
}

const base = {
  opened: false,
  signed: false,
  cancelled: false,
  balances: null,
  today: "2025-03-01",
};

describe("deriveStatus (docs/statuses.md#contract-statuses table)", () => {
  it.each<[string, Parameters<typeof deriveStatus>[0], ContractStatus | "cancelled"]>([
    ["created, not opened: type1 pending signature", base, "type1"],
    ["opened by the borrower: type2 to be signed", { ...base, opened: true }, "type2"],
    ["cancelled before signing", { ...base, opened: true, cancelled: true }, "cancelled"],
    [
      "signed, owing, nothing past due: type6 pending repayment",
      { ...base, opened: true, signed: true, balances: balances([{}, {}]) },
      "type6",
    ],
    [
      "signed, an instalment past due with money outstanding: type4 overdue",
      { ...base, opened: true, signed: true, balances: balances([{ daysOverdue: 3 }, {}]) },
      "type4",
    ],
    [
      "nothing outstanding, nothing waived: type5 settled",
      { ...base, signed: true, balances: balances([{ repaid: 100, outstanding: 0 }]) },
      "type5",
    ],
    [
      "nothing outstanding, some waived: type3 completed",
      {
        ...base,
        signed: true,
        balances: balances([{ repaid: 60, waived: 40, outstanding: 0 }]),
      },
      "type3",
    ],
  ])("%s", (_name, input, expected) => {
    expect(deriveStatus(input)).toBe(expected);
  });
});

describe("allowedActions", () => {
  it.each<[ContractStatus | "cancelled", string]>([
    ["type1", "sign cancel"],
    ["type2", "sign cancel"],
    ["type6", "recordRepayment waive renew reverse"],
    ["type4", "recordRepayment waive renew reverse"],
    ["type5", "reverse"],
    ["type3", "reverse"],
    ["cancelled", ""],
  ])("%s allows: %s", (status, allowed) => {
    const actions = allowedActions(status);
    const granted = Object.entries(actions)
      .filter(([, yes]) => yes)
      .map(([name]) => name)
      .join(" ");
    expect(granted).toBe(allowed);
  });
});

describe("contractStatusesInLifecycleOrder", () => {
  it("holds every status once", () => {
    expect([...contractStatusesInLifecycleOrder].sort()).toEqual([...contractStatuses]);
  });
});
