import type { ContractStatus } from "@chayong/domain";
import type { RequestOutput } from "@chayong/sdk/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../audit/audit";
import { authenticate } from "../auth/sessions";
import { contractDraft } from "../testing/fixtures";
import { demoLenderPhone, startTestServer, type TestServer } from "../testing/test-server";
import { listContracts, listContractsAudited } from "./contract-list";

const day = 24 * 60 * 60 * 1000;

/**
 * The list's one statement (listContractsAudited: page, instalment states and audit row) against
 * the queries it replaced (listContracts: the page, then the states), and its audit row.
 */
describe("the contract list in one statement", () => {
  let ts: TestServer;
  const lender = () => ts.client();
  let client: ReturnType<typeof lender>;

  beforeAll(async () => {
    ts = await startTestServer();
    client = lender();
    await client.logIn(demoLenderPhone);
    for (let n = 0; n < 5; n++) {
      await client.api.contract.add(
        contractDraft(`0107200000${n}`, {
          instalment: n % 2 === 0,
          ...(n % 2 === 0
            ? { instalmentCount: 3, instalmentAmount: 340_000, repaymentDate: "2026-06-02" }
            : {}),
        }),
      );
      ts.clock.advance(1000);
    }
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("answers what the page and instalment queries answer, page by page and by filter", async () => {
    const caller = await authenticate(ts.server.context.db, client.token ?? "", ts.clock.now());
    if (caller === null) throw new Error("not signed in");
    const { db } = ts.server.context;
    for (const advance of [0, 40 * day]) {
      ts.clock.advance(advance);
      const now = ts.clock.now();
      for (const status of [undefined, "type1", "type4", "type6"] as (
        | ContractStatus
        | undefined
      )[]) {
        for (const type of ["all", "instalment", "single"] as const) {
          let cursor: string | undefined;
          for (let pageNumber = 0; pageNumber < 4; pageNumber++) {
            const input: RequestOutput<"contract.query"> = {
              type,
              pageSize: 2,
              includeTotal: pageNumber === 0,
              ...(status ? { status } : {}),
              ...(cursor ? { cursor } : {}),
            };
            const expected = await listContracts(db, caller, input, now);
            const actual = await listContractsAudited(db, caller, input, now, "127.0.0.1");
            expect(actual).toEqual(expected);
            if (!actual.ok || actual.value.nextCursor === null) break;
            cursor = actual.value.nextCursor;
          }
        }
      }
    }
  });

  it("writes one audit row per page shown, naming its contracts in order; none for an empty page", async () => {
    // The test before moved the clock 40 days: a new session.
    await client.logIn(demoLenderPhone);
    const { db } = ts.server.context;
    const before = (await readAuditEvents(db, { action: "contract.list" })).length;
    const page = await client.api.contract.query({ type: "all", pageSize: 3 });
    await client.api.contract.query({ type: "all", pageSize: 3, status: "type5" });
    const rows = await readAuditEvents(db, { action: "contract.list" });
    expect(rows.length).toBe(before + 1);
    const caller = await authenticate(db, client.token ?? "", ts.clock.now());
    expect(rows.at(-1)).toMatchObject({
      at: ts.clock.now(),
      actor: { userId: caller?.userId, role: "lender", apiKeyId: null },
      subjectType: "contract",
      subjectId: null,
      ip: "127.0.0.1",
      details: { contractIds: page.items.map((item) => item.id) },
    });
    expect(page.items).toHaveLength(3);
  });
});
