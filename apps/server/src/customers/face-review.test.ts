import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../audit/audit";
import { DEFAULT_DEMO_LENDER } from "../config/config";
import { messageFor, serverText } from "../messages/message-for";
import {
  borrowerAPhone,
  borrowerBPhone,
  type Cast,
  contractDraft,
  logInCast,
} from "../testing/fixtures";
import { testFaces, verifyBorrower } from "../testing/identity-kit";
import { signaturePng } from "../testing/png";
import { refusal } from "../testing/refusal";
import { startTestServer, type TestClient, type TestServer } from "../testing/test-server";

// docs/identity.md, "Three outcomes": a face check between the thresholds waits for a lender.
describe("a face check that comes out 'review'", () => {
  let ts: TestServer;
  let cast: Cast;

  /**
   * Verifies the borrower with a card whose portrait is another photo of him, years apart:
   * `review`. `photo` picks which of the two is the live one: two borrowers take one each, since
   * one face verifies one identity (docs/identity.md, "One person, one identity").
   */
  const verifyWithOlderPortrait = (client: TestClient, seed: number, photo: 0 | 1 = 0) =>
    verifyBorrower(client, {
      face: testFaces[photo],
      cardFace: testFaces[1 - photo],
      holderFace: testFaces[photo],
      seed,
    });

  const openedContract = async (lender: TestClient, borrower: TestClient, phone: string) => {
    const contract = await lender.api.contract.add(contractDraft(phone));
    await borrower.api.contract.open({ code: contract.code });
    return contract;
  };

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("lets the borrower sign once his lender approves it, audited and told by SMS", async () => {
    await verifyWithOlderPortrait(cast.borrowerA, 31);
    const me = await cast.borrowerA.api.identity.userDetail();
    expect(me).toMatchObject({ verified: true, faceDecision: "review" });
    const contract = await openedContract(cast.lenderA, cast.borrowerA, borrowerAPhone);

    // Signing waits, and both sides can see why.
    const waiting = await refusal(
      cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() }),
    );
    expect(waiting.status).toBe(409);
    expect(waiting.serverMessage).toBe(messageFor("identity.underReview", "ko-KR"));
    const seen = await cast.borrowerA.api.contract.detail({ id: contract.id });
    expect(seen.parties.borrower.faceReview).toBe("pending");
    const customer = await cast.lenderA.api.contract.userDetails({ id: contract.id });
    expect(customer.faceReview?.status).toBe("pending");
    const score = customer.faceReview?.score ?? 0;
    expect(score).toBeGreaterThanOrEqual(customer.faceReview?.thresholds.review ?? 1);
    expect(score).toBeLessThan(customer.faceReview?.thresholds.match ?? 0);
    // The photos to compare are there for him to look at.
    expect(customer.facePhotoUrl).not.toBeNull();
    expect(customer.idCardFrontUrl).not.toBeNull();
    expect(customer.holdingPhotoUrl).not.toBeNull();

    // Another lender, and the borrower himself, cannot decide for this contract.
    for (const stranger of [cast.lenderB, cast.borrowerA]) {
      const refused = await refusal(
        stranger.api.contract.faceReview({ id: contract.id, decision: "approved" }),
      );
      expect(refused.status).toBe(403);
    }

    await cast.lenderA.api.contract.faceReview({ id: contract.id, decision: "approved" });
    const sms = ts.sms.lastMessage("+821011112222");
    expect(sms?.text).toBe(
      serverText("sms.faceReview.approved", "ko-KR", { lender: DEFAULT_DEMO_LENDER.name }),
    );
    const [audited] = await readAuditEvents(ts.server.context.db, { action: "identity.review" });
    expect(audited?.details).toMatchObject({ contractId: contract.id, decision: "approved" });
    expect(audited?.details.score).toBeCloseTo(score, 6);

    // Decided once: a second decision is refused and changes nothing.
    const again = await refusal(
      cast.lenderA.api.contract.faceReview({ id: contract.id, decision: "refused" }),
    );
    expect(again.serverMessage).toBe(messageFor("identity.review.notNeeded", "ko-KR"));
    expect((await cast.lenderA.api.contract.userDetails({ id: contract.id })).faceReview).toEqual(
      expect.objectContaining({ status: "approved" }),
    );

    const signed = await cast.borrowerA.api.contract.sign({
      id: contract.id,
      signature: signaturePng(),
    });
    expect(signed.signedAt).not.toBeNull();
    // Approval holds for this lender's other contracts too: it is his look at these photos.
    const second = await openedContract(cast.lenderA, cast.borrowerA, borrowerAPhone);
    await cast.borrowerA.api.contract.sign({ id: second.id, signature: signaturePng() });
  });

  it("keeps the borrower from signing when the lender refuses it, for that lender only", async () => {
    await verifyWithOlderPortrait(cast.borrowerB, 32, 1);
    const ofLenderA = await openedContract(cast.lenderA, cast.borrowerB, borrowerBPhone);
    const ofLenderB = await openedContract(cast.lenderB, cast.borrowerB, borrowerBPhone);

    await cast.lenderA.api.contract.faceReview({ id: ofLenderA.id, decision: "refused" });
    expect(ts.sms.lastMessage("+821033334444")?.text).toBe(
      serverText("sms.faceReview.refused", "ko-KR", { lender: DEFAULT_DEMO_LENDER.name }),
    );
    const refused = await refusal(
      cast.borrowerB.api.contract.sign({ id: ofLenderA.id, signature: signaturePng() }),
    );
    expect(refused.serverMessage).toBe(messageFor("identity.reviewRefused", "ko-KR"));
    expect(
      (await cast.borrowerB.api.contract.detail({ id: ofLenderA.id })).parties.borrower.faceReview,
    ).toBe("refused");

    // Lender B has not looked yet: his contract still waits for him.
    const waiting = await refusal(
      cast.borrowerB.api.contract.sign({ id: ofLenderB.id, signature: signaturePng() }),
    );
    expect(waiting.serverMessage).toBe(messageFor("identity.underReview", "ko-KR"));
  });

  it("needs no review for a match, and refuses a decision on it", async () => {
    const client = await ts.loggedInClient("01077770001");
    await verifyBorrower(client, { face: testFaces[2], seed: 33 });
    expect((await client.api.identity.userDetail()).faceDecision).toBe("match");
    const contract = await openedContract(cast.lenderA, client, "01077770001");
    expect((await cast.lenderA.api.contract.detail({ id: contract.id })).parties.borrower).toEqual(
      expect.objectContaining({ faceReview: null }),
    );
    const refused = await refusal(
      cast.lenderA.api.contract.faceReview({ id: contract.id, decision: "approved" }),
    );
    expect(refused.status).toBe(409);
    await client.api.contract.sign({ id: contract.id, signature: signaturePng() });
  });
});
