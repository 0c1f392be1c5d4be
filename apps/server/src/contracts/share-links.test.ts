import { messageKeys } from "@chayong/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../audit/audit";
import { messageFor } from "../messages/message-for";
import { borrowerAPhone, type Cast, contractDraft, logInCast } from "../testing/fixtures";
import { signaturePng } from "../testing/png";
import { refusal } from "../testing/refusal";
import { startTestServer, type TestServer } from "../testing/test-server";

const day = 24 * 60 * 60 * 1000;

/** A refusal's envelope status and the message key its text is (the caller's language: ko-KR). */
async function refusedWith(call: Promise<unknown>): Promise<[number, string]> {
  const error = await refusal(call);
  const key = messageKeys.find(
    (candidate) => messageFor(candidate, "ko-KR") === error.serverMessage,
  );
  return [error.status ?? 0, key ?? error.serverMessage ?? ""];
}

describe("share links that expire, and signing into a debt already overdue (docs/contracts.md)", () => {
  let ts: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts, { verifyBorrowers: true });
  }, 240_000);
  afterAll(async () => {
    await ts?.close();
  });

  /** Time passes; both parties keep using the app, so their sessions stay alive. */
  const passMs = async (ms: number) => {
    // In steps shorter than a session's 30 idle days.
    for (let left = ms; left > 0; left -= 10 * day) {
      ts.clock.advance(Math.min(left, 10 * day));
      for (const client of [cast.lenderA, cast.borrowerA]) await client.api.user.current();
    }
  };

  it("opens for 7 days; then says it expired until the lender issues a new link", async () => {
    const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
    expect(contract.linkExpiresAt).toBe(new Date(ts.clock.now().getTime() + 7 * day).toISOString());
    await passMs(7 * day - 1000);
    await cast.borrowerA.api.contract.open({ code: contract.code });
    await passMs(1000);
    const expired = await refusal(cast.borrowerA.api.contract.open({ code: contract.code }));
    // The page that says so tells when it stopped working.
    expect(expired.body).toMatchObject({ linkExpiresAt: contract.linkExpiresAt });
    for (const expiredCall of [
      () => cast.borrowerA.api.contract.open({ code: contract.code }),
      () => cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() }),
    ]) {
      expect(await refusedWith(expiredCall())).toEqual([409, "contract.linkExpired"]);
    }
    // A new link: the old code stops working, the new one opens and signs.
    const reissued = await cast.lenderA.api.contract.reissueLink({ id: contract.id });
    expect(reissued.code).not.toBe(contract.code);
    expect(reissued.linkExpiresAt).toBe(new Date(ts.clock.now().getTime() + 7 * day).toISOString());
    expect(await refusedWith(cast.borrowerA.api.contract.open({ code: contract.code }))).toEqual([
      404,
      "contract.notFound",
    ]);
    await cast.borrowerA.api.contract.open({ code: reissued.code });
    const signed = await cast.borrowerA.api.contract.sign({
      id: contract.id,
      signature: signaturePng(),
    });
    expect(signed.linkExpiresAt).toBeNull();
    // Signed, the link stays reachable whatever its date, and cannot be reissued.
    await passMs(30 * day);
    await cast.borrowerA.api.contract.open({ code: reissued.code });
    expect(await refusedWith(cast.lenderA.api.contract.reissueLink({ id: contract.id }))).toEqual([
      409,
      "contract.linkReissueNotAllowed",
    ]);
    const actions = (await readAuditEvents(ts.server.context.db, { subjectId: contract.id })).map(
      (event) => event.action,
    );
    expect(actions).toContain("contract.reissueLink");
  });

  it("refuses to sign a contract already overdue unless the borrower acknowledged it", async () => {
    const today = ts.clock.now().toISOString().slice(0, 10);
    const loanDate = new Date(ts.clock.now().getTime() - 40 * day).toISOString().slice(0, 10);
    const repaymentDate = new Date(ts.clock.now().getTime() - 10 * day).toISOString().slice(0, 10);
    // A lender may record an old loan whose due date has passed.
    const contract = await cast.lenderA.api.contract.add(
      contractDraft(borrowerAPhone, { loanDate, repaymentDate, instalmentAmount: 1_010_000 }),
    );
    const opened = await cast.borrowerA.api.contract.open({ code: contract.code });
    // What he owes the moment he signs: 10 days of late interest at 15 % on 1,010,000 = 4,150.68.
    expect(opened.overdueAtSigning).toEqual({
      asOf: today,
      overdueAmount: 1_014_150,
      overdueInterest: 4_150,
      outstandingAmount: 1_014_150,
      daysOverdue: 10,
    });
    for (const acknowledgeOverdue of [undefined, false]) {
      const refused = await refusedWith(
        cast.borrowerA.api.contract.sign({
          id: contract.id,
          signature: signaturePng(),
          acknowledgeOverdue,
        }),
      );
      expect(refused).toEqual([409, "contract.overdueNotAcknowledged"]);
    }
    const signed = await cast.borrowerA.api.contract.sign({
      id: contract.id,
      signature: signaturePng(),
      acknowledgeOverdue: true,
    });
    expect(signed).toMatchObject({
      status: "type4",
      overdueAmount: 1_014_150,
      overdueAtSigning: null,
    });
  });

  it("asks no acknowledgement of a contract whose due dates are all ahead", async () => {
    const loanDate = ts.clock.now().toISOString().slice(0, 10);
    const repaymentDate = new Date(ts.clock.now().getTime() + 31 * day).toISOString().slice(0, 10);
    const contract = await cast.lenderA.api.contract.add(
      contractDraft(borrowerAPhone, { loanDate, repaymentDate }),
    );
    const opened = await cast.borrowerA.api.contract.open({ code: contract.code });
    expect(opened.overdueAtSigning).toBeNull();
    await cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() });
  });
});
