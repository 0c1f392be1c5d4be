import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { borrowerAPhone, type Cast, contractDraft, logInCast } from "../testing/fixtures";
import { signaturePng } from "../testing/png";
import { refusal } from "../testing/refusal";
import { startTestServer, type TestServer } from "../testing/test-server";

// The figures are defined (and tested case by case) in @chayong/domain's statistics; this checks
// the server's answers for a small book by hand-worked numbers, in the lender's time zone
// (statistics-reference.test.ts holds them to the domain's reference on random books).
describe("the lender's statistics dashboards", () => {
  let ts: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts, { verifyBorrowers: true });
    // Test clock: 2026-03-02 10:00 in Seoul. Two signed 1,000,000 loans due 2026-04-02 for
    // 1,010,000 each; 300,000 repaid on one today; a third contract never signed.
    for (const repay of [true, false]) {
      const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
      await cast.borrowerA.api.contract.open({ code: contract.code });
      await cast.borrowerA.api.contract.sign({ id: contract.id, signature: signaturePng() });
      if (repay) {
        await cast.lenderA.api.contract.repay({
          id: contract.id,
          idempotencyKey: "statistics-repayment-1",
          instalmentIndex: 1,
          repaymentAmount: 300_000,
          receivedOn: "2026-03-02",
        });
      }
    }
    await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
    // Another lender's book is not his.
    await cast.lenderB.api.contract.add(contractDraft(borrowerAPhone));
  }, 120_000);
  afterAll(async () => {
    await ts?.close();
  });

  it("answers all-time, today and progress figures of his signed contracts", async () => {
    const statistics = await cast.lenderA.api.contract.statistics();
    expect(statistics.asOf).toBe("2026-03-02");
    expect(statistics.allTime.total).toMatchObject({
      signedCount: 2,
      repaidCount: 0,
      overdueCount: 0,
      notYetDueCount: 2,
      dueTodayCount: 0,
      contractedAmount: 2_000_000,
      disbursedAmount: 2_000_000,
      repaidAmount: 300_000,
      overdueAmount: 0,
      notYetDueAmount: 1_010_000 + 710_000,
      profit: 300_000 - 2_000_000,
    });
    expect(statistics.allTime.single).toEqual(statistics.allTime.total);
    expect(statistics.allTime.instalment.signedCount).toBe(0);
    expect(statistics.today.total).toMatchObject({
      signedCount: 2,
      disbursedAmount: 2_000_000,
      repaidAmount: 300_000,
    });
    expect(statistics.inProgress.total).toEqual({
      count: 2,
      contractedAmount: 2_000_000,
      repaidAmount: 300_000,
      outstandingAmount: 1_720_000,
    });
    expect(statistics.completed.total.count).toBe(0);
    const other = await cast.lenderB.api.contract.statistics();
    expect(other.allTime.total.signedCount).toBe(0);
  });

  it("answers the today / 3-day / 7-day windows as days pass", async () => {
    const now = await cast.lenderA.api.contract.statisticsWindows();
    expect(
      now.windows.map((window) => [
        window.days,
        window.disbursedAmount,
        window.repaidAmount,
        window.dueAmount,
      ]),
    ).toEqual([
      [1, 2_000_000, 300_000, 0],
      [3, 2_000_000, 300_000, 0],
      [7, 2_000_000, 300_000, 0],
    ]);
    // 2026-03-28: the due date 2026-04-02 is inside the 7-day look-forward only.
    ts.clock.set(new Date("2026-03-28T01:00:00.000Z"));
    const later = await cast.lenderA.api.contract.statisticsWindows();
    expect(later.asOf).toBe("2026-03-28");
    expect(later.windows.map((window) => [window.days, window.dueAmount])).toEqual([
      [1, 0],
      [3, 0],
      [7, 1_720_000],
    ]);
  });

  it("is for lenders only", async () => {
    expect((await refusal(cast.borrowerA.api.contract.statistics())).status).toBe(403);
  });
});
