import { randomUUID } from "node:crypto";
import { addDays, type ContractDraft, readCsv } from "@chayong/domain";
import { createApi } from "@chayong/sdk";
import { createCodec, createTransport } from "@chayong/transport";
import { nodeCipherEngine } from "@chayong/transport/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../../audit/audit";
import { messageFor, serverText } from "../../messages/message-for";
import { borrowerAPhone, type Cast, contractDraft, logInCast } from "../../testing/fixtures";
import { signaturePng } from "../../testing/png";
import { errorKeys, refusal } from "../../testing/refusal";
import { startTestServer, type TestClient, type TestServer } from "../../testing/test-server";
import { exportPageSize } from "./contract-export";

const key = () => randomUUID().replaceAll("-", "");
const today = "2026-03-02"; // the test clock's day in Seoul

// Names a lender may well type: a comma and quotes, and text a spreadsheet would run as a formula.
const quotedName = 'Park, "Lucky" Loan';
const formulaName = '=HYPERLINK("http://evil.example","x")';
const atName = "@SUM(1+1)";

describe("the lender's CSV export (docs/export.md)", () => {
  let ts: TestServer;
  let cast: Cast;
  const ids = { unsigned: "", instalments: "", settled: "", lenderB: "" };

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts, { verifyBorrowers: true });
    const lender = cast.lenderA.api;
    const sign = async (draft: ContractDraft) => {
      const contract = await lender.contract.add(draft);
      await cast.borrowerA.api.contract.open({ code: contract.code });
      return cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() });
    };
    // Oldest first: the file lists the newest first, like the list.
    ids.unsigned = (
      await lender.contract.add(contractDraft(borrowerAPhone, { name: quotedName }))
    ).id;
    ts.clock.advance(60_000);
    const instalments = await sign(
      contractDraft(borrowerAPhone, {
        name: formulaName,
        repaymentDate: addDays(today, 31),
        instalment: true,
        instalmentCount: 3,
        instalmentAmount: 340_000,
      }),
    );
    ids.instalments = instalments.id;
    await lender.contract.repay({
      id: instalments.id,
      idempotencyKey: key(),
      instalmentIndex: 1,
      repaymentAmount: 100_000,
      receivedOn: today,
      reason: "cash, at the shop\nsecond line",
    });
    await lender.contract.repay({
      id: instalments.id,
      idempotencyKey: key(),
      instalmentIndex: 1,
      repaymentAmount: 5_000,
      receivedOn: today,
    });
    const ledger = await lender.contract.ledger({ id: instalments.id });
    await lender.contract.reverse({
      id: instalments.id,
      idempotencyKey: key(),
      entryId: ledger.entries[1]?.id ?? "",
      reason: "-5000 typed twice",
    });
    ts.clock.advance(60_000);
    const settled = await sign(contractDraft(borrowerAPhone, { name: atName }));
    ids.settled = settled.id;
    await lender.contract.repay({
      id: settled.id,
      idempotencyKey: key(),
      instalmentIndex: 1,
      repaymentAmount: 1_010_000,
      receivedOn: today,
    });
    ids.lenderB = (
      await cast.lenderB.api.contract.add(contractDraft(borrowerAPhone, { name: "B's loan" }))
    ).id;
  }, 240_000);
  afterAll(async () => {
    await ts?.close();
  });

  /** Lender A's SDK on a transport that keeps the last HTTP answer, to read its bytes. */
  function recordingApi(client: TestClient) {
    let last: Response | null = null;
    const transport = createTransport({
      baseUrl: ts.url,
      codec: createCodec({
        key: ts.config.cipher.key,
        iv: ts.config.cipher.iv,
        engine: nodeCipherEngine,
      }),
      session: {
        getToken: () => client.token,
        getLoginInfo: () => null,
        getDevice: () => ({ adid: "test-export" }),
        getLocale: () => client.locale,
      },
      slowNetworkMs: Number.POSITIVE_INFINITY,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        last = response.clone();
        return response;
      },
    });
    return {
      api: createApi(transport),
      lastResponse: () => {
        if (last === null) throw new Error("no answer yet");
        return last;
      },
    };
  }

  /** The file's records (header first), as a spreadsheet reads the text the SDK answers. */
  async function exported(
    client: TestClient,
    input: Parameters<TestClient["api"]["contract"]["export"]>[0],
  ) {
    const text = await client.api.contract.export(input);
    return { text, records: readCsv(text) };
  }

  const byId = (records: string[][], id: string) => records.filter((record) => record[0] === id);

  it("sends a UTF-8 CSV download with a byte-order mark, named after the day", async () => {
    const recording = recordingApi(cast.lenderA);
    const text = await recording.api.contract.export({ kind: "contracts" });
    const response = recording.lastResponse();
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // The SDK reads the text as decoded: the BOM is gone, the rest is the same.
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(`\uFEFF${text}`);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="chayong-contracts-${today}.csv"`,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.split("\r\n").every((line) => !line.includes("\n"))).toBe(true);
  });

  it("writes headers and labels in the caller's language", async () => {
    const korean = await exported(cast.lenderA, { kind: "contracts" });
    expect(korean.records[0]?.slice(0, 8)).toEqual([
      "계약 ID",
      "계약명",
      "상태",
      "상환 방식",
      "차용인 휴대폰 번호",
      "통화",
      "대출 금액",
      "실지급 금액",
    ]);
    expect(byId(korean.records, ids.unsigned)[0]?.slice(2, 4)).toEqual(["서명 대기", "일시 상환"]);
    expect(byId(korean.records, ids.instalments)[0]?.slice(2, 4)).toEqual([
      "상환 대기",
      "분할 상환",
    ]);

    cast.lenderA.locale = "zh-TW";
    try {
      const chinese = await exported(cast.lenderA, { kind: "contracts" });
      expect(chinese.records[0]?.slice(0, 4)).toEqual(["合約 ID", "合約名稱", "狀態", "還款方式"]);
      expect(byId(chinese.records, ids.settled)[0]?.[2]).toBe(
        serverText("contract.status.type5", "zh-TW"),
      );
      const ledger = await exported(cast.lenderA, { kind: "ledger" });
      expect(byId(ledger.records, ids.instalments).map((record) => record[5])).toEqual([
        "還款",
        "還款",
        "沖正",
      ]);
    } finally {
      cast.lenderA.locale = "ko-KR";
    }
  });

  it("quotes commas, quotes and line breaks, guards formulas, and keeps amounts and dates plain", async () => {
    const { text, records } = await exported(cast.lenderA, { kind: "contracts" });
    expect(text).toContain(`,"Park, ""Lucky"" Loan",`);
    expect(byId(records, ids.unsigned)[0]?.[1]).toBe(quotedName);
    // Text a spreadsheet would run gets an apostrophe and is read as text.
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(byId(records, ids.instalments)[0]?.[1]).toBe(`'${formulaName}`);
    expect(byId(records, ids.settled)[0]?.[1]).toBe(`'${atName}`);

    const header = records[0] ?? [];
    const column = (name: string) => header.indexOf(name);
    const [settled] = byId(records, ids.settled);
    expect(settled?.[column("통화")]).toBe("KRW");
    expect(settled?.[column("대출 금액")]).toBe("1000000");
    expect(settled?.[column("상환된 금액")]).toBe("1010000");
    expect(settled?.[column("미상환 금액")]).toBe("0");
    expect(settled?.[column("차용인 휴대폰 번호")]).toBe("010-1111-2222");
    expect(settled?.[column("대출일")]).toBe(today);
    expect(settled?.[column("서명일")]).toBe(today);
    expect(settled?.[column("다음 상환일")]).toBe("");
    expect(settled?.[column("실질 연이율(%)")]).toMatch(/^\d+(\.\d+)?$/);
    expect(byId(records, ids.unsigned)[0]?.[column("서명일")]).toBe("");
    // The contract number people quote, in the last column.
    expect(header.at(-1)).toBe("계약 번호");
    expect(settled?.at(-1)).toMatch(/^C-\d{4}-\d{6}$/);
  });

  it("writes one row per instalment with its balance today", async () => {
    const { records } = await exported(cast.lenderA, { kind: "schedule" });
    expect(records[0]?.slice(5)).toEqual([
      "회차",
      "원래 상환일",
      "상환일",
      "회차 금액",
      "상환된 금액",
      "감면 금액",
      "미상환 금액",
      "연체 일수",
      "연체 이자",
    ]);
    expect(byId(records, ids.instalments).map((record) => record.slice(5))).toEqual([
      ["1", "2026-04-02", "2026-04-02", "340000", "100000", "0", "240000", "0", "0"],
      ["2", "2026-05-02", "2026-05-02", "340000", "0", "0", "340000", "0", "0"],
      ["3", "2026-06-02", "2026-06-02", "340000", "0", "0", "340000", "0", "0"],
    ]);
    expect(byId(records, ids.unsigned)).toHaveLength(1);
  });

  it("writes the ledger in the order written, reversals numbered both ways", async () => {
    const { text, records } = await exported(cast.lenderA, { kind: "ledger" });
    expect(records[0]?.slice(4)).toEqual([
      "기록 번호",
      "구분",
      "회차",
      "금액",
      "적용일",
      "연장 후 상환일",
      "취소 대상 기록 번호",
      "취소한 기록 번호",
      "사유",
      "등록일",
    ]);
    expect(byId(records, ids.instalments).map((record) => record.slice(4))).toEqual([
      ["1", "상환", "1", "100000", today, "", "", "", "cash, at the shop\nsecond line", today],
      ["2", "상환", "1", "5000", today, "", "", "3", "", today],
      ["3", "기록 취소", "1", "", today, "", "2", "", "'-5000 typed twice", today],
    ]);
    expect(text).toContain(`,"cash, at the shop\nsecond line",`);
    expect(byId(records, ids.settled).map((record) => record[7])).toEqual(["1010000"]);
    // Unsigned contracts have no ledger.
    expect(byId(records, ids.unsigned)).toEqual([]);
  });

  it("holds exactly what the list shows for the same filter, newest first", async () => {
    const filters = [
      {},
      { status: "type6" },
      { status: "type5" },
      { type: "single" },
      { type: "instalment" },
      { status: "type1", type: "single" },
      { status: "type4" },
    ] as const;
    for (const filter of filters) {
      const listed = await cast.lenderA.api.contract.query({ ...filter, pageSize: 50 });
      const { records } = await exported(cast.lenderA, { kind: "contracts", ...filter });
      expect([filter, records.slice(1).map((record) => record[0])]).toEqual([
        filter,
        listed.items.map((contract) => contract.id),
      ]);
    }
    const owing = await exported(cast.lenderA, { kind: "contracts", status: "type6" });
    expect(owing.records.slice(1).map((record) => record[0])).toEqual([ids.instalments]);
    // An empty match is still a file: the header alone.
    expect(
      (await exported(cast.lenderA, { kind: "ledger", status: "type1" })).records,
    ).toHaveLength(1);
  });

  it("holds only the caller's own contracts", async () => {
    const mine = await exported(cast.lenderA, { kind: "contracts" });
    expect(byId(mine.records, ids.lenderB)).toEqual([]);
    const theirs = await exported(cast.lenderB, { kind: "schedule" });
    expect(theirs.records.slice(1).map((record) => record[0])).toEqual([ids.lenderB]);
    expect((await exported(cast.lenderB, { kind: "ledger" })).records).toHaveLength(1);
  });

  it("records every export in the audit log with its filter and row count", async () => {
    const { records } = await exported(cast.lenderA, {
      kind: "schedule",
      type: "instalment",
    });
    const audited = await readAuditEvents(ts.server.context.db, {
      action: "contract.export",
      ip: "127.0.0.1",
    });
    expect(audited.at(-1)).toMatchObject({
      actor: { role: "lender" },
      subjectType: "contract",
      subjectId: null,
      details: {
        kind: "schedule",
        filter: { status: null, type: "instalment" },
        contracts: 1,
        rows: records.length - 1,
      },
    });
    expect(records.length - 1).toBe(3);
  });

  it("refuses borrowers (403) and an unknown file kind (400)", async () => {
    const borrower = await refusal(cast.borrowerA.api.contract.export({ kind: "contracts" }));
    expect([borrower.status, borrower.serverMessage]).toEqual([
      403,
      messageFor("access.forbidden", "ko-KR"),
    ]);
    const nobody = await refusal(cast.none.api.contract.export({ kind: "contracts" }));
    expect(nobody.status).toBe(301);
    const unknown = await refusal(
      cast.lenderA.api.contract.export({ kind: "customers" as "contracts" }),
    );
    expect(unknown.status).toBe(400);
  });

  it("names the key of each refusal (serverKey) and the field of bad input, as an envelope refusal does", async () => {
    const borrower = await refusal(cast.borrowerA.api.contract.export({ kind: "contracts" }));
    expect(borrower).toMatchObject({ kind: "envelope-status", serverKey: "access.forbidden" });
    const nobody = await refusal(cast.none.api.contract.export({ kind: "contracts" }));
    expect(nobody).toMatchObject({ kind: "session-ended", serverKey: "session.invalid" });
    for (const input of [{}, { kind: "nope" }]) {
      const refused = await refusal(cast.lenderA.api.contract.export(input as { kind: "ledger" }));
      expect(refused).toMatchObject({
        kind: "envelope-status",
        status: 400,
        serverKey: "common.pleaseSelect",
        serverMessage: messageFor("common.pleaseSelect", "ko-KR"),
      });
      expect(errorKeys(refused)).toEqual(["common.pleaseSelect"]);
      expect((refused.body as { errors: { field: string }[] }).errors[0]?.field).toBe("kind");
    }
  });

  it("streams a book larger than a page, every contract once, newest first", async () => {
    await ts.addLender("01099990000", "Lender C");
    const lenderC = await ts.loggedInClient("01099990000");
    const count = exportPageSize + 7;
    for (let i = 0; i < count; i++) {
      ts.clock.advance(1_000);
      await lenderC.api.contract.add(contractDraft("01012340000", { name: `Loan ${i}` }));
    }
    const { records } = await exported(lenderC, { kind: "contracts" });
    const names = records.slice(1).map((record) => record[1]);
    expect(names).toHaveLength(count);
    expect(names[0]).toBe(`Loan ${count - 1}`);
    expect(names.at(-1)).toBe("Loan 0");
    // The list, page after page, in the same order.
    const listed: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await lenderC.api.contract.query({
        pageSize: 50,
        ...(cursor === null ? {} : { cursor }),
      });
      listed.push(...page.items.map((contract) => contract.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(records.slice(1).map((record) => record[0])).toEqual(listed);
  }, 240_000);
});
