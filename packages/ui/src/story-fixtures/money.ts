import type { InstalmentBalanceData } from "../instalment-balances/instalment-balances";
import type { LedgerTimelineEntry } from "../ledger-timeline/ledger-timeline";

// One contract's money after signing, for stories and tests: 3 monthly instalments of 340,000,
// the first paid (partly waived), the second overdue 9 days, the third renewed.

export const instalmentsFixture: InstalmentBalanceData[] = [
  {
    index: 1,
    dueDate: "2026-04-02",
    originalDueDate: "2026-04-02",
    renewed: false,
    amount: 340_000,
    repaid: 330_000,
    waived: 10_000,
    outstanding: 0,
    principalOutstanding: 0,
    interestOutstanding: 0,
    overdueInterest: 0,
    daysOverdue: 0,
  },
  {
    index: 2,
    dueDate: "2026-05-02",
    originalDueDate: "2026-05-02",
    renewed: false,
    amount: 340_000,
    repaid: 100_000,
    waived: 0,
    outstanding: 241_183,
    principalOutstanding: 240_000,
    interestOutstanding: 1_183,
    overdueInterest: 1_183,
    daysOverdue: 9,
  },
  {
    index: 3,
    dueDate: "2026-07-15",
    originalDueDate: "2026-06-02",
    renewed: true,
    amount: 340_000,
    repaid: 0,
    waived: 0,
    outstanding: 340_000,
    principalOutstanding: 340_000,
    interestOutstanding: 0,
    overdueInterest: 0,
    daysOverdue: 0,
  },
];

const entry = (
  fields: Partial<LedgerTimelineEntry> & Pick<LedgerTimelineEntry, "id" | "kind">,
) => ({
  instalmentIndex: 1,
  amount: null,
  date: "2026-04-02",
  newDueDate: null,
  reversesEntryId: null,
  reversedByEntryId: null,
  actorName: "김대여 (차용 금융)",
  recordedAt: "2026-04-02T01:15:00.000Z",
  reason: null,
  ...fields,
});

export const ledgerFixture: LedgerTimelineEntry[] = [
  entry({
    id: "e1",
    kind: "repayment",
    amount: 330_000,
    date: "2026-04-01",
    recordedAt: "2026-04-02T01:15:00.000Z",
    reason: "계좌 이체",
  }),
  entry({
    id: "e2",
    kind: "waiver",
    amount: 10_000,
    recordedAt: "2026-04-02T01:16:00.000Z",
    reason: "단골 고객 감면",
  }),
  entry({
    id: "e3",
    kind: "repayment",
    instalmentIndex: 2,
    amount: 150_000,
    date: "2026-05-03",
    recordedAt: "2026-05-03T09:40:00.000Z",
    reversedByEntryId: "e4",
  }),
  entry({
    id: "e4",
    kind: "reversal",
    instalmentIndex: 2,
    date: "2026-05-03",
    reversesEntryId: "e3",
    recordedAt: "2026-05-03T09:42:00.000Z",
    reason: "금액을 잘못 입력함",
  }),
  entry({
    id: "e5",
    kind: "repayment",
    instalmentIndex: 2,
    amount: 100_000,
    date: "2026-05-03",
    recordedAt: "2026-05-03T09:43:00.000Z",
  }),
  entry({
    id: "e6",
    kind: "renewal",
    instalmentIndex: 3,
    date: "2026-05-20",
    newDueDate: "2026-07-15",
    recordedAt: "2026-05-20T02:00:00.000Z",
    reason: "여름 휴가 후 상환 요청",
  }),
];
