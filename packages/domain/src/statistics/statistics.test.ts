import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  type Contract,
  type StoredContract,
  summarizeContract,
  validateContractDraft,
} from "../contract";
import { type LedgerEntry, replayLedger } from "../ledger";
import {
  computeStatistics,
  computeStatisticsWindows,
  lenderStatisticsSchema,
  lenderStatisticsWindowsSchema,
} from "./statistics";

/*
 * A fixed book, today = 2025-06-10 (Asia/Seoul). Overdue rate 18.25% = 0.0005 a day, so every
 * day of interest is a round number. Contracts (loan / disbursed, dates, ledger):
 *
 * A single      1,000,000 / 1,000,000  lent 06-01, 1,002,000 due 06-10 (today)     signed 06-01
 * B single      2,000,000 / 1,990,000  lent 05-01, 2,000,000 due 06-05              signed 05-01
 *               repaid 500,000 on 06-07; 100,000 on 06-08 reversed on 06-09
 *               interest: 2 days x 1,000 (on 2,000,000) + 3 days x 750 (on 1,500,000) = 4,250
 *               outstanding 1,500,000 + 4,250 = 1,504,250, 5 days overdue -> type4
 * C instalment  3,000,000 / 3,000,000  lent 03-01, 3 x 1,020,000 monthly from 04-01  signed 03-01
 *               each repaid on its due date -> type5 (closed 06-01)
 * D instalment    500,000 /   500,000  lent 06-10, 2 x 250,500 weekly 06-12, 06-19   signed today
 * E single      unsigned (type1): not in the book
 * F single      opened, then cancelled before signing: not in the book
 * G single      1,000,000 / 1,000,000  lent 04-01, 1,020,000 due 06-09              signed 04-01
 *               06-10: 1 day x 510 interest -> owes 1,020,510; repaid 1,000,000 and waived
 *               20,510 on 06-10 -> type3, closed today
 * H instalment    400,000 /   400,000  lent 05-20, 2 x 202,000 fortnightly 06-09, 06-23
 *               signed 05-20; instalment 1 is 1 day overdue: 202,000 + 101 -> type4, fell today
 */
const today = "2025-06-10";

let entrySequence = 0;
function money(
  contractId: string,
  kind: "repayment" | "waiver",
  instalmentIndex: number,
  amount: number,
  date: string,
): LedgerEntry {
  entrySequence += 1;
  return {
    id: `${contractId}-e${entrySequence}`,
    contractId,
    kind,
    instalmentIndex,
    amount,
    date,
    newDueDate: null,
    reversesEntryId: null,
    actorId: "lender-1",
    seq: entrySequence,
    recordedAt: `${date}T05:00:${String(entrySequence).padStart(2, "0")}Z`,
    reason: null,
  };
}

function contract(
  id: string,
  draft: {
    loanAmount: number;
    disbursedAmount: number;
    loanDate: string;
    repaymentDate: string;
    instalmentCount?: number;
    instalmentAmount: number;
    interval?: "weekly" | "fortnightly" | "monthly";
  },
  lifecycle: Partial<StoredContract>,
  ledger: LedgerEntry[],
): Contract {
  const instalment = (draft.instalmentCount ?? 1) > 1;
  const terms = validateContractDraft(
    {
      name: `Contract ${id}`,
      borrowerPhone: "010-1234-5678",
      instalment,
      ...draft,
      instalmentCount: draft.instalmentCount ?? 1,
      interval: draft.interval ?? "monthly",
      overdueRatePercent: 18.25,
      lender: "Kim Lender",
      merchantName: "Kim Finance",
    },
    { jurisdiction: "KR", today: draft.loanDate },
  );
  if (!terms.ok) throw new Error(`fixture ${id}: ${JSON.stringify(terms.errors)}`);
  return summarizeContract(
    {
      terms: terms.value,
      id,
      code: `code-${id}`,
      number: `C-2026-${id.padStart(6, "0")}`,
      createdAt: `${draft.loanDate}T00:00:00Z`,
      openedAt: null,
      signedAt: null,
      cancelled: false,
      linkExpiresAt: `${draft.loanDate}T00:00:00Z`,
      reminders: true,
      ...lifecycle,
    },
    replayLedger(terms.value, ledger, today).states,
    today,
  );
}

