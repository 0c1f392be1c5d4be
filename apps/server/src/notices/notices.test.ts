import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobRetry, retryDelayMs } from "../jobs/job-queue";
import { addLender } from "../lenders/lenders";
import { contractDraft } from "../testing/fixtures";
import { verifyBorrower } from "../testing/identity-kit";
import { signaturePng } from "../testing/png";
import { refusal } from "../testing/refusal";
import {
  demoLenderPhone,
  startTestServer,
  type TestClient,
  type TestServer,
} from "../testing/test-server";

interface SentText {
  kind: string;
  text: string;
  at: string;
}

describe("notices to the borrower: reminders and receipts (docs/notices.md)", () => {
  let ts: TestServer;
  let lender: TestClient;
  let borrower: TestClient;
  let idNumber: string;
  const borrowerPhone = "01042420001";
  const borrowerE164 = "+821042420001";

  beforeAll(async () => {
    ts = await startTestServer();
    lender = await ts.loggedInClient(demoLenderPhone);
    borrower = await ts.loggedInClient(borrowerPhone);
    idNumber = (await verifyBorrower(borrower, { seed: 42 })).person.idNumber;
  }, 240_000);
  afterAll(async () => {
    await ts?.close();
  });

  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${ts.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    expect(response.status).toBe(200);
    return response.json();
  };
  /** The server's clock at `instant`; everyone keeps using the app, so sessions stay alive. */
  const moveClockTo = async (instant: string) => {
    await post("/__test/clock", { now: instant });
    for (const client of [lender, borrower]) await client.api.user.current();
  };
  const runJobs = () => post("/__test/jobs/run") as Promise<{ done: number; failed: number }>;
  const textsTo = async (phone: string, kinds = ["reminder", "overdue", "receipt"]) => {
    const response = await fetch(`${ts.url}/__test/messages?phone=${encodeURIComponent(phone)}`);
    const body = (await response.json()) as { messages: SentText[] };
    return body.messages.filter((message) => kinds.includes(message.kind));
  };

  /** Lender A's 3 monthly instalments of 340,000 to the borrower from 2026-03-12, signed. */
  async function signedContract(client: TestClient = lender, phone = borrowerPhone) {
    const contract = await client.api.contract.add(
      contractDraft(phone, {
        loanDate: "2026-03-02",
        repaymentDate: "2026-03-12",
        instalment: true,
        instalmentCount: 3,
        instalmentAmount: 340_000,
      }),
    );
    await borrower.api.contract.open({ code: contract.code });
    await borrower.api.contract.sign({ id: contract.id, signature: signaturePng() });
    return contract;
  }

  it("reminds 3 days before, on the day, 1 and 7 days after, from 10:00 in Seoul, each once", async () => {
    await post("/__test/clock", { now: "2026-03-02T01:00:00Z" });
    const contract = await signedContract();
    const before = (await textsTo(borrowerE164)).length;
    const sentSince = async () => (await textsTo(borrowerE164)).slice(before);

    // 09:59 in Seoul, 3 days before: not yet.
    await moveClockTo("2026-03-09T00:59:00Z");
    await runJobs();
    expect(await sentSince()).toEqual([]);
    // 10:00: the reminder, once, however often the jobs run.
    await moveClockTo("2026-03-09T01:00:00Z");
    await runJobs();
    await runJobs();
    await moveClockTo("2026-03-09T08:00:00Z");
    await runJobs();
    const dueSoon = await sentSince();
    expect(dueSoon.map(({ kind }) => kind)).toEqual(["reminder"]);
    expect(dueSoon[0]?.text).toContain(contract.number);
    expect(dueSoon[0]?.text).toContain("₩340,000");
    expect(dueSoon[0]?.at).toBe("2026-03-09T01:00:00.000Z");

    await moveClockTo("2026-03-12T01:00:00Z");
    await runJobs();
    await moveClockTo("2026-03-13T01:00:00Z");
    await runJobs();
    await moveClockTo("2026-03-19T01:00:00Z");
    await runJobs();
    await runJobs();
    const sent = await sentSince();
    expect(sent.map(({ kind }) => kind)).toEqual(["reminder", "reminder", "overdue", "overdue"]);
    // On day 7 the amount owed has grown by 7 days of late interest at the draft's 15 %:
    // 340,000 x 0.15 x 7 / 365 = 978.08.
    expect(sent[3]?.text).toContain("₩340,978");
    // Never more personal data than needed: no ID number, no name.
    for (const { text } of sent) expect(text).not.toContain(idNumber);

    // The borrower reads them in the app, newest first, in his language.
    borrower.locale = "zh-TW";
    const mine = await borrower.api.notice.list({});
    borrower.locale = "ko-KR";
    const ofContract = mine.notices.filter((notice) => notice.contractId === contract.id);
    expect(ofContract.map((notice) => notice.kind)).toEqual([
      "overdue7",
      "overdue1",
      "dueToday",
      "dueSoon",
    ]);
    expect(ofContract[0]).toMatchObject({
      state: "sent",
      contractNumber: contract.number,
      timeZone: "Asia/Seoul",
      instalmentIndex: 1,
      dueDate: "2026-03-12",
      amount: 340_978,
      sentAt: "2026-03-19T01:00:00.000Z",
    });
    expect(ofContract[0]?.text).toContain("逾期 7 天");
  });

  it("sends a receipt for each money event, with what is still owed", async () => {
    await post("/__test/clock", { now: "2026-03-02T01:00:00Z" });
    const contract = await signedContract();
    const key = () => randomUUID().replaceAll("-", "");
    const repaid = await lender.api.contract.repay({
      id: contract.id,
      idempotencyKey: key(),
      instalmentIndex: 1,
      repaymentAmount: 100_000,
      receivedOn: "2026-03-02",
    });
    await lender.api.contract.repay({
      id: contract.id,
      idempotencyKey: key(),
      instalmentIndex: 1,
      waiverAmount: 40_000,
      receivedOn: "2026-03-02",
    });
    await lender.api.contract.renew({
      id: contract.id,
      idempotencyKey: key(),
      instalmentIndex: 2,
      newDueDate: "2026-04-20",
    });
    const ledger = await lender.api.contract.ledger({ id: contract.id });
    const repayment = ledger.entries.find((entry) => entry.kind === "repayment");
    await lender.api.contract.reverse({
      id: contract.id,
      idempotencyKey: key(),
      entryId: repayment?.id ?? "",
      reason: "entered twice",
    });
    await runJobs();

    const { notices } = await lender.api.notice.list({ contractId: contract.id });
    expect(notices.map((notice) => [notice.kind, notice.amount, notice.outstandingAmount])).toEqual(
      [
        ["receipt", null, 980_000],
        ["receipt", null, 880_000],
        ["receipt", 40_000, 880_000],
        ["receipt", 100_000, repaid.outstandingAmount],
      ],
    );
    expect(notices.every((notice) => notice.state === "sent" && notice.sentAt !== null)).toBe(true);
    // The jobs of one run go out in no set order: each text is looked for, not its place.
    const texts = (await textsTo(borrowerE164, ["receipt"])).slice(-4).map(({ text }) => text);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/1회차에 ₩100,000 상환이 기록되었습니다/),
        expect.stringMatching(/1회차 ₩40,000이 감면되었습니다/),
        expect.stringMatching(/2회차의 상환일이 2026\. 04\. 20\.\(으\)로 연장되었습니다/),
        expect.stringMatching(/1회차의 이전 기록이 취소되었습니다\. 남은 금액: ₩980,000/),
      ]),
    );
    // One operation with a repayment and a waiver: a receipt for each, each with its own amount.
    await lender.api.contract.repay({
      id: contract.id,
      idempotencyKey: key(),
      instalmentIndex: 2,
      repaymentAmount: 30_000,
      waiverAmount: 10_000,
      receivedOn: "2026-03-02",
    });
    await runJobs();
    const both = (await lender.api.notice.list({ contractId: contract.id })).notices.slice(0, 2);
    expect(both.map((notice) => [notice.amount, notice.outstandingAmount])).toEqual([
      [10_000, 940_000],
      [30_000, 940_000],
    ]);
    expect((await textsTo(borrowerE164, ["receipt"])).slice(-2).map(({ text }) => text)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/2회차에 ₩30,000 상환이 기록되었습니다/),
        expect.stringMatching(/2회차 ₩10,000이 감면되었습니다/),
      ]),
    );
    // Another lender's contract is not his to read.
    const stranger = await ts.loggedInClient("01042420099");
    expect(await refusal(stranger.api.notice.list({ contractId: contract.id }))).toMatchObject({
      status: 403,
    });
  });

  it("sends no reminder once the lender turned them off, and retries a failed send", async () => {
    await post("/__test/clock", { now: "2026-03-02T01:00:00Z" });
    const quiet = await signedContract();
    const loud = await signedContract();
    expect(await lender.api.contract.reminders({ id: quiet.id, on: false })).toMatchObject({
      reminders: false,
    });
    await moveClockTo("2026-04-09T01:00:00Z");
    // The gateway fails once: the job is retried after its back-off, and sends once.
    ts.sms.failNext(1);
    expect((await runJobs()).failed).toBe(1);
    // Its back-off (30 s) is over a minute later.
    await moveClockTo("2026-04-09T01:01:00Z");
    expect((await runJobs()).failed).toBe(0);
    const sentAbout = async (id: string) =>
      (await lender.api.notice.list({ contractId: id })).notices.filter(
        (notice) => notice.dueDate === "2026-04-12",
      );
    expect(await sentAbout(quiet.id)).toEqual([]);
    const [reminder] = await sentAbout(loud.id);
    expect(reminder?.kind).toBe("dueSoon");
    expect(reminder?.sentAt).not.toBeNull();
    const texts = (await textsTo(borrowerE164)).filter(({ at }) => at.startsWith("2026-04-09"));
    expect(texts.filter(({ text }) => text.includes(loud.number))).toHaveLength(1);
    expect(texts.filter(({ text }) => text.includes(quiet.number))).toHaveLength(0);
  });

  it("closes a reminder it can no longer send truly: dropped once turned off, failed after its last attempt", async () => {
    await post("/__test/clock", { now: "2026-03-02T01:00:00Z" });
    // Due 2026-05-20, a day no other contract of this file falls due on.
    const dated = async () => {
      const contract = await lender.api.contract.add(
        contractDraft(borrowerPhone, {
          loanDate: "2026-03-02",
          repaymentDate: "2026-05-20",
          instalmentAmount: 1_010_000,
        }),
      );
      await borrower.api.contract.open({ code: contract.code });
      await borrower.api.contract.sign({ id: contract.id, signature: signaturePng() });
      return contract;
    };
    const turnedOff = await dated();
    const unlucky = await dated();
    const stateOf = async (id: string) =>
      (await lender.api.notice.list({ contractId: id })).notices.map((notice) => notice.state);
    // The gateway is down: both reminders fail their first attempt.
    // Sessions last 30 idle days: the parties use the app on the way.
    for (const day of ["2026-03-30", "2026-04-25"]) await moveClockTo(`${day}T00:00:00Z`);
    ts.sms.failNext(100);
    try {
      let at = Date.parse("2026-05-17T01:00:00Z");
      await moveClockTo(new Date(at).toISOString());
      expect(await runJobs()).toMatchObject({ done: 1, failed: 2 });
      expect(await stateOf(turnedOff.id)).toEqual(["waiting"]);
      await lender.api.contract.reminders({ id: turnedOff.id, on: false });
      // Each retry after its wait (30 s, 1, 2… minutes), all within the reminder's day.
      for (let attempt = 1; attempt < jobRetry.maxAttempts; attempt++) {
        at += retryDelayMs(attempt) + 1_000;
        await moveClockTo(new Date(at).toISOString());
        await runJobs();
      }
    } finally {
      ts.sms.failNext(0);
    }
    expect(await stateOf(turnedOff.id)).toEqual(["dropped"]);
    expect(await stateOf(unlucky.id)).toEqual(["failed"]);
    const texts = await textsTo(borrowerE164);
    expect(texts.filter(({ text }) => text.includes(unlucky.number))).toEqual([]);
    expect(texts.filter(({ text }) => text.includes(turnedOff.number))).toEqual([]);
  });

  it("reads a Taipei contract's own time zone: 10:00 there is 02:00 UTC", async () => {
    await post("/__test/clock", { now: "2026-03-02T02:00:00Z" });
    await addLender(
      ts.server.context.db,
      { phone: "0911222333", name: "Taipei Lender", merchantName: "TP Co", jurisdiction: "TW" },
      ts.server.context.now(),
    );
    const taipeiLender = await ts.loggedInClient("+886911222333");
    const taipeiBorrower = await ts.loggedInClient("+886912000111");
    await verifyBorrower(taipeiBorrower, { country: "TW", seed: 46, face: "detect2.jpg" });
    const contract = await taipeiLender.api.contract.add(
      contractDraft("0912000111", {
        loanDate: "2026-03-02",
        repaymentDate: "2026-03-12",
        instalment: true,
        instalmentCount: 3,
        instalmentAmount: 33_400,
        loanAmount: 100_000,
        disbursedAmount: 100_000,
        overdueRatePercent: 12,
      }),
    );
    await taipeiBorrower.api.contract.open({ code: contract.code });
    await taipeiBorrower.api.contract.sign({ id: contract.id, signature: signaturePng() });
    // 10:30 in Seoul is 09:30 in Taipei: nothing yet.
    await post("/__test/clock", { now: "2026-03-12T01:30:00Z" });
    await runJobs();
    expect(await textsTo("+886912000111")).toEqual([]);
    await post("/__test/clock", { now: "2026-03-12T02:00:00Z" });
    await runJobs();
    const [dueToday] = await textsTo("+886912000111");
    expect(dueToday?.kind).toBe("reminder");
    expect(dueToday?.text).toContain("今天");
    expect(dueToday?.text).toContain("NT$33,400");
  });
});
