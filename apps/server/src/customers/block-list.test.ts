import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../audit/audit";
import { messageFor } from "../messages/message-for";
import { borrowerAPhone, type Cast, contractDraft, logInCast } from "../testing/fixtures";
import { errorKeys, refusal } from "../testing/refusal";
import { startTestServer, type TestServer } from "../testing/test-server";

describe("a lender's block list (docs/customers.md#block-list)", () => {
  let ts: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts);
  });
  afterAll(async () => {
    await ts?.close();
  });

  async function auditActions(phone: string) {
    const events = await readAuditEvents(ts.server.context.db, {
      subjectType: "phone",
      subjectId: phone,
    });
    return events.map((event) => [event.action, event.details]);
  }

  it("keeps a blocked phone from this lender's new contracts, and only this lender's", async () => {
    await cast.lenderA.api.contract.block({ phone: "010-1111-2222", reason: "연락 두절" });
    expect(await cast.lenderA.api.contract.blockList()).toEqual([
      { phone: "+821011112222", reason: "연락 두절", blockedAt: ts.clock.now().toISOString() },
    ]);
    expect(await cast.lenderB.api.contract.blockList()).toEqual([]);

    const refused = await refusal(cast.lenderA.api.contract.add(contractDraft(borrowerAPhone)));
    expect(refused.status).toBe(409);
    expect(refused.serverMessage).toBe(messageFor("contract.borrowerBlocked", "ko-KR"));
    await expect(
      cast.lenderB.api.contract.add(contractDraft(borrowerAPhone)),
    ).resolves.toMatchObject({ borrowerPhone: "+821011112222" });

    // Blocking again keeps the first block and its reason.
    await cast.lenderA.api.contract.block({ phone: borrowerAPhone, reason: "두 번째" });
    expect((await cast.lenderA.api.contract.blockList()).map((row) => row.reason)).toEqual([
      "연락 두절",
    ]);

    await cast.lenderA.api.contract.unblock({ phone: borrowerAPhone });
    await expect(
      cast.lenderA.api.contract.add(contractDraft(borrowerAPhone)),
    ).resolves.toMatchObject({ status: "type1" });
    expect(await cast.lenderA.api.contract.blockList()).toEqual([]);
    expect(await auditActions("+821011112222")).toEqual([
      ["customer.block", { reason: "연락 두절" }],
      ["customer.unblock", {}],
    ]);
  });

  it("asks for a reason, and says when there is no block to lift", async () => {
    const noReason = await refusal(
      cast.lenderA.api.contract.block({ phone: "010-3333-4444", reason: "  " }),
    );
    expect(errorKeys(noReason)).toEqual(["common.pleaseFillIn"]);
    const notBlocked = await refusal(cast.lenderA.api.contract.unblock({ phone: "010-3333-4444" }));
    expect(notBlocked.status).toBe(404);
    expect(notBlocked.serverMessage).toBe(messageFor("customer.notBlocked", "ko-KR"));
  });
});