const bWrong = money("B", "repayment", 1, 100_000, "2025-06-08");
const ledger: LedgerEntry[] = [
  money("B", "repayment", 1, 500_000, "2025-06-07"),
  bWrong,
  {
    ...money("B", "repayment", 1, 0, "2025-06-09"),
    kind: "reversal",
    amount: null,
    reversesEntryId: bWrong.id,
  },
  money("C", "repayment", 1, 1_020_000, "2025-04-01"),
  money("C", "repayment", 2, 1_020_000, "2025-05-01"),
  money("C", "repayment", 3, 1_020_000, "2025-06-01"),
  money("G", "repayment", 1, 1_000_000, "2025-06-10"),
  money("G", "waiver", 1, 20_510, "2025-06-10"),
];
const of = (id: string) => ledger.filter((entry) => entry.contractId === id);
const signed = (date: string) => ({ openedAt: `${date}T00:00:00Z`, signedAt: `${date}T01:00:00Z` });

const contracts: Contract[] = [
  contract(
    "A",
    {
      loanAmount: 1_000_000,
      disbursedAmount: 1_000_000,
      loanDate: "2025-06-01",
      repaymentDate: "2025-06-10",
      instalmentAmount: 1_002_000,
    },
    signed("2025-06-01"),
    of("A"),
  ),
  contract(
    "B",
    {
      loanAmount: 2_000_000,
      disbursedAmount: 1_990_000,
      loanDate: "2025-05-01",
      repaymentDate: "2025-06-05",
      instalmentAmount: 2_000_000,
    },
    signed("2025-05-01"),
    of("B"),
  ),
  contract(
    "C",
    {
      loanAmount: 3_000_000,
      disbursedAmount: 3_000_000,
      loanDate: "2025-03-01",
      repaymentDate: "2025-04-01",
      instalmentCount: 3,
      instalmentAmount: 1_020_000,
    },
    signed("2025-03-01"),
    of("C"),
  ),
  // Signed at 2025-06-10 00:30 in Seoul = 2025-06-09T15:30Z: today in the business time zone.
  contract(
    "D",
    {
      loanAmount: 500_000,
      disbursedAmount: 500_000,
      loanDate: "2025-06-10",
      repaymentDate: "2025-06-12",
      instalmentCount: 2,
      instalmentAmount: 250_500,
      interval: "weekly",
    },
    { openedAt: "2025-06-09T15:00:00Z", signedAt: "2025-06-09T15:30:00Z" },
    of("D"),
  ),
  contract(
    "E",
    {
      loanAmount: 700_000,
      disbursedAmount: 700_000,
      loanDate: "2025-06-09",
      repaymentDate: "2025-07-09",
      instalmentAmount: 707_000,
    },
    {},
    [],
  ),
  contract(
    "F",
    {
      loanAmount: 900_000,
      disbursedAmount: 900_000,
      loanDate: "2025-06-09",
      repaymentDate: "2025-07-09",
      instalmentAmount: 909_000,
    },
    { openedAt: "2025-06-09T03:00:00Z", cancelled: true },
    [],
  ),
  contract(
    "G",
    {
      loanAmount: 1_000_000,
      disbursedAmount: 1_000_000,
      loanDate: "2025-04-01",
      repaymentDate: "2025-06-09",
      instalmentAmount: 1_020_000,
    },
    signed("2025-04-01"),
    of("G"),
  ),
  contract(
    "H",
    {
      loanAmount: 400_000,
      disbursedAmount: 400_000,
      loanDate: "2025-05-20",
      repaymentDate: "2025-06-09",
      instalmentCount: 2,
      instalmentAmount: 202_000,
      interval: "fortnightly",
    },
    signed("2025-05-20"),
    of("H"),
  ),
];

