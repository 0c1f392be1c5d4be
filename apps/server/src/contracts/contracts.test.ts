import { type ContractDraft, displayPhone } from "@chayong/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../audit/audit";
import { contractSignatures, contracts } from "../db/schema";
import { messageFor, serverText } from "../messages/message-for";
import {
  borrowerAPhone,
  borrowerBPhone,
  type Cast,
  contractDraft,
  lenderBPhone,
  logInCast,
} from "../testing/fixtures";
import { encodeTestPng, signaturePng } from "../testing/png";
import { errorKeys, refusal } from "../testing/refusal";
import { startTestServer, type TestServer } from "../testing/test-server";

const day = 24 * 60 * 60 * 1000;

describe("contracts", () => {
  let ts: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts, { verifyBorrowers: true });
  });
  afterAll(async () => {
    await ts?.close();
  });

  async function auditActions(contractId: string): Promise<string[]> {
    const events = await readAuditEvents(ts.server.context.db, {
      subjectType: "contract",
      subjectId: contractId,
    });
    return events.map((event) => event.action);
  }

  describe("add", () => {
    it("refuses a contract above the legal cap, naming both rates", async () => {
      const error = await refusal(
        cast.lenderA.api.contract.add(
          contractDraft(borrowerAPhone, { instalmentAmount: 1_100_000 }),
        ),
      );
      expect(error.status).toBe(400);
      expect(errorKeys(error)).toEqual(["contract.rate.aboveCap"]);
      const rate = (error.body as { errors: { key: string }[] }).errors[0];
      expect(rate?.key).toBe("contract.rate.aboveCap");
      expect(error.serverMessage).toMatch(/실질 연이율 [\d.]+%.*20%/);
      const zh = ts.client();
      zh.token = cast.lenderA.token;
      zh.locale = "zh-TW";
      const zhError = await refusal(
        zh.api.contract.add(contractDraft(borrowerAPhone, { instalmentAmount: 1_100_000 })),
      );
      expect(zhError.serverMessage).toMatch(/[\d.]+%.*20%/);
    });

    it("counts an up-front service fee as interest (docs/cost-of-credit.md#what-the-borrower-really-borrows)", async () => {
      // 1 % nominal, but 30,000 of the 1,000,000 goes back as a fee on day one: far above 20 %.
      const error = await refusal(
        cast.lenderA.api.contract.add(contractDraft(borrowerAPhone, { serviceFee: 30_000 })),
      );
      expect(errorKeys(error)).toEqual(["contract.rate.aboveCap"]);
    });

    it("refuses an overdue rate above the cap and reports every bad field at once", async () => {
      const error = await refusal(
        cast.lenderA.api.contract.add(
          contractDraft(borrowerAPhone, {
            overdueRatePercent: 25,
            disbursedAmount: 2_000_000,
            repaymentDate: "2026-03-01",
          }),
        ),
      );
      expect(error.status).toBe(400);
      expect(errorKeys(error).sort()).toEqual(
        [
          "contract.disbursedAmount.exceedsLoan",
          "contract.overdueRate.aboveCap",
          "contract.repaymentDate.beforeLoanDate",
        ].sort(),
      );
    });

    it("lists the schema's problems and the form's rules together (docs/errors.md)", async () => {
      // An empty name fails the request's schema; the phone and the amounts fail the rules that
      // need the lender. One refusal names all three, not the name first and the rest later.
      const error = await refusal(
        cast.lenderA.api.contract.add({
          ...contractDraft(borrowerAPhone, {
            name: "",
            borrowerPhone: "123",
            disbursedAmount: 2_000_000,
          }),
          // The schema's alone: the form's rules know nothing of it.
          idempotencyKey: "too short",
        }),
      );
      expect(error.status).toBe(400);
      const fields = (error.body as { errors: { key: string; field: string }[] }).errors.map(
        (problem) => [problem.field, problem.key],
      );
      expect(fields.sort()).toEqual(
        [
          ["borrowerPhone", "phone.invalid"],
          ["disbursedAmount", "contract.disbursedAmount.exceedsLoan"],
          ["idempotencyKey", "common.invalidValue"],
          ["name", "contract.name.required"],
        ].sort(),
      );
    });

    it("tells a value of the wrong shape from a missing one (docs/validation.md#contract-creation)", async () => {
      const keysOf = (error: { body?: unknown }) =>
        Object.fromEntries(
          (error.body as { errors: { key: string; field: string }[] }).errors.map((problem) => [
            problem.field,
            problem.key,
          ]),
        );
      for (const loanDate of ["2026-02-30", "2026/12/01"]) {
        const error = await refusal(
          cast.lenderA.api.contract.add(contractDraft(borrowerAPhone, { loanDate })),
        );
        expect(keysOf(error)).toEqual({ loanDate: "contract.loanDate.invalid" });
        expect(error.serverKey).toBe("contract.loanDate.invalid");
        expect(error.serverMessage).toBe(messageFor("contract.loanDate.invalid", "ko-KR"));
      }
      const wrongTypes = await refusal(
        cast.lenderA.api.contract.add({
          ...contractDraft(borrowerAPhone),
          // What a script that reads amounts from a file may send: text, not numbers.
          loanAmount: "1000000" as unknown as number,
          disbursedAmount: null as unknown as number,
          overdueRatePercent: "15" as unknown as number,
        }),
      );
      expect(keysOf(wrongTypes)).toEqual({
        loanAmount: "common.invalidValue",
        disbursedAmount: "contract.disbursedAmount.required",
        overdueRatePercent: "contract.overdueRate.invalid",
      });
      const { loanDate: _, loanAmount: __, ...missing } = contractDraft(borrowerAPhone);
      expect(
        keysOf(await refusal(cast.lenderA.api.contract.add(missing as ContractDraft))),
      ).toEqual({
        loanDate: "contract.loanDate.required",
        loanAmount: "contract.loanAmount.required",
      });
    });

    it("refuses another lender's template", async () => {
      const template = await cast.lenderB.api.template.add({
        name: "B's",
        lender: "B",
        merchantName: "B Co",
      });
      const error = await refusal(
        cast.lenderA.api.contract.add(contractDraft(borrowerAPhone, { templateId: template.id })),
      );
      expect(errorKeys(error)).toEqual(["template.notFound"]);
    });

    it("refuses a contract addressed to the lender's own phone, on that field, translated", async () => {
      const error = await refusal(cast.lenderB.api.contract.add(contractDraft(lenderBPhone)));
      expect(error.status).toBe(400);
      expect(errorKeys(error)).toEqual(["contract.borrowerPhone.isLender"]);
      expect((error.body as { errors: { field?: string }[] }).errors[0]?.field).toBe(
        "borrowerPhone",
      );
      expect(error.serverMessage).toBe(messageFor("contract.borrowerPhone.isLender", "ko-KR"));
      const zh = ts.client();
      zh.token = cast.lenderB.token;
      zh.locale = "zh-TW";
      const zhError = await refusal(
        zh.api.contract.add(contractDraft(lenderBPhone.replace(/^0/, "+82 "))),
      );
      expect(zhError.serverMessage).toBe(messageFor("contract.borrowerPhone.isLender", "zh-TW"));
    });

    it("gives every contract its own unguessable share code", async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 5; i++)
        codes.add((await cast.lenderA.api.contract.add(contractDraft(borrowerBPhone))).code);
      expect(codes.size).toBe(5);
      for (const code of codes) expect(Buffer.from(code, "base64url")).toHaveLength(18);
    });
  });

  describe("contract number", () => {
    it("numbers each lender's contracts in order within the year, never one number twice", async () => {
      const first = await cast.lenderA.api.contract.add(contractDraft(borrowerBPhone));
      const second = await cast.lenderA.api.contract.add(contractDraft(borrowerBPhone));
      expect(first.number).toMatch(/^C-2026-\d{6}$/);
      const sequence = (number: string) => Number(number.slice("C-2026-".length));
      expect(sequence(second.number)).toBe(sequence(first.number) + 1);
      // Made at once, they queue on the lender's counter: five different numbers in a row.
      const together = await Promise.all(
        Array.from({ length: 5 }, () =>
          cast.lenderA.api.contract.add(contractDraft(borrowerBPhone)),
        ),
      );
      expect(together.map((contract) => sequence(contract.number)).sort((a, b) => a - b)).toEqual(
        [1, 2, 3, 4, 5].map((n) => sequence(second.number) + n),
      );
      // Every answer carries it, as the list and the detail show it.
      expect((await cast.lenderA.api.contract.detail({ id: first.id })).number).toBe(first.number);
      const other = await cast.lenderB.api.contract.add(contractDraft(borrowerBPhone));
      expect(other.number).toMatch(/^C-2026-\d{6}$/);
      const rows = await ts.server.context.db
        .select({ lenderId: contracts.lenderId, number: contracts.number })
        .from(contracts);
      const keys = rows.map((row) => `${row.lenderId} ${row.number}`);
      expect(new Set(keys).size).toBe(keys.length);
    });
  });

  describe("open, sign, cancel", () => {
    it("opens only for the borrower logged in with the contract's phone", async () => {
      const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
      const wrongBorrower = await refusal(
        cast.borrowerB.api.contract.open({ code: contract.code }),
      );
      expect(wrongBorrower).toMatchObject({
        status: 403,
        serverMessage: messageFor("contract.notYourContract", "ko-KR"),
        // The number it was sent to, masked, so they can log in with it; never in full.
        body: { sentToPhone: "010-****-2222" },
      });
      expect(JSON.stringify(wrongBorrower.body)).not.toContain("1111");
      expect(
        (await refusal(cast.borrowerA.api.contract.open({ code: "A".repeat(24) }))).status,
      ).toBe(404);
      const opened = await cast.borrowerA.api.contract.open({ code: contract.code });
      expect(opened).toMatchObject({ id: contract.id, status: "type2" });
      expect((await cast.borrowerA.api.contract.open({ code: contract.code })).openedAt).toBe(
        opened.openedAt,
      );
      expect(await auditActions(contract.id)).toEqual(["contract.add", "contract.open"]);
    });

    it("signs once: a second attempt, even a simultaneous one, answers 409", async () => {
      const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
      await cast.borrowerA.api.contract.open({ code: contract.code });
      const attempts = await Promise.allSettled([
        cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() }),
        cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() }),
      ]);
      expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
      const rejected = attempts.find((a) => a.status === "rejected") as PromiseRejectedResult;
      expect(rejected.reason).toMatchObject({
        status: 409,
        serverMessage: messageFor("contract.alreadySigned", "ko-KR"),
      });
      const again = await refusal(
        cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() }),
      );
      expect(again.status).toBe(409);
      // One signature, sealed once (docs/contract-pdf.md, "Sealing").
      expect(await auditActions(contract.id)).toEqual([
        "contract.add",
        "contract.open",
        "contract.sign",
        "contract.seal",
      ]);
    });

    it("refuses a blank or broken signature image", async () => {
      const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
      const blank = `data:image/png;base64,${encodeTestPng(200, 80, () => false).toString("base64")}`;
      expect(
        errorKeys(
          await refusal(cast.borrowerA.api.contract.sign({ id: contract.id, signature: blank })),
        ),
      ).toEqual(["signature.empty"]);
      expect(
        errorKeys(
          await refusal(
            cast.borrowerA.api.contract.sign({ id: contract.id, signature: "aGVsbG8=" }),
          ),
        ),
      ).toEqual(["signature.invalidImage"]);
      expect(
        errorKeys(
          await refusal(cast.borrowerA.api.contract.sign({ id: contract.id, signature: "" })),
        ),
      ).toEqual(["signature.incomplete"]);
    });

    it("cancels only before signing; a cancelled contract is kept, hidden and recorded", async () => {
      const signed = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
      await cast.borrowerA.api.contract.sign({ id: signed.id, signature: signaturePng() });
      const refused = await refusal(cast.lenderA.api.contract.cancel({ id: signed.id }));
      expect(refused).toMatchObject({
        status: 409,
        serverMessage: messageFor("contract.cancelNotAllowed", "ko-KR"),
      });

      const unsigned = await cast.lenderA.api.contract.add(
        contractDraft(borrowerAPhone, { name: "to cancel" }),
      );
      await cast.borrowerA.api.contract.open({ code: unsigned.code });
      const cancelled = await cast.lenderA.api.contract.cancel({ id: unsigned.id });
      expect(cancelled).toEqual({ id: unsigned.id, cancelledAt: ts.clock.now().toISOString() });
      const lenderList = await cast.lenderA.api.contract.query({ pageSize: 50 });
      expect(lenderList.items.map((c) => c.id)).not.toContain(unsigned.id);
      const borrowerList = await cast.borrowerA.api.contract.query({ pageSize: 50 });
      expect(borrowerList.items.map((c) => c.id)).not.toContain(unsigned.id);
      expect(
        (await refusal(cast.borrowerA.api.contract.open({ code: unsigned.code }))).status,
      ).toBe(404);
      expect(
        (
          await refusal(
            cast.borrowerA.api.contract.sign({ id: unsigned.id, signature: signaturePng() }),
          )
        ).status,
      ).toBe(404);
      const [row] = await ts.server.context.db
        .select()
        .from(contracts)
        .where(eq(contracts.id, unsigned.id));
      expect(row?.cancelledAt?.toISOString()).toBe(cancelled.cancelledAt);
      expect(await auditActions(unsigned.id)).toEqual([
        "contract.add",
        "contract.open",
        "contract.cancel",
      ]);
      expect(await cast.lenderA.api.contract.view({ id: unsigned.id })).toContain(
        serverText("document.cancelled", "ko-KR"),
      );
    });
  });

  describe("detail", () => {
    it("refuses the document (a raw answer) with the refusal's key, as an envelope refusal", async () => {
      const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerBPhone));
      expect(await refusal(cast.lenderB.api.contract.view({ id: contract.id }))).toMatchObject({
        kind: "envelope-status",
        status: 403,
        serverKey: "access.forbidden",
        serverMessage: messageFor("access.forbidden", "ko-KR"),
      });
      const unknown = "00000000-0000-4000-8000-000000000000";
      expect(await refusal(cast.lenderA.api.contract.view({ id: unknown }))).toMatchObject({
        status: 404,
        serverKey: "contract.notFound",
      });
      expect(await refusal(cast.none.api.contract.view({ id: contract.id }))).toMatchObject({
        kind: "session-ended",
        serverKey: "session.invalid",
      });
    });

    it("answers one contract to its lender and its bound borrower only, and records each view", async () => {
      const draft = contractDraft(borrowerAPhone, {
        name: "Detail",
        loanAmount: 900_000,
        disbursedAmount: 890_000,
        instalment: true,
        instalmentCount: 3,
        instalmentAmount: 302_000,
        interval: "fortnightly",
        overdueRatePercent: 12,
      });
      const created = await cast.lenderA.api.contract.add(draft);

      const { parties, seal, ...asLender } = await cast.lenderA.api.contract.detail({
        id: created.id,
      });
      expect(asLender).toEqual(created);
      // Nothing signed, nothing sealed.
      expect(seal).toBeNull();
      expect(parties.borrower).toEqual({
        phone: "+821011112222",
        identity: null,
        faceReview: null,
      });
      const { borrowerPhone: _typed, ...terms } = draft;
      expect(asLender).toMatchObject({
        ...terms,
        borrowerPhone: "+821011112222",
        status: "type1",
        type: "instalment",
        openedAt: null,
        signedAt: null,
        cancelled: false,
      });
      expect(asLender.schedule.map((row) => [row.dueDate, row.amount])).toEqual([
        ["2026-04-02", 302_000],
        ["2026-04-16", 302_000],
        ["2026-04-30", 302_000],
      ]);

      // The contract's phone alone binds nothing: the borrower must open it first.
      const notYetBound = await refusal(cast.borrowerA.api.contract.detail({ id: created.id }));
      const strangers = [
        notYetBound,
        await refusal(cast.borrowerB.api.contract.detail({ id: created.id })),
        await refusal(cast.lenderB.api.contract.detail({ id: created.id })),
      ];
      for (const refused of strangers) {
        expect(refused).toMatchObject({
          status: 403,
          serverMessage: messageFor("access.forbidden", "ko-KR"),
        });
        expect(refused.body ?? null).toBeNull();
      }

      ts.clock.advance(60_000);
      const opened = await cast.borrowerA.api.contract.open({ code: created.code });
      const asBorrower = await cast.borrowerA.api.contract.detail({ id: created.id });
      expect(asBorrower).toEqual(opened);
      expect(asBorrower).toMatchObject({ status: "type2", openedAt: ts.clock.now().toISOString() });
      expect(await cast.lenderA.api.contract.detail({ id: created.id })).toEqual(opened);
      expect((await refusal(cast.borrowerB.api.contract.detail({ id: created.id }))).status).toBe(
        403,
      );

      await cast.borrowerA.api.contract.sign({ id: created.id, signature: signaturePng() });
      expect(await cast.lenderA.api.contract.detail({ id: created.id })).toMatchObject({
        status: "type6",
        signedAt: ts.clock.now().toISOString(),
        outstandingAmount: 906_000,
      });

      const views = await readAuditEvents(ts.server.context.db, {
        action: "contract.detail",
        subjectId: created.id,
      });
      expect(views.map((row) => row.actor.role)).toEqual([
        "lender",
        "borrower",
        "lender",
        "lender",
      ]);
      expect(views.every((row) => row.subjectType === "contract" && row.ip !== null)).toBe(true);
      expect(await auditActions(created.id)).toEqual([
        "contract.add",
        "contract.detail",
        "contract.open",
        "contract.detail",
        "contract.detail",
        "contract.sign",
        "contract.seal",
        "contract.detail",
      ]);
    });

    it("answers 404 for an unknown id and 400 for a malformed request, recording nothing", async () => {
      const before = await readAuditEvents(ts.server.context.db, { action: "contract.detail" });
      const unknown = await refusal(
        cast.lenderA.api.contract.detail({ id: "00000000-0000-0000-0000-000000000000" }),
      );
      expect(unknown).toMatchObject({
        status: 404,
        serverMessage: messageFor("contract.notFound", "ko-KR"),
      });
      expect((await refusal(cast.borrowerA.api.contract.detail({ id: "no-such" }))).status).toBe(
        404,
      );
      expect((await refusal(cast.lenderA.api.contract.detail({ id: "" }))).status).toBe(400);
      const surplus = { id: "x", lenderId: "y" } as { id: string };
      expect((await refusal(cast.lenderA.api.contract.detail(surplus))).status).toBe(400);
      const after = await readAuditEvents(ts.server.context.db, { action: "contract.detail" });
      expect(after).toHaveLength(before.length);
    });

    it("answers a cancelled contract flagged, as the document does", async () => {
      const contract = await cast.lenderA.api.contract.add(
        contractDraft(borrowerAPhone, { name: "cancelled detail" }),
      );
      await cast.lenderA.api.contract.cancel({ id: contract.id });
      expect(await cast.lenderA.api.contract.detail({ id: contract.id })).toMatchObject({
        id: contract.id,
        status: "type1",
        cancelled: true,
      });
    });
  });

  describe("query", () => {
    it("filters by status and type, newest first, paged; overdue follows the clock", async () => {
      const lender = ts.client();
      await ts.addLender("01066667777", "Query Lender");
      ts.clock.advance(61_000);
      await lender.logIn("01066667777");
      const single = await lender.api.contract.add(
        contractDraft(borrowerBPhone, { name: "single" }),
      );
      ts.clock.advance(1000);
      const instalments = await lender.api.contract.add(
        contractDraft(borrowerBPhone, {
          name: "instalments",
          instalment: true,
          instalmentCount: 3,
          instalmentAmount: 340_000,
          interval: "monthly",
        }),
      );
      ts.clock.advance(1000);
      const toSign = await lender.api.contract.add(
        contractDraft(borrowerBPhone, { name: "signed" }),
      );
      await cast.borrowerB.api.contract.sign({ id: toSign.id, signature: signaturePng() });

      const all = await lender.api.contract.query({ includeTotal: true });
      expect(all.items.map((c) => c.name)).toEqual(["signed", "instalments", "single"]);
      expect(all).toMatchObject({ nextCursor: null, total: 3 });
      expect((await lender.api.contract.query()).total).toBeNull();
      expect(
        (await lender.api.contract.query({ type: "instalment" })).items.map((c) => c.id),
      ).toEqual([instalments.id]);
      expect(
        (await lender.api.contract.query({ type: "single", status: "type1" })).items.map(
          (c) => c.id,
        ),
      ).toEqual([single.id]);
      expect((await lender.api.contract.query({ status: "type6" })).items.map((c) => c.id)).toEqual(
        [toSign.id],
      );
      const page1 = await lender.api.contract.query({ pageSize: 2 });
      expect(page1.items.map((c) => c.id)).toEqual([toSign.id, instalments.id]);
      const page2 = await lender.api.contract.query({
        pageSize: 2,
        cursor: page1.nextCursor ?? "",
      });
      expect(page2).toMatchObject({ nextCursor: null, total: null });
      expect(page2.items.map((c) => c.id)).toEqual([single.id]);

      // The repayment date (2026-04-02) passes: the signed contract is overdue, no job needed.
      // Everyone keeps using the app meanwhile, so the sliding sessions stay alive.
      for (let step = 0; step < 4; step++) {
        ts.clock.advance(10 * day);
        for (const client of [lender, ...Object.values(cast).filter((c) => c.token !== null)]) {
          await client.api.user.current();
        }
      }
      expect((await lender.api.contract.query({ status: "type4" })).items.map((c) => c.id)).toEqual(
        [toSign.id],
      );
      expect((await lender.api.contract.query({ status: "type6" })).items).toEqual([]);
      const [overdue] = (await cast.borrowerB.api.contract.query({ status: "type4" })).items;
      expect(overdue?.overdueInterest).toBeGreaterThan(0);

      const listViews = await readAuditEvents(ts.server.context.db, { action: "contract.list" });
      const sawIt = (role: string) =>
        listViews.some(
          (row) => row.actor.role === role && row.details.contractIds.includes(toSign.id),
        );
      expect([sawIt("lender"), sawIt("borrower")]).toEqual([true, true]);

      const bad = await refusal(lender.api.contract.query({ status: "type9" as "type1" }));
      expect(bad.status).toBe(400);
    });
  });

  describe("view", () => {
    it("escapes everything the lender typed and shows the signed terms' hash", async () => {
      const contract = await cast.lenderA.api.contract.add(
        contractDraft(borrowerAPhone, {
          name: '<script>alert("x")</script>',
          merchantName: "A & B <Loans>",
        }),
      );
      const before = await cast.lenderA.api.contract.view({ id: contract.id });
      expect(before).not.toContain("<script>");
      expect(before).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      expect(before).toContain("A &amp; B &lt;Loans&gt;");
      expect(before).toContain(serverText("document.notSigned", "ko-KR"));
      // The borrower's phone reads as at home (010-...), not as stored (+8210...).
      expect(before).toContain(displayPhone(contract.borrowerPhone));
      expect(before).not.toContain(contract.borrowerPhone);
      expect(before).toContain(
        `${contract.effectiveAnnualRatePercent.toFixed(2)}%`
          .replace(/0+%$/, "%")
          .replace(/\.%$/, "%"),
      );

      ts.clock.set(new Date("2026-03-05T05:30:00.000Z"));
      await cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() });
      const zh = ts.client();
      zh.token = cast.borrowerA.token;
      zh.locale = "zh-TW";
      const after = await zh.api.contract.view({ id: contract.id });
      expect(after).toContain('<html lang="zh-TW">');
      expect(after).toContain(serverText("document.signature", "zh-TW"));
      expect(after).toMatch(/<code>[0-9a-f]{64}<\/code>/);
      expect(after).toContain(signaturePng());
      // Signed at 05:30 UTC: 14:30 on the lender's clock in Seoul, in the reader's language.
      expect(after).toContain("2026年3月5日 14:30 (GMT+9)");
      expect(after).toContain('datetime="2026-03-05T05:30:00.000Z"');
      expect(after).toContain(`<strong>${contract.number}</strong>`);
      const views = (await auditActions(contract.id)).filter(
        (action) => action === "contract.view",
      );
      expect(views).toHaveLength(2);
    });

    it("shows the signature cut to its ink, and keeps the image as signed", async () => {
      const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
      // A 680 x 1492 portrait pad with a 200 x 60 scrawl in it (what a phone used to send).
      const tall = encodeTestPng(
        680,
        1492,
        (x, y) =>
          x >= 240 && x < 440 && y >= 700 && y < 760 && Math.abs(y - 700 - (x - 240) * 0.3) < 3,
      ).toString("base64");
      await cast.borrowerA.api.contract.sign({
        id: contract.id,
        signature: `data:image/png;base64,${tall}`,
      });
      const html = await cast.borrowerA.api.contract.view({ id: contract.id });
      expect(html).toContain("2026년 3월 5일 14:30 (GMT+9)");
      expect(html).not.toMatch(/>\d{4}-\d\d-\d\dT/);
      const shown = /src="data:image\/png;base64,([^"]+)"/.exec(html)?.[1] ?? "";
      const png = Buffer.from(shown, "base64");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([240, 100]);
      const [stored] = await ts.server.context.db
        .select({ imagePng: contractSignatures.imagePng })
        .from(contractSignatures)
        .where(eq(contractSignatures.contractId, contract.id));
      expect(stored?.imagePng).toBe(tall);
    });
  });
});
