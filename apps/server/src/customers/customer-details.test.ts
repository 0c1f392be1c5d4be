import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../audit/audit";
import { borrowerAPhone, type Cast, contractDraft, logInCast } from "../testing/fixtures";
import { verifyBorrower } from "../testing/identity-kit";
import { refusal } from "../testing/refusal";
import { startTestServer, type TestServer } from "../testing/test-server";

describe("customer details: a contract's borrower as its lender sees them", () => {
  let ts: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("shows what exists before verification, everything after, and audits each view", async () => {
    const first = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
    // Not opened yet: the phone and the contracts, nothing personal.
    const unopened = await cast.lenderA.api.contract.userDetails({ id: first.id });
    expect(unopened).toMatchObject({
      status: "normal",
      phone: "+821011112222",
      name: null,
      idNumberMasked: null,
      idCardFrontUrl: null,
      contacts: [],
      verified: false,
    });
    expect(unopened.contracts.map((contract) => contract.id)).toEqual([first.id]);

    await cast.borrowerA.api.contract.open({ code: first.code });
    const photos = await verifyBorrower(cast.borrowerA, { seed: 31 });
    ts.clock.advance(60_000);
    const second = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
    await cast.lenderA.api.contract.block({ phone: borrowerAPhone, reason: "test" });

    const detail = await cast.lenderA.api.contract.userDetails({ id: first.id });
    expect(detail).toMatchObject({
      status: "blocked",
      name: photos.person.name,
      idNumberMasked: `${photos.person.idNumber.slice(0, 8)}******`,
      gender: photos.person.gender,
      birthday: photos.person.birthday,
      verified: true,
      contacts: [
        { name: "김부모", phone: "+821098760001", relation: "parents" },
        { name: "이친구", phone: "+821098760002", relation: "friend" },
      ],
    });
    expect(detail.contracts.map((contract) => contract.id)).toEqual([second.id, first.id]);
    // From the second contract, which the borrower never opened, the same person is shown.
    const fromSecond = await cast.lenderA.api.contract.userDetails({ id: second.id });
    expect(fromSecond).toMatchObject({ name: photos.person.name, verified: true });
    // The images load for this lender, and each load is audited as his.
    for (const url of [detail.idCardFrontUrl, detail.holdingPhotoUrl, detail.facePhotoUrl]) {
      expect((await fetch(new URL(url ?? "", ts.url))).status).toBe(200);
    }
    const lender = await cast.lenderA.api.user.current();
    const views = await readAuditEvents(ts.server.context.db, {
      action: "customer.view",
      actorId: lender.userId,
    });
    expect(views).toHaveLength(3);
    expect(views.map((view) => [view.details.contractId, view.details.identityShown])).toEqual([
      [first.id, false],
      [first.id, true],
      [second.id, true],
    ]);
    const imageViews = await readAuditEvents(ts.server.context.db, {
      action: "identity.image.view",
      actorId: lender.userId,
    });
    expect(imageViews).toHaveLength(3);
  });

  it("leaves out the contracts the lender deleted, even when asked from one of them", async () => {
    const phone = "01055553333";
    const kept = await cast.lenderA.api.contract.add(contractDraft(phone));
    const deleted = await cast.lenderA.api.contract.add(contractDraft(phone));
    await cast.lenderA.api.contract.cancel({ id: deleted.id });
    for (const id of [kept.id, deleted.id]) {
      const detail = await cast.lenderA.api.contract.userDetails({ id });
      expect(detail.contracts.map((contract) => contract.id)).toEqual([kept.id]);
    }
  });

  it("is the contract's lender's only", async () => {
    const contract = await cast.lenderA.api.contract.add(contractDraft("01099990000"));
    expect((await refusal(cast.lenderB.api.contract.userDetails({ id: contract.id }))).status).toBe(
      403,
    );
    expect(
      (await refusal(cast.borrowerA.api.contract.userDetails({ id: contract.id }))).status,
    ).toBe(403);
  });
});
