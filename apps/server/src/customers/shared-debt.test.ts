import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, borrowerIdentities } from "../db/schema";
import { messageFor } from "../messages/message-for";
import { borrowerAPhone, type Cast, contractDraft, logInCast } from "../testing/fixtures";
import { verifyBorrower } from "../testing/identity-kit";
import { signaturePng } from "../testing/png";
import { refusal } from "../testing/refusal";
import { startTestServer, type TestClient, type TestServer } from "../testing/test-server";

describe("the shared-debt lookup (decisions §6)", () => {
  let ts: TestServer;
  let cast: Cast;
  let consenting: { phone: string; idNumber: string };

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts);
    // Borrower A consents (the kit ticks it); two signed contracts with two lenders, one repaid.
    const photos = await verifyBorrower(cast.borrowerA, { seed: 41 });
    consenting = { phone: borrowerAPhone, idNumber: photos.person.idNumber };
    for (const lender of [cast.lenderA, cast.lenderB]) {
      const contract = await lender.api.contract.add(contractDraft(borrowerAPhone));
      await cast.borrowerA.api.contract.open({ code: contract.code });
      await cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() });
      if (lender === cast.lenderB) {
        await lender.api.contract.update({
          id: contract.id,
          idempotencyKey: "shared-debt-settle-1",
          instalmentIndex: 1,
          repaymentAmount: 1_010_000,
          receivedOn: "2026-03-02",
        });
      }
    }
  }, 60_000);
  afterAll(async () => {
    await ts?.close();
  });

  it("answers aggregates across every lender, online and offline, and audits the remark", async () => {
    // Lender B also lent outside the app and reports it; a withdrawn or other person's report
    // never counts.
    await cast.lenderB.api.contract.reportOfflineLoan({
      ...consenting,
      amount: 300_000,
      outstandingAmount: 100_000,
      loanDate: "2026-01-10",
      state: "overdue",
    });
    await cast.lenderB.api.contract.reportOfflineLoan({
      phone: "010-5000-0000",
      idNumber: "900101-1234567",
      amount: 999_000,
      loanDate: "2026-01-10",
      state: "inTransit",
    });
    const info = await cast.lenderA.api.contract.sharedDebt({
      ...consenting,
      remark: "새 대출 심사",
    });
    expect(info).toEqual({
      online: {
        signedCount: 2,
        settledCount: 1,
        inTransitAmount: 1_010_000,
        settledAmount: 1_010_000,
        overdueCount: 0,
      },
      offline: {
        signedCount: 1,
        settledCount: 0,
        inTransitAmount: 100_000,
        settledAmount: 0,
        overdueCount: 1,
      },
    });
    const lender = await cast.lenderA.api.user.current();
    const [audit] = await ts.server.context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorId, lender.userId), eq(auditEvents.action, "sharedDebt.query")),
      );
    expect(audit?.details).toEqual({ remark: "새 대출 심사", found: true, bankCardGiven: false });
    expect(JSON.stringify(audit)).not.toContain(consenting.idNumber.slice(7));
  });

  it("says 'not found' for a wrong phone, a wrong number, or someone who did not consent", async () => {
    const notFound = messageFor("sharedDebt.notFound", "ko-KR");
    const wrongPhone = await refusal(
      cast.lenderA.api.contract.sharedDebt({ ...consenting, phone: "010-3333-4444" }),
    );
    expect([wrongPhone.status, wrongPhone.serverMessage]).toEqual([404, notFound]);

    const declining: TestClient = ts.client();
    await declining.logIn("01040000001");
    const photos = await verifyBorrower(declining, { seed: 42 });
    // The kit consents; this borrower declines, as unticking the box would have.
    await ts.server.context.db
      .update(borrowerIdentities)
      .set({ sharedDebtConsent: false })
      .where(
        eq(
          borrowerIdentities.idNumberHash,
          ts.server.context.personalData.lookupHash(photos.person.idNumber),
        ),
      );
    const noConsent = await refusal(
      cast.lenderA.api.contract.sharedDebt({
        phone: "01040000001",
        idNumber: photos.person.idNumber,
      }),
    );
    expect([noConsent.status, noConsent.serverMessage]).toEqual([404, notFound]);
  });

  it("limits each lender to 30 lookups an hour", async () => {
    let refusedAt = -1;
    for (let i = 0; i < 31; i++) {
      const result = await cast.lenderB.api.contract
        .sharedDebt({ ...consenting, phone: "010-3333-4444" })
        .catch((error: { status?: number }) => error.status);
      if (result === 429) {
        refusedAt = i;
        break;
      }
    }
    expect(refusedAt).toBe(30);
  });
});
