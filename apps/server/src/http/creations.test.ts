import { randomUUID } from "node:crypto";
import { endpointList } from "@chayong/sdk/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageFor } from "../messages/message-for";
import { type Cast, contractDraft, logInCast } from "../testing/fixtures";
import { errorKeys, refusal } from "../testing/refusal";
import { startTestServer, type TestServer } from "../testing/test-server";
import { creationEndpoints } from "./creations";

const newKey = () => randomUUID().replaceAll("-", "");

/**
 * Issue #27: a creation whose answer was lost (the client timed out, the connection dropped) and
 * that the client sends again with the same idempotency key creates nothing the second time and
 * answers the first answer (docs/idempotency.md).
 */
describe("creations once per idempotency key (docs/idempotency.md)", () => {
  let ts: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts);
  });
  afterAll(async () => {
    await ts?.close();
  });

  const contractCount = async () =>
    (await cast.lenderA.api.contract.query({ pageSize: 50 })).items.length;

  it("creates one contract for a key sent again, or sent five times at once", async () => {
    const before = await contractCount();
    const idempotencyKey = newKey();
    const draft = { ...contractDraft("01070000001"), idempotencyKey };
    const first = await cast.lenderA.api.contract.add(draft);
    const again = await cast.lenderA.api.contract.add(draft);
    expect(again).toEqual(first);
    expect(await contractCount()).toBe(before + 1);

    const racingKey = newKey();
    const racing = await Promise.all(
      Array.from({ length: 5 }, () =>
        cast.lenderA.api.contract.add({
          ...contractDraft("01070000002"),
          idempotencyKey: racingKey,
        }),
      ),
    );
    expect(new Set(racing.map((contract) => contract.id)).size).toBe(1);
    expect(await contractCount()).toBe(before + 2);
  });

  it("refuses the key with another request, and lets each lender have his own keys", async () => {
    const idempotencyKey = newKey();
    await cast.lenderA.api.contract.add({ ...contractDraft("01070000003"), idempotencyKey });
    const refused = await refusal(
      cast.lenderA.api.contract.add({
        ...contractDraft("01070000003", { loanAmount: 900_000, disbursedAmount: 900_000 }),
        idempotencyKey,
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.serverMessage).toBe(messageFor("operation.idempotencyKey.reused", "ko-KR"));

    const other = await cast.lenderB.api.contract.add({
      ...contractDraft("01070000003"),
      idempotencyKey,
    });
    expect(other.borrowerPhone).toBe("+821070000003");
  });

  it("records nothing for a refused creation: the same key works once the input is fixed", async () => {
    const idempotencyKey = newKey();
    const refused = await refusal(
      cast.lenderA.api.contract.add({
        ...contractDraft("01070000004", { name: "" }),
        idempotencyKey,
      }),
    );
    expect(refused.status).toBe(400);
    expect(errorKeys(refused).length).toBeGreaterThan(0);
    const created = await cast.lenderA.api.contract.add({
      ...contractDraft("01070000004"),
      idempotencyKey,
    });
    expect(created.name).toBe("Loan");
  });

  it("without a key, each call creates (as before keys)", async () => {
    const before = await contractCount();
    await cast.lenderA.api.contract.add(contractDraft("01070000005"));
    await cast.lenderA.api.contract.add(contractDraft("01070000005"));
    expect(await contractCount()).toBe(before + 2);
  });

  it("answers the first answer for a template, an offline-loan report, a block and an API key", async () => {
    const templateKey = newKey();
    const template = {
      name: "Once",
      lender: "Kim",
      merchantName: "Kim Co",
      idempotencyKey: templateKey,
    };
    const firstTemplate = await cast.lenderA.api.template.add(template);
    expect(await cast.lenderA.api.template.add(template)).toEqual(firstTemplate);
    expect(
      (await cast.lenderA.api.template.query({ name: "Once" })).filter(
        (row) => row.name === "Once",
      ),
    ).toHaveLength(1);

    const report = {
      phone: "010-7000-0006",
      idNumber: "900101-1234567",
      amount: 300_000,
      outstandingAmount: 100_000,
      loanDate: "2026-01-10",
      state: "overdue" as const,
      idempotencyKey: newKey(),
    };
    const firstReport = await cast.lenderA.api.contract.reportOfflineLoan(report);
    expect(await cast.lenderA.api.contract.reportOfflineLoan(report)).toEqual(firstReport);
    expect(await cast.lenderA.api.contract.offlineLoanList()).toHaveLength(1);

    const block = { phone: "010-7000-0007", reason: "연락 두절", idempotencyKey: newKey() };
    await cast.lenderA.api.contract.block(block);
    await cast.lenderA.api.contract.block(block);
    expect(
      (await cast.lenderA.api.contract.blockList()).filter((row) => row.phone === "+821070000007"),
    ).toHaveLength(1);

    // The key's secret is answered again (sealed at rest), and it is one key, not two.
    const apiKey = { name: "nightly", scope: "read" as const, idempotencyKey: newKey() };
    const firstApiKey = await cast.lenderA.api.apiKey.create(apiKey);
    expect(await cast.lenderA.api.apiKey.create(apiKey)).toEqual(firstApiKey);
    expect(
      (await cast.lenderA.api.apiKey.list()).filter((row) => row.name === "nightly"),
    ).toHaveLength(1);
    const tool = ts.client({ apiKey: firstApiKey.key });
    await expect(tool.api.template.query({ name: "" })).resolves.toBeDefined();
  });

  it("names only endpoints of the table, each taking the key", () => {
    for (const id of creationEndpoints) {
      const entry = endpointList.find((candidate) => candidate.id === id);
      expect(entry?.effect, id).toBe("write");
      const request = entry?.request as { entries?: Record<string, unknown> } | undefined;
      const entries = request?.entries ?? {};
      expect(Object.keys(entries), id).toContain("idempotencyKey");
    }
  });
});
