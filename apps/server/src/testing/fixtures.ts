import type { ContractDraft } from "@chayong/domain";
import type { Answer } from "@chayong/sdk";
import { verifyBorrower } from "./identity-kit";
import { signaturePng } from "./png";
import type { TestClient, TestServer } from "./test-server";
import { demoLenderPhone } from "./test-server";

export const borrowerAPhone = "01011112222";
export const borrowerBPhone = "01033334444";
export const lenderBPhone = "01055556666";

/** A lawful single-payment draft (11.77 % a year: 10,000 on 1,000,000 for 31 days) addressed to `borrowerPhone`. */
export function contractDraft(
  borrowerPhone: string,
  overrides: Partial<ContractDraft> = {},
): ContractDraft {
  return {
    name: "Loan",
    borrowerPhone,
    loanAmount: 1_000_000,
    disbursedAmount: 1_000_000,
    loanDate: "2026-03-02",
    repaymentDate: "2026-04-02",
    instalment: false,
    instalmentCount: 1,
    instalmentAmount: 1_010_000,
    interval: "monthly",
    serviceFee: 0,
    overdueRatePercent: 15,
    lender: "Kim",
    merchantName: "Kim Co",
    ...overrides,
  };
}

export interface Cast {
  none: TestClient;
  borrowerA: TestClient;
  borrowerB: TestClient;
  lenderA: TestClient;
  lenderB: TestClient;
}

/**
 * The five callers of the authorisation matrix, logged in (except `none`). With
 * `verifyBorrowers`, both borrowers have also completed identity verification (as signing
 * needs) through the real API and engines.
 */
export async function logInCast(
  ts: TestServer,
  options: { verifyBorrowers?: boolean } = {},
): Promise<Cast> {
  await ts.addLender(lenderBPhone, "Lender B");
  const cast: Cast = {
    none: ts.client(),
    borrowerA: ts.client(),
    borrowerB: ts.client(),
    lenderA: ts.client(),
    lenderB: ts.client(),
  };
  await cast.borrowerA.logIn(borrowerAPhone);
  await cast.borrowerB.logIn(borrowerBPhone);
  await cast.lenderA.logIn(demoLenderPhone);
  await cast.lenderB.logIn(lenderBPhone);
  if (options.verifyBorrowers) {
    await verifyBorrower(cast.borrowerA, { seed: 1 });
    // Another person: one face verifies one identity (docs/identity.md, "One person, one
    // identity").
    await verifyBorrower(cast.borrowerB, { face: "detect3.jpg", seed: 2 });
  }
  return cast;
}

/**
 * Lender A's 3-instalment contract of 340,000 a month to borrower A, opened and signed by him:
 * the signed document the PDF's tests and its benchmark read. Needs `logInCast` with
 * `verifyBorrowers`.
 */
export async function signedInstalmentContract(
  cast: Cast,
  name = "Loan",
): Promise<Answer<"contract.add">> {
  const contract = await cast.lenderA.api.contract.add(
    contractDraft(borrowerAPhone, {
      name,
      instalment: true,
      instalmentCount: 3,
      instalmentAmount: 340_000,
      repaymentDate: "2026-06-02",
    }),
  );
  await cast.borrowerA.api.contract.open({ code: contract.code });
  await cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() });
  return contract;
}
