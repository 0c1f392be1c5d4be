// Prints how long the heavy rules take on the built package (run `pnpm build` first).
// Figures, not assertions: speed belongs here, never in unit tests.
import {
  addDays,
  annualRate,
  balancesAsOf,
  balancesOn,
  buildSchedule,
  computeStatistics,
  replayLedger,
  summarizeContract,
  validateContractDraft,
} from "../dist/index.js";

function time(label, runs, fn) {
  fn();
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) fn();
  const perRun = (performance.now() - start) / runs;
  console.info(`${label.padEnd(58)} ${(perRun * 1000).toFixed(1).padStart(9)} µs/run`);
}

const schedule = buildSchedule({
  instalmentCount: 10,
  instalmentAmount: 110_000,
  repaymentDate: "2025-02-01",
  interval: "monthly",
});
const loan = {
  received: 1_000_000,
  loanDate: "2025-01-01",
  payments: schedule.map((i) => ({ date: i.dueDate, amount: i.amount })),
};
time("annualRate (simple), 10 monthly instalments", 2_000, () => annualRate(loan));
time("annualRate (simple), 1 payment (closed form)", 2_000, () =>
  annualRate({ ...loan, payments: loan.payments.slice(0, 1) }),
);

const draft = {
  name: "Bench",
  borrowerPhone: "010-1234-5678",
  loanAmount: 1_000_000,
  disbursedAmount: 1_000_000,
  loanDate: "2025-01-01",
  repaymentDate: "2025-02-01",
  instalment: true,
  instalmentCount: 10,
  instalmentAmount: 105_000,
  interval: "monthly",
  overdueRatePercent: 20,
  lender: "L",
  merchantName: "M",
};
time("validateContractDraft, 10 instalments", 1_000, () =>
  validateContractDraft(draft, { jurisdiction: "KR", today: "2025-01-01" }),
);

const terms = validateContractDraft(draft, { jurisdiction: "KR", today: "2025-01-01" }).value;
const ledger = Array.from({ length: 100 }, (_, i) => ({
  id: `e${i}`,
  contractId: "c",
  kind: "repayment",
  instalmentIndex: (i % 10) + 1,
  amount: 1_000,
  date: addDays("2025-02-01", i),
  newDueDate: null,
  reversesEntryId: null,
  seq: i + 1,
  actorId: "a",
  recordedAt: `2025-01-01T00:00:00.${String(i).padStart(3, "0")}Z`,
  reason: null,
}));
time("balancesAsOf, 10 instalments, 100 ledger entries", 2_000, () =>
  balancesAsOf(terms, ledger, "2025-12-31"),
);
const states = replayLedger(terms, ledger, "2025-12-31").states;
time("balancesOn (from stored states, no ledger), 10 instalments", 20_000, () =>
  balancesOn(states, terms.overdueRatePercent, "2026-01-31"),
);

const contracts = Array.from({ length: 1_000 }, (_, i) =>
  summarizeContract(
    {
      terms,
      id: `c${i}`,
      code: `k${i}`,
      createdAt: "2025-01-01T00:00:00Z",
      openedAt: "2025-01-01T00:00:00Z",
      signedAt: "2025-01-01T00:00:00Z",
      cancelled: false,
    },
    [],
    "2025-06-01",
  ),
);
const bookLedger = contracts.flatMap((c) =>
  ledger.slice(0, 10).map((e) => ({ ...e, id: `${c.id}-${e.id}`, contractId: c.id })),
);
time("computeStatistics, 1,000 contracts x 10 entries", 10, () =>
  computeStatistics(contracts, bookLedger, "2025-06-01"),
);
