import { randomUUID } from "node:crypto";
import {
  addDays,
  type Contract,
  type ContractTerms,
  contractStatuses,
  todayIn,
} from "@chayong/domain";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../audit/audit";
import {
  canonicalJson,
  loadInstalmentStates,
  loadLedger,
  readModelOf,
  sameStates,
  sha256Hex,
} from "../contracts/contract-store";
import { contracts, ledgerEntries, moneyOperations } from "../db/schema";
import { messageFor } from "../messages/message-for";
import { borrowerAPhone, type Cast, contractDraft, logInCast } from "../testing/fixtures";
import { encodeTestPng, signaturePng } from "../testing/png";
import { errorKeys, refusal } from "../testing/refusal";
import { startTestServer, type TestClient, type TestServer } from "../testing/test-server";

const day = 24 * 60 * 60 * 1000;
const key = () => randomUUID().replaceAll("-", "");

describe("money after signing (repayments, waivers, renewals, reversals)", () => {
  let ts: TestServer;
  let cast: Cast;
  let lender: TestClient;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts, { verifyBorrowers: true });
    lender = cast.lenderA;
  });
  afterAll(async () => {
    await ts?.close();
  });

  const today = () => todayIn("Asia/Seoul", ts.clock.now());

  /** Time passes; everyone keeps using the app, so the sliding 30-day sessions stay alive. */
  async function passDays(days: number) {
    for (let left = days; left > 0; left -= 10) {
      ts.clock.advance(Math.min(10, left) * day);
      for (const client of [cast.lenderA, cast.lenderB, cast.borrowerA, cast.borrowerB]) {
        await client.api.user.current();
      }
    }
  }

  /** Lender A's contract to borrower A, signed. Three monthly instalments of 340,000 by default. */
  async function signedContract(overrides: Parameters<typeof contractDraft>[1] = {}) {
    const draft = contractDraft(borrowerAPhone, {
      loanDate: today(),
      repaymentDate: addDays(today(), 31),
      instalment: true,
      instalmentCount: 3,
      instalmentAmount: 340_000,
      ...overrides,
    });
    const contract = await lender.api.contract.add(draft);
    await cast.borrowerA.api.contract.open({ code: contract.code });
    // As the money operations answer it: the contract without its parties and its seal.
    const {
      parties: _parties,
      seal: _seal,
      ...signed
    } = await cast.borrowerA.api.contract.sign({
      id: contract.id,
      signature: signaturePng(),
    });
    return signed;
  }

  /** The stored read model equals the domain's replay of the stored ledger (docs/money.md). */
  async function expectReadModelMatchesLedger(contractId: string) {
    const db = ts.server.context.db;
    const [row] = await db.select().from(contracts).where(eq(contracts.id, contractId));
    if (row === undefined) throw new Error("no contract");
    const ledger = await loadLedger(db, contractId);
    const expected = readModelOf(
      row.terms as ContractTerms,
      ledger,
      todayIn(row.timeZone, ts.clock.now()),
    );
    const stored = (await loadInstalmentStates(db, [contractId])).get(contractId) ?? [];
    expect(sameStates(stored, expected.states)).toBe(true);
    expect({
      nextDueDate: row.nextDueDate,
      repaidAmount: row.repaidAmount,
      waivedAmount: row.waivedAmount,
      principalOutstanding: row.principalOutstanding,
      ledgerSeq: row.ledgerSeq,
      renewal: row.renewal,
    }).toEqual(expected.columns);
  }

  describe("repayment: a repayment received and/or a waiver", () => {
    it("records a partial repayment, shows it in the ledger with who wrote it, and audits it", async () => {
      const contract = await signedContract();
      const after = await lender.api.contract.repay({
        id: contract.id,
        idempotencyKey: key(),
        instalmentIndex: 1,
        repaymentAmount: 100_000,
        receivedOn: today(),
        reason: "cash at the shop",
      });
      expect(after).toMatchObject({ status: "type6", repaidAmount: 100_000 });
      expect(after.outstandingAmount).toBe(contract.outstandingAmount - 100_000);
      expect(after.schedule[0]).toMatchObject({ repaid: 100_000, outstanding: 240_000 });

      const ledger = await cast.borrowerA.api.contract.ledger({ id: contract.id });
      expect(ledger.entries).toEqual([
        expect.objectContaining({
          seq: 1,
          kind: "repayment",
          instalmentIndex: 1,
          amount: 100_000,
          date: today(),
          reason: "cash at the shop",
          actorName: "Demo Lender",
          reversedByEntryId: null,
        }),
      ]);
      expect(ledger.instalments).toEqual(after.schedule);
      const audited = await readAuditEvents(ts.server.context.db, {
        action: "contract.repay",
        subjectId: contract.id,
      });
      expect(audited.map((event) => event.details.entries)).toEqual([
        ledger.entries.map(({ id, kind, instalmentIndex, amount, date }) => ({
          id,
          kind,
          instalmentIndex,
          amount,
          date,
        })),
      ]);
      await expectReadModelMatchesLedger(contract.id);
    });

    it("closes a contract: paid in full is settled (type5), paid with relief is completed (type3)", async () => {
      const settled = await signedContract({
        instalment: false,
        instalmentCount: 1,
        instalmentAmount: 1_010_000,
      });
      const paid = await lender.api.contract.repay({
        id: settled.id,
        idempotencyKey: key(),
        instalmentIndex: 1,
        repaymentAmount: 1_010_000,
        receivedOn: today(),
      });
      expect(paid).toMatchObject({ status: "type5", outstandingAmount: 0, dueDate: null });

      const relieved = await signedContract({
        instalment: false,
        instalmentCount: 1,
        instalmentAmount: 1_010_000,
      });
      // Both in one call (spec): most repaid, the rest waived.
      const closed = await lender.api.contract.repay({
        id: relieved.id,
        idempotencyKey: key(),
        instalmentIndex: 1,
        repaymentAmount: 1_000_000,
        receivedOn: today(),
        waiverAmount: 10_000,
      });
      expect(closed).toMatchObject({
        status: "type3",
        repaidAmount: 1_000_000,
        waivedAmount: 10_000,
      });
      expect(
        (await lender.api.contract.ledger({ id: relieved.id })).entries.map((e) => [e.seq, e.kind]),
      ).toEqual([
        [1, "repayment"],
        [2, "waiver"],
      ]);
      // Nothing is owed any more: a further repayment is refused as a state conflict.
      const more = await refusal(
        lender.api.contract.repay({
          id: relieved.id,
          idempotencyKey: key(),
          instalmentIndex: 1,
          waiverAmount: 1,
        }),
      );
      expect([more.status, more.serverMessage]).toEqual([
        409,
        messageFor("operation.instalment.settled", "ko-KR"),
      ]);
      await expectReadModelMatchesLedger(settled.id);
      await expectReadModelMatchesLedger(relieved.id);
    });

    it("refuses every bad input with a translated message and writes nothing", async () => {
      const contract = await signedContract();
      const base = { id: contract.id, instalmentIndex: 1 };
      const cases: [Record<string, unknown>, string, string | null][] = [
        [{}, "operation.amount.required", "repaymentAmount"],
        [{ repaymentAmount: 0, waiverAmount: 0 }, "operation.amount.required", "repaymentAmount"],
        [{ repaymentAmount: 1 }, "operation.receivedOn.required", "receivedOn"],
        [
          { repaymentAmount: 1, receivedOn: addDays(today(), 1) },
          "operation.receivedOn.inFuture",
          "receivedOn",
        ],
        [
          { repaymentAmount: 1, receivedOn: addDays(today(), -1) },
          "operation.receivedOn.beforeLoan",
          "receivedOn",
        ],
        // A date that came but is no day is a wrong value, not a missing one.
        [{ repaymentAmount: 1, receivedOn: "2026-02-30" }, "common.invalidValue", "receivedOn"],
        [{ repaymentAmount: "1", receivedOn: today() }, "common.invalidValue", "repaymentAmount"],
        [
          { repaymentAmount: 340_001, receivedOn: today() },
          "operation.amount.exceedsOutstanding",
          "repaymentAmount",
        ],
        [{ waiverAmount: -5 }, "money.negative", "waiverAmount"],
        [{ waiverAmount: 1.5 }, "money.notInteger", "waiverAmount"],
        [
          { instalmentIndex: 4, waiverAmount: 1 },
          "operation.instalment.unknown",
          "instalmentIndex",
        ],
        [
          { instalmentIndex: undefined, waiverAmount: 1 },
          "operation.instalment.required",
          "instalmentIndex",
        ],
        [{ waiverAmount: 1, reason: "a\u0000b" }, "text.invalidCharacters", "reason"],
        [{ waiverAmount: 1, extra: true }, "common.unknownField", "extra"],
      ];
      for (const [fields, expectedKey, field] of cases) {
        const error = await refusal(
          lender.api.contract.repay({ ...base, idempotencyKey: key(), ...fields } as never),
        );
        expect([fields, error.status, errorKeys(error)[0]]).toEqual([fields, 400, expectedKey]);
        const problem = (error.body as { errors: { field: string | null; message: string }[] })
          .errors[0];
        expect(problem?.field).toBe(field);
        expect(problem?.message).not.toMatch(/^[a-z]+\.[A-Za-z.]+$/); // a sentence, not a key
      }
      const tooMuch = await refusal(
        lender.api.contract.repay({
          ...base,
          idempotencyKey: key(),
          repaymentAmount: 340_001,
          receivedOn: today(),
        }),
      );
      // The amount with its currency (a bare number read as if it were any unit).
      expect(tooMuch.serverMessage).toContain("₩340,000");
      const zh = ts.client();
      zh.token = lender.token;
      zh.locale = "zh-TW";
      const zhError = await refusal(zh.api.contract.repay({ ...base, idempotencyKey: key() }));
      expect(zhError.serverMessage).toBe("請輸入本次還款金額或減免金額");
      expect((await lender.api.contract.ledger({ id: contract.id })).entries).toEqual([]);
    });

    it("has no ledger to show before signing", async () => {
      const unsigned = await lender.api.contract.add(
        contractDraft(borrowerAPhone, { loanDate: today(), repaymentDate: addDays(today(), 30) }),
      );
      expect((await refusal(lender.api.contract.ledger({ id: unsigned.id }))).status).toBe(409);
      await lender.api.contract.cancel({ id: unsigned.id });
      expect((await refusal(lender.api.contract.ledger({ id: unsigned.id }))).status).toBe(404);
    });

    it("refuses money operations before signing and on a cancelled contract", async () => {
      const unsigned = await lender.api.contract.add(
        contractDraft(borrowerAPhone, { loanDate: today(), repaymentDate: addDays(today(), 30) }),
      );
      const early = await refusal(
        lender.api.contract.repay({
          id: unsigned.id,
          idempotencyKey: key(),
          instalmentIndex: 1,
          waiverAmount: 1,
        }),
      );
      expect([early.status, early.serverMessage]).toEqual([
        409,
        messageFor("contract.operationNotAllowed", "ko-KR"),
      ]);
      await lender.api.contract.cancel({ id: unsigned.id });
      const cancelled = await refusal(
        lender.api.contract.renew({
          id: unsigned.id,
          idempotencyKey: key(),
          instalmentIndex: 1,
          newDueDate: addDays(today(), 60),
        }),
      );
      expect(cancelled.status).toBe(404);
    });
  });

  describe("renewal", () => {
    it("moves a due date later, marks the contract renewed, and takes it out of overdue", async () => {
      const contract = await signedContract({
        instalment: false,
        instalmentCount: 1,
        instalmentAmount: 1_010_000,
      });
      await passDays(40); // 9 days past the due date
      const overdue = await lender.api.contract.detail({ id: contract.id });
      expect(overdue.status).toBe("type4");
      expect(overdue.overdueInterest).toBeGreaterThan(0);

      const invalid = await refusal(
        lender.api.contract.renew({
          id: contract.id,
          idempotencyKey: key(),
          instalmentIndex: 1,
          newDueDate: addDays(today(), -1),
        }),
      );
      // After the due date but before today: the message names today.
      expect([invalid.status, invalid.serverMessage]).toEqual([
        400,
        messageFor("renewal.date.past", "ko-KR", { today: today() }),
      ]);
      const missing = await refusal(
        lender.api.contract.renew({
          id: contract.id,
          idempotencyKey: key(),
          newDueDate: addDays(today(), 30),
        } as never),
      );
      expect(errorKeys(missing)).toEqual(["renewal.instalment.required"]);

      const renewed = await lender.api.contract.renew({
        id: contract.id,
        idempotencyKey: key(),
        instalmentIndex: 1,
        newDueDate: addDays(today(), 30),
        reason: "asked for a month",
      });
      // Interest accrued before the renewal stays owed; the new due date is in the future.
      expect(renewed).toMatchObject({
        status: "type6",
        renewal: true,
        dueDate: addDays(today(), 30),
      });
      expect(renewed.overdueInterest).toBe(overdue.overdueInterest);
      expect(renewed.schedule[0]).toMatchObject({
        renewed: true,
        originalDueDate: contract.repaymentDate,
      });
      await expectReadModelMatchesLedger(contract.id);
    });
  });

  describe("reversal", () => {
    it("undoes an entry with a reason; a reversal is never reversed, nor an entry twice", async () => {
      const contract = await signedContract();
      await lender.api.contract.repay({
        id: contract.id,
        idempotencyKey: key(),
        instalmentIndex: 2,
        repaymentAmount: 200_000,
        receivedOn: today(),
      });
      const [repayment] = (await lender.api.contract.ledger({ id: contract.id })).entries;
      const noReason = await refusal(
        lender.api.contract.reverse({
          id: contract.id,
          idempotencyKey: key(),
          entryId: repayment?.id ?? "",
          reason: " \u200B ",
        }),
      );
      expect(errorKeys(noReason)).toEqual(["common.pleaseFillIn"]);

      const reversed = await lender.api.contract.reverse({
        id: contract.id,
        idempotencyKey: key(),
        entryId: repayment?.id ?? "",
        reason: "typed the wrong amount",
      });
      expect(reversed).toMatchObject({
        repaidAmount: 0,
        outstandingAmount: contract.outstandingAmount,
      });
      const ledger = await lender.api.contract.ledger({ id: contract.id });
      expect(ledger.entries.map((e) => [e.seq, e.kind, e.reversedByEntryId !== null])).toEqual([
        [1, "repayment", true],
        [2, "reversal", false],
      ]);
      const again = await refusal(
        lender.api.contract.reverse({
          id: contract.id,
          idempotencyKey: key(),
          entryId: repayment?.id ?? "",
          reason: "again",
        }),
      );
      expect([again.status, again.serverMessage]).toEqual([
        409,
        messageFor("operation.reversal.alreadyReversed", "ko-KR"),
      ]);
      const ofReversal = await refusal(
        lender.api.contract.reverse({
          id: contract.id,
          idempotencyKey: key(),
          entryId: ledger.entries[1]?.id ?? "",
          reason: "undo",
        }),
      );
      expect([ofReversal.status, ofReversal.serverMessage]).toEqual([
        409,
        messageFor("operation.reversal.notReversible", "ko-KR"),
      ]);
      await expectReadModelMatchesLedger(contract.id);
    });

    it("cannot name an entry of another contract, not even in the database", async () => {
      const mine = await signedContract();
      const other = await signedContract();
      await lender.api.contract.repay({
        id: other.id,
        idempotencyKey: key(),
        instalmentIndex: 1,
        waiverAmount: 5,
      });
      const [foreign] = (await lender.api.contract.ledger({ id: other.id })).entries;
      const error = await refusal(
        lender.api.contract.reverse({
          id: mine.id,
          idempotencyKey: key(),
          entryId: foreign?.id ?? "",
          reason: "wrong",
        }),
      );
      expect(errorKeys(error)).toEqual(["operation.reversal.unknownEntry"]);
      // The composite foreign key refuses it even when code would not: another contract's
      // entry, or this contract's entry under another instalment.
      const db = ts.server.context.db;
      const [operation] = await db.select().from(moneyOperations).limit(1);
      const mineAfter = await lender.api.contract.repay({
        id: mine.id,
        idempotencyKey: key(),
        instalmentIndex: 2,
        waiverAmount: 5,
      });
      const [own] = (await lender.api.contract.ledger({ id: mineAfter.id })).entries;
      for (const [target, instalmentIndex] of [
        [foreign?.id ?? "", 1],
        [own?.id ?? "", 1],
      ] as const) {
        const insert = db.insert(ledgerEntries).values({
          id: randomUUID(),
          contractId: mine.id,
          seq: 99,
          kind: "reversal",
          instalmentIndex,
          date: today(),
          reversesEntryId: target,
          operationId: operation?.id ?? "",
          actorId: (await lender.api.user.current()).userId,
          recordedAt: ts.clock.now(),
          reason: "x",
        });
        await expect(insert).rejects.toThrow();
        try {
          await insert;
        } catch (error) {
          expect(String((error as Error).cause)).toMatch(
            /ledger_entries_reverses_same_contract_fk/,
          );
        }
      }
    });
  });

  describe("idempotency", () => {
    it("refuses one key sent at once for two contracts: one is recorded, the other refused", async () => {
      const [first, second] = [await signedContract(), await signedContract()];
      const shared = key();
      const attempts = await Promise.allSettled(
        [first, second].map((contract) =>
          lender.api.contract.repay({
            id: contract.id,
            idempotencyKey: shared,
            instalmentIndex: 1,
            waiverAmount: 1_000,
          }),
        ),
      );
      expect(attempts.map((attempt) => attempt.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = attempts.find((attempt) => attempt.status === "rejected");
      expect((refused as PromiseRejectedResult).reason.status).toBe(409);
      const entries = await Promise.all(
        [first, second].map(async (c) => (await lender.api.contract.ledger({ id: c.id })).entries),
      );
      expect(entries.flat()).toHaveLength(1);
    });

    it("answers a retried action with its first answer and appends once", async () => {
      const contract = await signedContract();
      const request = {
        id: contract.id,
        idempotencyKey: key(),
        instalmentIndex: 1,
        repaymentAmount: 50_000,
        receivedOn: today(),
      };
      const first = await lender.api.contract.repay(request);
      ts.clock.advance(5_000);
      const retried = await lender.api.contract.repay(request);
      expect(retried).toEqual(first);
      expect((await lender.api.contract.ledger({ id: contract.id })).entries).toHaveLength(1);

      const reused = await refusal(
        lender.api.contract.repay({ ...request, repaymentAmount: 60_000 }),
      );
      expect([reused.status, reused.serverMessage]).toEqual([
        409,
        messageFor("operation.idempotencyKey.reused", "ko-KR"),
      ]);
      const other = await signedContract();
      const elsewhere = await refusal(lender.api.contract.repay({ ...request, id: other.id }));
      expect(elsewhere.status).toBe(409);
      const short = await refusal(
        lender.api.contract.repay({ ...request, idempotencyKey: "short" }),
      );
      expect(errorKeys(short)).toEqual(["common.invalidValue"]);
    });

    it("recognises the retry of a repayment stored before its kind was renamed (migration 0010)", async () => {
      const contract = await signedContract();
      const request = {
        id: contract.id,
        idempotencyKey: key(),
        instalmentIndex: 1,
        repaymentAmount: 50_000,
        receivedOn: today(),
      };
      // As the server stored it then: hashed under the old word, its kind rewritten by 0010.
      const me = await lender.api.user.current();
      await ts.server.context.db.insert(moneyOperations).values({
        id: randomUUID(),
        contractId: contract.id,
        actorId: me.userId,
        idempotencyKey: request.idempotencyKey,
        kind: "repay",
        requestSha256: sha256Hex(canonicalJson({ kind: "update", ...request })),
        answer: contract,
        recordedAt: ts.clock.now(),
      });
      expect(await lender.api.contract.repay(request)).toEqual(contract);
      expect((await lender.api.contract.ledger({ id: contract.id })).entries).toEqual([]);
      const reused = await refusal(
        lender.api.contract.repay({ ...request, repaymentAmount: 60_000 }),
      );
      expect(reused.status).toBe(409);
    });
  });

  describe("concurrency", () => {
    it("never applies more than an instalment owes under 100 concurrent repayments", async () => {
      const contract = await signedContract();
      const owed = contract.schedule[0]?.outstanding ?? 0; // 340,000
      const attempts = await Promise.allSettled(
        Array.from({ length: 100 }, () =>
          lender.api.contract.repay({
            id: contract.id,
            idempotencyKey: key(),
            instalmentIndex: 1,
            repaymentAmount: 7_000,
            receivedOn: today(),
          }),
        ),
      );
      const accepted = attempts.filter((a) => a.status === "fulfilled").length;
      const refused = attempts.flatMap((a) => (a.status === "rejected" ? [a.reason] : []));
      // 48 x 7,000 = 336,000 fits in 340,000; the 49th would not.
      expect(accepted).toBe(Math.floor(owed / 7_000));
      expect(refused.map((e) => (e as { status?: number }).status)).toEqual(
        Array(100 - accepted).fill(400),
      );
      const detail = await lender.api.contract.detail({ id: contract.id });
      expect(detail.schedule[0]?.repaid).toBe(accepted * 7_000);
      expect(detail.schedule[0]?.repaid).toBeLessThanOrEqual(owed);
      const seqs = (await lender.api.contract.ledger({ id: contract.id })).entries.map(
        (e) => e.seq,
      );
      expect(seqs).toEqual(Array.from({ length: accepted }, (_, i) => i + 1));
      await expectReadModelMatchesLedger(contract.id);
    });
  });

  describe("the read model", () => {
    it("equals the domain's replay of the ledger after any sequence of operations (property)", async () => {
      const step = fc.record({
        kind: fc.constantFrom("repayment", "waiver", "both", "renewal", "reversal", "wait"),
        instalmentIndex: fc.integer({ min: 1, max: 3 }),
        amount: fc.integer({ min: 1, max: 400_000 }),
        backDays: fc.integer({ min: 0, max: 40 }),
        forwardDays: fc.integer({ min: 1, max: 90 }),
        target: fc.nat(),
      });
      // Both paths must be walked: operations that write, and refusals that write nothing.
      const outcomes = { accepted: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
          const contract = await signedContract();
          for (const s of steps) {
            const ledger = await lender.api.contract.ledger({ id: contract.id });
            const base = {
              id: contract.id,
              idempotencyKey: key(),
              instalmentIndex: s.instalmentIndex,
            };
            const receivedOn = [addDays(today(), -s.backDays), contract.loanDate]
              .sort()
              .at(-1) as string;
            const call =
              s.kind === "wait"
                ? passDays(s.forwardDays)
                : s.kind === "renewal"
                  ? lender.api.contract.renew({
                      ...base,
                      newDueDate: addDays(today(), s.forwardDays),
                    })
                  : s.kind === "reversal"
                    ? lender.api.contract.reverse({
                        id: contract.id,
                        idempotencyKey: key(),
                        entryId:
                          ledger.entries[s.target % Math.max(1, ledger.entries.length)]?.id ??
                          "none",
                        reason: "fix",
                      })
                    : lender.api.contract.repay({
                        ...base,
                        ...(s.kind === "waiver" ? {} : { repaymentAmount: s.amount, receivedOn }),
                        ...(s.kind === "repayment"
                          ? {}
                          : { waiverAmount: Math.ceil(s.amount / 3) }),
                      });
            try {
              await call;
              if (s.kind !== "wait") outcomes.accepted += 1;
            } catch (error) {
              // Refusals are expected (over-applying, settled instalments...); never a 5xx.
              expect((error as { status?: number }).status).toBeLessThan(500);
              outcomes.refused += 1;
            }
            await expectReadModelMatchesLedger(contract.id);
          }
        }),
        { numRuns: Number(process.env.CHAYONG_PROPERTY_RUNS ?? 12), seed: 20261123 },
      );
      expect(outcomes.accepted).toBeGreaterThan(10);
      expect(outcomes.refused).toBeGreaterThan(0);
    });

    it("decides overdue by the day in the contract's time zone, not UTC's", async () => {
      // Due on the next Seoul day; at 14:30 UTC that day it is still due (23:30 in Seoul), at
      // 15:30 UTC the next Seoul day has begun and the instalment is 1 day overdue.
      const dueDate = addDays(today(), 1);
      const contract = await signedContract({
        instalment: false,
        instalmentCount: 1,
        instalmentAmount: 1_000_100,
        repaymentDate: dueDate,
      });
      const statusAt = async (utc: string) => {
        ts.clock.set(new Date(utc));
        const detail = await lender.api.contract.detail({ id: contract.id });
        const overdue = (await lender.api.contract.query({ status: "type4", pageSize: 50 })).items;
        const pending = (await lender.api.contract.query({ status: "type6", pageSize: 50 })).items;
        return [
          detail.status,
          overdue.some((item) => item.id === contract.id),
          pending.some((item) => item.id === contract.id),
        ];
      };
      expect(await statusAt(`${dueDate}T14:30:00.000Z`)).toEqual(["type6", false, true]);
      expect(await statusAt(`${dueDate}T15:30:00.000Z`)).toEqual(["type4", true, false]);
    });

    it("filters every status in SQL exactly as the domain derives it, as days pass", async () => {
      const made: Contract[] = [];
      for (let i = 0; i < 4; i += 1)
        made.push(
          await signedContract({
            repaymentDate: addDays(today(), 5 + i * 10),
            instalmentAmount: 333_334,
          }),
        );
      await lender.api.contract.repay({
        id: made[0]?.id ?? "",
        idempotencyKey: key(),
        instalmentIndex: 1,
        waiverAmount: 5,
      });
      for (const advance of [0, 8, 20, 100]) {
        await passDays(advance);
        const byStatus = new Map<string, string[]>();
        let cursor: string | null = null;
        do {
          const page = await lender.api.contract.query({
            pageSize: 50,
            ...(cursor ? { cursor } : {}),
          });
          for (const item of page.items)
            byStatus.set(item.status, [...(byStatus.get(item.status) ?? []), item.id]);
          cursor = page.nextCursor;
        } while (cursor !== null);
        for (const status of contractStatuses) {
          const filtered: string[] = [];
          let next: string | null = null;
          do {
            const page = await lender.api.contract.query({
              status,
              pageSize: 50,
              ...(next ? { cursor: next } : {}),
            });
            filtered.push(...page.items.map((item) => item.id));
            expect(page.items.every((item) => item.status === status)).toBe(true);
            next = page.nextCursor;
          } while (next !== null);
          expect([advance, status, filtered.sort()]).toEqual([
            advance,
            status,
            (byStatus.get(status) ?? []).sort(),
          ]);
        }
      }
    });
  });

  describe("hostile input (fixed first)", () => {
    it("answers NUL and lone surrogates in text and id fields with a translated 400, never a 500", async () => {
      const draft = contractDraft(borrowerAPhone);
      for (const bad of ["Kim\u0000Lee", "a\ud800b", "a\udc00b"]) {
        for (const call of [
          () => lender.api.contract.add({ ...draft, name: bad }),
          () => lender.api.contract.add({ ...draft, lender: bad }),
          () => lender.api.template.add({ name: bad, lender: "L", merchantName: "M" }),
          () => lender.api.template.query({ name: bad }),
          () => lender.api.contract.detail({ id: bad }),
          () => lender.api.contract.query({ cursor: bad }),
          () => cast.borrowerA.api.contract.open({ code: bad }),
        ]) {
          const error = await refusal(call());
          expect(error.status).toBe(400);
          expect(error.serverMessage).toMatch(/[가-힣]/);
        }
      }
      const invisible = await refusal(
        lender.api.contract.add({ ...draft, name: "\u200B\u202E\u3164" }),
      );
      expect(errorKeys(invisible)).toEqual(["contract.name.required"]);
    });

    it("bounds the page size and refuses a forged cursor", async () => {
      for (const pageSize of [0, 51, 1e300, Number.NaN]) {
        expect((await refusal(lender.api.contract.query({ pageSize }))).status).toBe(400);
      }
      for (const text of [
        "not-a-date|x",
        "2024-02-30T00:00:00.000000Z|x", // Date.parse accepts it; PostgreSQL does not
        "0000-01-01T00:00:00.000000Z|x",
        "2026-03-02T01:00:00.000000Z|x|y",
        "2026-03-02T01:00:00.000000Z|a b",
      ]) {
        const forged = Buffer.from(text).toString("base64url");
        const error = await refusal(lender.api.contract.query({ cursor: forged }));
        expect([text, error.status]).toEqual([text, 400]);
      }
    });

    it("checks who signs before it decodes the image, and bounds what a signature decodes to", async () => {
      const contract = await lender.api.contract.add(
        contractDraft(borrowerAPhone, { loanDate: today(), repaymentDate: addDays(today(), 31) }),
      );
      await cast.borrowerA.api.contract.open({ code: contract.code });
      // 4,000 x 4,000 pixels declared in a few hundred bytes.
      const huge = encodeTestPng(1, 1, () => true);
      const ihdr = huge.indexOf("IHDR") + 4;
      huge.writeUInt32BE(4_000, ihdr);
      huge.writeUInt32BE(4_000, ihdr + 4);
      const bomb = `data:image/png;base64,${huge.toString("base64")}`;
      const stranger = await refusal(
        cast.borrowerB.api.contract.sign({ id: contract.id, signature: bomb }),
      );
      expect(stranger.status).toBe(403);
      const owner = await refusal(
        cast.borrowerA.api.contract.sign({ id: contract.id, signature: bomb }),
      );
      expect(errorKeys(owner)).toEqual(["signature.tooLarge"]);
    });
  });
});
