import type { ContractDetail } from "../features/contracts/contract-labels";

/**
 * A contract as the server summarises it (every field the SDK checks), numbered `n`, with its
 * parties as the detail answers them (a list's answer drops them); its borrower not verified
 * unless `patch.parties` says otherwise.
 */
export function fakeContract(n: number, patch: Partial<ContractDetail> = {}): ContractDetail {
  const lender = patch.lender ?? "Kim";
  const merchantName = patch.merchantName ?? "Kim Co";
  const borrowerPhone = patch.borrowerPhone ?? "+821012345678";
  return {
    parties: {
      lender: { name: lender, merchantName, licenceNumber: null },
      borrower: { phone: borrowerPhone, identity: null, faceReview: null },
    },
    id: `contract-${n}`,
    code: `code${String(n).padStart(16, "0")}`,
    number: `C-2026-${String(n).padStart(6, "0")}`,
    name: `Contract ${n}`,
    borrowerPhone: "+821012345678",
    loanAmount: 1_000_000,
    disbursedAmount: 1_000_000,
    loanDate: "2026-03-01",
    repaymentDate: "2026-04-01",
    instalment: false,
    instalmentCount: 1,
    instalmentAmount: 1_010_000,
    interval: "monthly",
    serviceFee: 0,
    overdueRatePercent: 15,
    lender: "Kim",
    merchantName: "Kim Co",
    renewal: false,
    currency: "KRW",
    jurisdiction: "KR",
    status: "type1",
    type: "single",
    dueDate: "2026-04-01",
    repaidAmount: 0,
    overdueAmount: 0,
    waivedAmount: 0,
    outstandingAmount: 1_010_000,
    overdueInterest: 0,
    effectiveAnnualRatePercent: 12.87,
    schedule: [
      {
        index: 1,
        dueDate: "2026-04-01",
        amount: 1_010_000,
        repaid: 0,
        waived: 0,
        outstanding: 1_010_000,
        daysOverdue: 0,
        overdueInterest: 0,
        principalOutstanding: 1_010_000,
        interestOutstanding: 0,
        overpaid: 0,
        originalDueDate: "2026-04-01",
        renewed: false,
      },
    ],
    link: `#/pages/loans/sign?code=code${String(n).padStart(16, "0")}`,
    createdAt: "2026-03-01T00:00:00.000Z",
    openedAt: null,
    signedAt: null,
    cancelled: false,
    templateId: null,
    totalRepayable: 1_010_000,
    amountReceived: 1_000_000,
    linkExpiresAt: "2099-01-01T00:00:00.000Z",
    reminders: true,
    overdueAtSigning: null,
    ...patch,
  } as ContractDetail;
}