describe("the fixture's contracts", () => {
  it("have the statuses and balances worked out by hand", () => {
    const byId = Object.fromEntries(contracts.map((c) => [c.id, c]));
    expect(byId.A).toMatchObject({ status: "type6", outstandingAmount: 1_002_000 });
    expect(byId.B).toMatchObject({
      status: "type4",
      repaidAmount: 500_000,
      overdueInterest: 4_250,
      outstandingAmount: 1_504_250,
    });
    expect(byId.C).toMatchObject({
      status: "type5",
      repaidAmount: 3_060_000,
      outstandingAmount: 0,
    });
    expect(byId.D).toMatchObject({ status: "type6", outstandingAmount: 501_000 });
    expect(byId.E).toMatchObject({ status: "type1" });
    expect(byId.F).toMatchObject({ status: "type2", cancelled: true });
    expect(byId.G).toMatchObject({
      status: "type3",
      repaidAmount: 1_000_000,
      waivedAmount: 20_510,
      overdueInterest: 510,
    });
    expect(byId.H).toMatchObject({
      status: "type4",
      overdueAmount: 202_101,
      outstandingAmount: 404_101,
    });
  });
});

describe("computeStatistics (docs/customers.md#what-each-figure-means), every figure by hand", () => {
  const statistics = computeStatistics(contracts, ledger, today);

  it("all time", () => {
    expect(statistics.allTime.total).toEqual({
      signedCount: 6, // A B C D G H
      repaidCount: 2, // C (settled), G (completed)
      overdueCount: 2, // B, H
      notYetDueCount: 2, // D (06-12, 06-19), H (06-23)
      dueTodayCount: 1, // A
      contractedAmount: 7_900_000, // 1.0 + 2.0 + 3.0 + 0.5 + 1.0 + 0.4 million
      disbursedAmount: 7_890_000, // B disbursed 1,990,000
      repaidAmount: 4_560_000, // B 500,000 + C 3,060,000 + G 1,000,000 (reversal excluded)
      overdueAmount: 1_706_351, // B 1,504,250 + H 202,101
      notYetDueAmount: 703_000, // D 250,500 x 2 + H 202,000
      dueTodayAmount: 1_002_000, // A
      profit: -3_330_000, // 4,560,000 - 7,890,000
    });
    expect(statistics.allTime.single).toEqual({
      signedCount: 3, // A B G
      repaidCount: 1,
      overdueCount: 1,
      notYetDueCount: 0,
      dueTodayCount: 1,
      contractedAmount: 4_000_000,
      disbursedAmount: 3_990_000,
      repaidAmount: 1_500_000,
      overdueAmount: 1_504_250,
      notYetDueAmount: 0,
      dueTodayAmount: 1_002_000,
      profit: -2_490_000,
    });
    expect(statistics.allTime.instalment).toEqual({
      signedCount: 3, // C D H
      repaidCount: 1,
      overdueCount: 1,
      notYetDueCount: 2,
      dueTodayCount: 0,
      contractedAmount: 3_900_000,
      disbursedAmount: 3_900_000,
      repaidAmount: 3_060_000,
      overdueAmount: 202_101,
      notYetDueAmount: 703_000,
      dueTodayAmount: 0,
      profit: -840_000,
    });
  });

  it("today", () => {
    expect(statistics.today.total).toEqual({
      signedCount: 1, // D (00:30 in Seoul)
      repaidCount: 1, // G, closed today
      overdueCount: 1, // H fell overdue today; B has been overdue 5 days
      notYetDueCount: 2,
      dueTodayCount: 1,
      contractedAmount: 500_000, // D
      disbursedAmount: 500_000, // D, lent today
      repaidAmount: 1_000_000, // G
      overdueAmount: 202_101, // H instalment 1
      notYetDueAmount: 703_000,
      dueTodayAmount: 1_002_000,
      profit: 500_000,
    });
    expect(statistics.today.single).toMatchObject({
      signedCount: 0,
      repaidCount: 1,
      overdueCount: 0,
      contractedAmount: 0,
      disbursedAmount: 0,
      repaidAmount: 1_000_000,
      overdueAmount: 0,
      profit: 1_000_000,
    });
    expect(statistics.today.instalment).toMatchObject({
      signedCount: 1,
      repaidCount: 0,
      overdueCount: 1,
      contractedAmount: 500_000,
      disbursedAmount: 500_000,
      repaidAmount: 0,
      overdueAmount: 202_101,
      profit: -500_000,
    });
  });

  it("in progress vs completed", () => {
    expect(statistics.inProgress).toEqual({
      // A B D H; outstanding 1,002,000 + 1,504,250 + 501,000 + 404,101
      total: {
        count: 4,
        contractedAmount: 3_900_000,
        repaidAmount: 500_000,
        outstandingAmount: 3_411_351,
      },
      single: {
        count: 2,
        contractedAmount: 3_000_000,
        repaidAmount: 500_000,
        outstandingAmount: 2_506_250,
      },
      instalment: {
        count: 2,
        contractedAmount: 900_000,
        repaidAmount: 0,
        outstandingAmount: 905_101,
      },
    });
    expect(statistics.completed).toEqual({
      total: {
        count: 2,
        contractedAmount: 4_000_000,
        repaidAmount: 4_060_000,
        outstandingAmount: 0,
      },
      single: {
        count: 1,
        contractedAmount: 1_000_000,
        repaidAmount: 1_000_000,
        outstandingAmount: 0,
      },
      instalment: {
        count: 1,
        contractedAmount: 3_000_000,
        repaidAmount: 3_060_000,
        outstandingAmount: 0,
      },
    });
    expect(v.safeParse(lenderStatisticsSchema, statistics).success).toBe(true);
  });
});

