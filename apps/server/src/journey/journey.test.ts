import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../audit/audit";
import { messageFor } from "../messages/message-for";
import { personalDetailsOf, verifyBorrower } from "../testing/identity-kit";
import { signaturePng } from "../testing/png";
import { refusal } from "../testing/refusal";
import { demoLenderPhone, startTestServer, type TestServer } from "../testing/test-server";

describe("journey: a lender sends a contract, a borrower opens it, verifies and signs (through the SDK)", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("goes from the demo lender's login to a signed contract", async () => {
    const lender = await ts.loggedInClient(demoLenderPhone);
    const me = await lender.api.user.current();
    expect(me).toMatchObject({
      role: "lender",
      phone: "+821000000000",
      lender: { jurisdiction: "KR" },
    });

    const template = await lender.api.template.add({
      name: "Basic loan",
      lender: "Kim Demo",
      merchantName: "Demo Co",
    });
    expect(await lender.api.template.query({ name: "basic" })).toEqual([template]);

    const contract = await lender.api.contract.add({
      name: "Loan to Lee",
      borrowerPhone: "010-2222-3333",
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
      lender: template.lender,
      merchantName: template.merchantName,
      templateId: template.id,
    });
    expect(contract).toMatchObject({
      status: "type1",
      borrowerPhone: "+821022223333",
      currency: "KRW",
    });
    // 10,000 on 1,000,000 over 31 days: 1% x 365 / 31 = 11.774194% a year (simple).
    expect(contract.effectiveAnnualRatePercent).toBe(11.774194);
    expect(contract.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(contract.link).toContain(contract.code);

    const borrower = await ts.loggedInClient("01022223333");
    expect((await borrower.api.user.current()).role).toBe("borrower");
    expect((await borrower.api.contract.query()).items).toEqual([]);

    const opened = await borrower.api.contract.open({ code: contract.code });
    expect(opened.status).toBe("type2");
    expect((await lender.api.contract.query()).items.map((c) => [c.id, c.status])).toEqual([
      [contract.id, "type2"],
    ]);

    // Signing needs a verified borrower: face check, ID card, contacts (docs/identity.md).
    const unverified = await refusal(
      borrower.api.contract.sign({ id: contract.id, signature: signaturePng() }),
    );
    expect(unverified.status).toBe(409);
    expect(unverified.serverMessage).toBe(messageFor("identity.notVerified", "ko-KR"));
    const photos = await verifyBorrower(borrower);
    // Verified, not yet signed: the details may still change (docs/identity.md).
    expect(await borrower.api.identity.userDetail()).toMatchObject({
      verified: true,
      locked: false,
    });

    const signed = await borrower.api.contract.sign({ id: contract.id, signature: signaturePng() });
    expect(signed.status).toBe("type6");
    expect(signed.signedAt).toBe(ts.clock.now().toISOString());

    // The identity it was signed with stays as it was, and the signing record names it; the
    // borrower's own record says so, for the ID card page to show it read-only.
    expect((await borrower.api.identity.userDetail()).locked).toBe(true);
    const relock = await refusal(
      borrower.api.identity.ocrConfirm(personalDetailsOf(photos, photos.addresses)),
    );
    expect(relock.serverMessage).toBe(messageFor("identity.lockedAfterSigning", "ko-KR"));
    const [signing] = await readAuditEvents(ts.server.context.db, {
      action: "contract.sign",
      subjectId: contract.id,
    });
    expect(signing?.details).toMatchObject({
      identity: { idNumberMasked: `${photos.person.idNumber.slice(0, 8)}******` },
    });

    const document = await borrower.api.contract.view({ id: contract.id });
    expect(document).toContain("Loan to Lee");
    expect(document).toContain("data:image/png;base64,");
    expect(document).toMatch(/[0-9a-f]{64}/);

    const listed = await borrower.api.contract.query({ status: "type6" });
    expect(listed.items.map((c) => c.id)).toEqual([contract.id]);

    await lender.api.auth.logout();
    await expect(lender.api.user.current()).rejects.toMatchObject({
      kind: "session-ended",
      status: 301,
    });
  });
});
