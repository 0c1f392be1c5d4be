import type { MessageKey } from "@chayong/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../audit/audit";
import { borrowerIdentities, offlineLoans } from "../db/schema";
import { messageFor } from "../messages/message-for";
import { borrowerAPhone, type Cast, contractDraft, logInCast } from "../testing/fixtures";
import { verifyBorrower } from "../testing/identity-kit";
import { signaturePng } from "../testing/png";
import { errorKeys, refusal } from "../testing/refusal";
import { startTestServer, type TestClient, type TestServer } from "../testing/test-server";

describe("the shared-debt lookup (docs/customers.md#shared-debt-lookup)", () => {
  let ts: TestServer;
  let cast: Cast;
  let consenting: { phone: string; idNumber: string };

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts);
    // Borrower A consents (the kit ticks it); two signed contracts with two lenders, one repaid.
    const photos = await verifyBorrower(cast.borrowerA, { seed: 41 });
    consenting = { phone: borrowerAPhone, idNumber: photos.person.idNumber };
    for (const lender of [cast.lenderA, cast.lenderB]) {
      const contract = await lender.api.contract.add(contractDraft(borrowerAPhone));
      await cast.borrowerA.api.contract.open({ code: contract.code });
      await cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() });
      if (lender === cast.lenderB) {
        await lender.api.contract.repay({
          id: contract.id,
          idempotencyKey: "shared-debt-settle-1",
          instalmentIndex: 1,
          repaymentAmount: 1_010_000,
          receivedOn: "2026-03-02",
        });
      }
    }
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  it("answers aggregates across every lender, online and offline, and audits the remark", async () => {
    // Lender B also lent outside the app and reports it; a withdrawn or other person's report
    // never counts.
    await cast.lenderB.api.contract.reportOfflineLoan({
      ...consenting,
      amount: 300_000,
      outstandingAmount: 100_000,
      loanDate: "2026-01-10",
      state: "overdue",
    });
    await cast.lenderB.api.contract.reportOfflineLoan({
      phone: "010-5000-0000",
      idNumber: "900101-1234567",
      amount: 999_000,
      loanDate: "2026-01-10",
      state: "inTransit",
    });
    const info = await cast.lenderA.api.contract.sharedDebt({
      ...consenting,
      remark: "새 대출 심사",
    });
    expect(info).toEqual({
      online: {
        signedCount: 2,
        settledCount: 1,
        inTransitAmount: 1_010_000,
        settledAmount: 1_010_000,
        overdueCount: 0,
      },
      offline: {
        signedCount: 1,
        settledCount: 0,
        inTransitAmount: 100_000,
        settledAmount: 0,
        overdueCount: 1,
      },
    });
    const lender = await cast.lenderA.api.user.current();
    const [audit] = await readAuditEvents(ts.server.context.db, {
      action: "sharedDebt.query",
      actorId: lender.userId,
    });
    expect(audit?.details).toEqual({ remark: "새 대출 심사", found: true, bankCardGiven: false });
    expect(JSON.stringify(audit)).not.toContain(consenting.idNumber.slice(7));
  });

  it("says 'not found' for a wrong phone, a wrong number, or someone who did not consent", async () => {
    const notFound = messageFor("sharedDebt.notFound", "ko-KR");
    const wrongPhone = await refusal(
      cast.lenderA.api.contract.sharedDebt({ ...consenting, phone: "010-3333-4444" }),
    );
    expect([wrongPhone.status, wrongPhone.serverMessage]).toEqual([404, notFound]);

    const declining: TestClient = ts.client();
    await declining.logIn("01040000001");
    // Another person than borrower A (docs/identity.md, "One person, one identity").
    const photos = await verifyBorrower(declining, { face: "detect3.jpg", seed: 42 });
    // The kit consents; this borrower declines, as unticking the box would have.
    await ts.server.context.db
      .update(borrowerIdentities)
      .set({ sharedDebtConsent: false })
      .where(
        eq(
          borrowerIdentities.idNumberHash,
          ts.server.context.personalData.lookupHash(photos.person.idNumber),
        ),
      );
    const noConsent = await refusal(
      cast.lenderA.api.contract.sharedDebt({
        phone: "01040000001",
        idNumber: photos.person.idNumber,
      }),
    );
    expect([noConsent.status, noConsent.serverMessage]).toEqual([404, notFound]);
  });

  describe("offline loan reports: the reporting lender's own (docs/customers.md)", () => {
    const report = {
      phone: "010-5000-0001",
      idNumber: "900101-1234567",
      amount: 800_000,
      outstandingAmount: 500_000,
      loanDate: "2026-02-01",
      state: "inTransit" as const,
    };
    const auditsOf = (id: string) =>
      readAuditEvents(ts.server.context.db, { subjectType: "offlineLoan", subjectId: id });

    it("answers the stored report, never the number, and lists the lender's own, newest first", async () => {
      const filedAt = ts.clock.now().toISOString();
      const first = await cast.lenderA.api.contract.reportOfflineLoan(report);
      ts.clock.advance(60_000);
      const second = await cast.lenderA.api.contract.reportOfflineLoan({
        ...report,
        phone: "010-5000-0002",
        outstandingAmount: undefined,
        state: "overdue",
      });
      expect(first).toEqual({
        id: expect.any(String),
        phone: "+821050000001",
        amount: 800_000,
        outstandingAmount: 500_000,
        loanDate: "2026-02-01",
        state: "inTransit",
        createdAt: filedAt,
      });
      // Left out, what is owed is the whole amount.
      expect(second).toMatchObject({ outstandingAmount: 800_000, state: "overdue" });
      const hash = ts.server.context.personalData.lookupHash(report.idNumber);
      for (const answer of [first, second]) {
        expect(Object.keys(answer).sort()).toEqual(
          ["amount", "createdAt", "id", "loanDate", "outstandingAmount", "phone", "state"].sort(),
        );
        expect(JSON.stringify(answer)).not.toContain(hash);
      }

      const mine = await cast.lenderA.api.contract.offlineLoanList();
      expect(mine.slice(0, 2).map((entry) => entry.id)).toEqual([second.id, first.id]);
      expect(JSON.stringify(mine)).not.toContain("1234567");
      // Lender B sees none of them (he filed one of his own in the first test).
      const theirs = await cast.lenderB.api.contract.offlineLoanList();
      expect(theirs.map((entry) => entry.id)).not.toContain(first.id);
      expect(theirs.length).toBeGreaterThan(0);

      const [audit] = await auditsOf(first.id);
      expect(audit).toMatchObject({
        action: "offlineLoan.report",
        details: { amount: 800_000, outstandingAmount: 500_000, loanDate: "2026-02-01" },
      });
      expect(JSON.stringify(audit)).not.toContain("1234567");
    });

    it.each<[string, Record<string, unknown>, string, string]>([
      [
        "owed above the amount",
        { outstandingAmount: 800_001 },
        "offlineLoan.outstanding.exceedsAmount",
        "outstandingAmount",
      ],
      [
        "settled yet owed",
        { state: "settled" },
        "offlineLoan.outstanding.notZeroWhenSettled",
        "outstandingAmount",
      ],
      [
        "running yet owing nothing",
        { outstandingAmount: 0 },
        "offlineLoan.outstanding.zeroWhileOwed",
        "outstandingAmount",
      ],
      ["lent tomorrow", { loanDate: "2026-03-03" }, "offlineLoan.loanDate.future", "loanDate"],
      ["no amount", { amount: 0 }, "offlineLoan.amount.notPositive", "amount"],
      ["a fraction", { amount: 1000.5 }, "money.notInteger", "amount"],
      ["beyond money", { amount: 2 ** 53 }, "money.tooLarge", "amount"],
      ["no state", { state: undefined }, "offlineLoan.state.required", "state"],
    ])("refuses a report %s (%s), in the caller's language", async (_name, patch, key, field) => {
      const error = await refusal(
        cast.lenderA.api.contract.reportOfflineLoan({ ...report, ...patch } as typeof report),
      );
      expect(error.status).toBe(400);
      const body = error.body as { errors: { field: string; key: string; message: string }[] };
      expect(body.errors).toContainEqual({
        field,
        key,
        message: messageFor(key as MessageKey, "ko-KR", { field }),
      });
    });

    it("corrects a report's terms, audited with before and after; never its person", async () => {
      const filed = await cast.lenderA.api.contract.reportOfflineLoan(report);
      const corrected = await cast.lenderA.api.contract.correctOfflineLoan({
        id: filed.id,
        amount: 900_000,
        outstandingAmount: 0,
        loanDate: "2026-02-02",
        state: "settled",
      });
      expect(corrected).toEqual({
        ...filed,
        amount: 900_000,
        outstandingAmount: 0,
        loanDate: "2026-02-02",
        state: "settled",
      });
      const listed = await cast.lenderA.api.contract.offlineLoanList();
      expect(listed.find((entry) => entry.id === filed.id)).toEqual(corrected);
      const audits = await auditsOf(filed.id);
      expect(audits.map((audit) => [audit.action, audit.details])).toEqual([
        ["offlineLoan.report", expect.anything()],
        [
          "offlineLoan.correct",
          {
            before: {
              amount: 800_000,
              outstandingAmount: 500_000,
              loanDate: "2026-02-01",
              state: "inTransit",
            },
            after: {
              amount: 900_000,
              outstandingAmount: 0,
              loanDate: "2026-02-02",
              state: "settled",
            },
          },
        ],
      ]);

      const samePerson = await refusal(
        cast.lenderA.api.contract.correctOfflineLoan({
          id: filed.id,
          amount: 900_000,
          loanDate: "2026-02-02",
          state: "settled",
          phone: "010-5000-0009",
        } as Parameters<typeof cast.lenderA.api.contract.correctOfflineLoan>[0]),
      );
      expect([samePerson.status, errorKeys(samePerson)]).toEqual([400, ["common.unknownField"]]);
      const future = await refusal(
        cast.lenderA.api.contract.correctOfflineLoan({
          id: filed.id,
          amount: 900_000,
          loanDate: "2027-01-01",
          state: "settled",
        }),
      );
      expect([future.status, errorKeys(future)]).toEqual([400, ["offlineLoan.loanDate.future"]]);
    });

    it("answers another lender's report like a missing one, and changes nothing", async () => {
      const filed = await cast.lenderA.api.contract.reportOfflineLoan(report);
      const notFound = messageFor("offlineLoan.notFound", "ko-KR");
      // One at a time: a refusal started before the loop awaits it would be an unhandled
      // rejection for a moment, which ends the worker once the face engine is loaded in it.
      const attempts = [
        () =>
          cast.lenderB.api.contract.correctOfflineLoan({
            id: filed.id,
            amount: 1,
            loanDate: "2026-01-01",
            state: "overdue",
          }),
        () => cast.lenderB.api.contract.withdrawOfflineLoan({ id: filed.id }),
        () => cast.lenderA.api.contract.withdrawOfflineLoan({ id: "no-such-report-00" }),
      ];
      for (const attempt of attempts) {
        const error = await refusal(attempt());
        expect([error.status, error.serverMessage, error.body ?? null]).toEqual([
          404,
          notFound,
          null,
        ]);
      }
      const listed = await cast.lenderA.api.contract.offlineLoanList();
      expect(listed.find((entry) => entry.id === filed.id)).toEqual(filed);
      expect((await auditsOf(filed.id)).map((audit) => audit.action)).toEqual([
        "offlineLoan.report",
      ]);
    });

    it("withdraws a report: audited, gone from the list, no longer correctable, and it stops counting in lookups", async () => {
      const offlineNow = async () =>
        (await cast.lenderA.api.contract.sharedDebt({ ...consenting, remark: "offline" })).offline;
      const before = await offlineNow();
      const filed = await cast.lenderA.api.contract.reportOfflineLoan({
        ...consenting,
        amount: 400_000,
        outstandingAmount: 250_000,
        loanDate: "2026-02-15",
        state: "inTransit",
      });
      expect(await offlineNow()).toEqual({
        ...before,
        signedCount: before.signedCount + 1,
        inTransitAmount: before.inTransitAmount + 250_000,
      });
      await cast.lenderA.api.contract.correctOfflineLoan({
        id: filed.id,
        amount: 400_000,
        loanDate: "2026-02-15",
        state: "settled",
      });
      expect(await offlineNow()).toEqual({
        ...before,
        signedCount: before.signedCount + 1,
        settledCount: before.settledCount + 1,
        settledAmount: before.settledAmount + 400_000,
      });

      await expect(
        cast.lenderA.api.contract.withdrawOfflineLoan({ id: filed.id }),
      ).resolves.toBeNull();
      expect(await offlineNow()).toEqual(before);
      const listed = await cast.lenderA.api.contract.offlineLoanList();
      expect(listed.map((entry) => entry.id)).not.toContain(filed.id);
      const again = await refusal(cast.lenderA.api.contract.withdrawOfflineLoan({ id: filed.id }));
      expect(again.status).toBe(404);
      const correctWithdrawn = await refusal(
        cast.lenderA.api.contract.correctOfflineLoan({
          id: filed.id,
          amount: 1,
          loanDate: "2026-02-15",
          state: "overdue",
        }),
      );
      expect(correctWithdrawn.status).toBe(404);

      const audits = await auditsOf(filed.id);
      expect(audits.map((audit) => audit.action)).toEqual([
        "offlineLoan.report",
        "offlineLoan.correct",
        "offlineLoan.withdraw",
      ]);
      // The row is kept, marked withdrawn.
      const [row] = await ts.server.context.db
        .select()
        .from(offlineLoans)
        .where(eq(offlineLoans.id, filed.id));
      expect(row?.withdrawnAt).toEqual(ts.clock.now());
    });
  });

  it("limits each lender to 30 lookups an hour", async () => {
    let refusedAt = -1;
    for (let i = 0; i < 31; i++) {
      const result = await cast.lenderB.api.contract
        .sharedDebt({ ...consenting, phone: "010-3333-4444" })
        .catch((error: { status?: number }) => error.status);
      if (result === 429) {
        refusedAt = i;
        break;
      }
    }
    expect(refusedAt).toBe(30);
  });
});