describe("computeStatisticsWindows (docs/customers.md#what-each-figure-means)", () => {
  const result = computeStatisticsWindows(contracts, ledger, today, {
    offlineRecords: [{ amount: 300_000, outstandingAmount: 100_000, state: "overdue" }],
  });

  it("looks back for disbursed and repaid, forward for due", () => {
    expect(result.windows).toEqual([
      // today: D lent; G repaid; A due
      {
        days: 1,
        lookbackFrom: "2025-06-10",
        forwardTo: "2025-06-10",
        disbursedAmount: 500_000,
        repaidAmount: 1_000_000,
        dueAmount: 1_002_000,
      },
      // 06-08..06-10: B's 06-08 repayment was reversed; due adds D's 06-12 instalment
      {
        days: 3,
        lookbackFrom: "2025-06-08",
        forwardTo: "2025-06-12",
        disbursedAmount: 500_000,
        repaidAmount: 1_000_000,
        dueAmount: 1_252_500,
      },
      // 06-04..06-10 adds B's 500,000 of 06-07; 06-10..06-16 still ends before D's 06-19
      {
        days: 7,
        lookbackFrom: "2025-06-04",
        forwardTo: "2025-06-16",
        disbursedAmount: 500_000,
        repaidAmount: 1_500_000,
        dueAmount: 1_252_500,
      },
    ]);
  });

  it("summarises the lender's own book as shared-debt figures", () => {
    expect(result.sharedDebt).toEqual({
      online: {
        signedCount: 6,
        settledCount: 2,
        settledAmount: 4_060_000,
        inTransitAmount: 3_411_351,
        overdueCount: 2,
      },
      offline: {
        signedCount: 1,
        settledCount: 0,
        settledAmount: 0,
        inTransitAmount: 100_000,
        overdueCount: 1,
      },
    });
    expect(v.safeParse(lenderStatisticsWindowsSchema, result).success).toBe(true);
  });
});
