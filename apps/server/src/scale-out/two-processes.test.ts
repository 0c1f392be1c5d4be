import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, todayIn } from "@chayong/domain";
import type { Api } from "@chayong/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import { addLender } from "../lenders/lenders";
import { messageFor } from "../messages/message-for";
import { contractDraft } from "../testing/fixtures";
import { verifyBorrower } from "../testing/identity-kit";
import { signaturePng } from "../testing/png";
import { lastTestSmsCode, type ProcessSession, processClient } from "../testing/process-client";
import { refusal } from "../testing/refusal";
import { type ServerProcess, startServerProcess } from "../testing/server-process";
import { dropSchema } from "../testing/test-database";

const databaseUrl = process.env.TEST_DATABASE_URL?.trim() ?? "";
const redisUrl = process.env.TEST_REDIS_URL?.trim() ?? "";
const lenderPhone = "01020260001";
const borrowerPhone = "01020260002";
const key = () => randomUUID().replaceAll("-", "");

/**
 * Issue #14, scale-out: two real server processes (child processes of src/main.ts, as a
 * deployment runs them) on one PostgreSQL schema, and clients whose calls go to one or the
 * other. Nothing may depend on which process answers: sessions, the SMS limits, sign-once, the
 * block list and the money operations live in the database.
 */
describe.skipIf(databaseUrl === "")(
  "two server processes on one PostgreSQL (skipped without TEST_DATABASE_URL: PGlite is one process per data folder)",
  () => {
    const schemaName = `t_${randomBytes(8).toString("hex")}`;
    const filesDir = mkdtempSync(join(tmpdir(), "chayong-two-processes-"));
    const identityKeys = {
      CHAYONG_IDENTITY_KEYS: `k1:${randomBytes(32).toString("base64")}`,
      CHAYONG_IDENTITY_LOOKUP_KEY: randomBytes(32).toString("base64"),
    };
    let servers: ServerProcess[] = [];

    beforeAll(async () => {
      const env = {
        DATABASE_URL: databaseUrl,
        CHAYONG_DATABASE_SCHEMA: schemaName,
        ...identityKeys,
        PORT: "0",
        HOST: "127.0.0.1",
        CHAYONG_TEST_MODE: "1",
        CHAYONG_WEB_DIR: "none",
        // OCR stays on (the default): confirming the ID card masks its number (docs/identity.md).
        // Uploads on one machine: one folder (a deployment of many machines uses S3).
        CHAYONG_FILE_STORE: "local",
        CHAYONG_FILES_DIR: filesDir,
        // Three login codes an hour from this test's IP, over both processes.
        CHAYONG_SMS_IP_HOURLY_LIMIT: "3",
        LOG_LEVEL: "warn",
        // As a deployment runs them (README "Scale-out"): the request ceiling shared in Redis.
        ...(redisUrl === "" ? {} : { REDIS_URL: redisUrl, CHAYONG_REDIS_PREFIX: schemaName }),
      };
      // Started together: both migrate the fresh schema at once (the advisory lock decides).
      servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      // The operator adds the lender (the `lender:add` command's function).
      const opened = await openDatabase({ kind: "postgres", url: databaseUrl }, schemaName);
      if (!opened.ok) throw new Error("cannot open the test schema");
      try {
        const added = await addLender(
          opened.database.db,
          { phone: lenderPhone, name: "Kim", merchantName: "Kim Co" },
          new Date(),
        );
        if (!added.ok) throw new Error(added.problem);
      } finally {
        await opened.database.close();
      }
    }, 120_000);

    afterAll(async () => {
      try {
        // Both stop gracefully on SIGTERM (exit code 0).
        expect(await Promise.all(servers.map((server) => server.stop()))).toEqual(
          servers.map(() => 0),
        );
      } finally {
        await dropSchema(databaseUrl, schemaName);
        rmSync(filesDir, { recursive: true, force: true });
      }
    });

    /**
     * One app user (one token) whose calls can be sent to either process: `on(0)`, `on(1)`, or
     * `alternating`, which sends each call to the next process as a round-robin load balancer.
     */
    function user() {
      const session: ProcessSession = { token: null, loginInfo: null };
      const via = (fetchVia: typeof fetch) =>
        processClient("http://balanced.invalid", {
          adid: "two-processes",
          session,
          fetch: fetchVia,
        }).api;
      let turn = 0;
      const to = (pick: () => number): typeof fetch => {
        return (input, init) => {
          const request = new Request(input, init);
          const target = new URL(request.url);
          const origin = new URL(servers[pick()]?.url ?? "");
          target.protocol = origin.protocol;
          target.host = origin.host;
          return fetch(new Request(target, request));
        };
      };
      const apis = [0, 1].map((index) => via(to(() => index)));
      return {
        session,
        on: (index: 0 | 1) => apis[index] as Api,
        alternating: via(to(() => turn++ % 2)),
      };
    }

    const lastCode = (server: number, phone: string) =>
      lastTestSmsCode(servers[server]?.url ?? "", phone);

    /** Asks for a code on one process and logs in with it on the other. */
    async function logIn(client: ReturnType<typeof user>, phone: string, sendOn: 0 | 1) {
      await client.on(sendOn).auth.sendCode({ phone });
      const code = await lastCode(sendOn, phone);
      const login = await client.on(sendOn === 0 ? 1 : 0).auth.login({ phone, code });
      client.session.token = login.token;
      client.session.loginInfo = login.loginInfo;
    }

    const lender = user();
    const borrower = user();

    it("a session made on one process works on the other; the SMS limits count both", async () => {
      await logIn(lender, lenderPhone, 0);
      for (const index of [0, 1] as const) {
        await expect(lender.on(index).user.current()).resolves.toMatchObject({
          phone: "+821020260001",
        });
      }

      await borrower.on(1).auth.sendCode({ phone: borrowerPhone });
      // The resend wait started on B holds on A.
      const early = await refusal(borrower.on(0).auth.sendCode({ phone: borrowerPhone }));
      expect(early.status).toBe(429);
      expect(
        [59, 60].map((seconds) => messageFor("login.sms.cooldown", "ko-KR", { seconds })),
      ).toContain(early.serverMessage);
      const login = await borrower
        .on(0)
        .auth.login({ phone: borrowerPhone, code: await lastCode(1, borrowerPhone) });
      borrower.session.token = login.token;
      borrower.session.loginInfo = login.loginInfo;

      // Three codes an hour from one IP: two sent, a third on A, the fourth refused on B.
      await user().on(0).auth.sendCode({ phone: "01020260003" });
      const overIp = await refusal(user().on(1).auth.sendCode({ phone: "01020260004" }));
      expect([overIp.status, overIp.serverMessage]).toEqual([
        429,
        messageFor("login.sms.ipLimit", "ko-KR", { limit: 3 }),
      ]);
    });

    it("a block made on one process refuses the contract on the other", async () => {
      await lender.on(0).contract.block({ phone: "01020260009", reason: "test" });
      const refused = await refusal(lender.on(1).contract.add(contractDraft("01020260009")));
      expect([refused.status, refused.serverMessage]).toEqual([
        409,
        messageFor("contract.borrowerBlocked", "ko-KR"),
      ]);
    });

    it("signs once across processes, and never over-applies 100 waivers split over both", async () => {
      // Verification alternates too: uploads on one process, checks on the other.
      await verifyBorrower({ api: borrower.alternating }, { seed: 7 });
      const today = todayIn("Asia/Seoul", new Date());
      const added = await lender.on(0).contract.add(
        contractDraft(borrowerPhone, {
          loanDate: today,
          repaymentDate: addDays(today, 31),
        }),
      );
      await borrower.on(1).contract.open({ code: added.code });

      const signatures = await Promise.allSettled(
        ([0, 1] as const).map((index) =>
          borrower.on(index).contract.sign({ id: added.id, signature: signaturePng() }),
        ),
      );
      expect(signatures.map((attempt) => attempt.status).sort()).toEqual(["fulfilled", "rejected"]);
      const second = signatures.find((attempt) => attempt.status === "rejected");
      expect((second as PromiseRejectedResult).reason.status).toBe(409);

      const signed = await lender.on(1).contract.detail({ id: added.id });
      const owed = signed.schedule[0]?.outstanding ?? 0; // 1,010,000
      const waiver = 15_000;
      const attempts = await Promise.allSettled(
        Array.from({ length: 100 }, (_, index) =>
          lender.on(index % 2 === 0 ? 0 : 1).contract.repay({
            id: added.id,
            idempotencyKey: key(),
            instalmentIndex: 1,
            waiverAmount: waiver,
          }),
        ),
      );
      const applied = attempts.filter((attempt) => attempt.status === "fulfilled").length;
      const refusedStatuses = attempts.flatMap((attempt) =>
        attempt.status === "rejected" ? [(attempt.reason as { status?: number }).status] : [],
      );
      // 67 x 15,000 = 1,005,000 fits in 1,010,000; the 68th would not. No 5xx, none lost.
      expect(applied).toBe(Math.floor(owed / waiver));
      expect(refusedStatuses).toEqual(Array(100 - applied).fill(400));
      for (const index of [0, 1] as const) {
        const detail = await lender.on(index).contract.detail({ id: added.id });
        expect(detail.schedule[0]?.waived).toBe(applied * waiver);
      }
      const ledger = await lender.on(0).contract.ledger({ id: added.id });
      expect(ledger.entries.map((entry) => entry.seq)).toEqual(
        Array.from({ length: applied }, (_, index) => index + 1),
      );
    });

    it("sends each reminder once while both processes run the jobs at the same moment", async () => {
      const today = todayIn("Asia/Seoul", new Date());
      const numbers: string[] = [];
      for (let made = 0; made < 5; made++) {
        const added = await lender.on(made % 2 === 0 ? 0 : 1).contract.add(
          contractDraft(borrowerPhone, {
            loanDate: today,
            repaymentDate: addDays(today, 31),
            instalment: true,
            instalmentCount: 3,
            instalmentAmount: 340_000,
          }),
        );
        await borrower.on(made % 2 === 0 ? 1 : 0).contract.open({ code: added.code });
        await borrower.alternating.contract.sign({ id: added.id, signature: signaturePng() });
        numbers.push(added.number);
      }
      const post = (index: number, path: string, body: unknown = {}) =>
        fetch(new URL(path, servers[index]?.url), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }).then((answer) => answer.json());
      // 10:00 in Seoul, 3 days before the first instalments fall due, on both processes' clocks.
      const dueSoon = `${addDays(today, 28)}T01:00:00.000Z`;
      try {
        await Promise.all([0, 1].map((index) => post(index, "/__test/clock", { now: dueSoon })));
        // Three rounds, each with both processes claiming the same jobs at once.
        for (let round = 0; round < 3; round++) {
          await Promise.all([0, 1].map((index) => post(index, "/__test/jobs/run")));
        }
      } finally {
        await Promise.all([0, 1].map((index) => post(index, "/__test/clock", { now: null })));
      }
      const texts = (
        await Promise.all(
          [0, 1].map(async (index) => {
            const answer = await fetch(
              new URL(`/__test/messages?phone=${borrowerPhone}`, servers[index]?.url),
            );
            return ((await answer.json()) as { messages: { kind: string; text: string }[] })
              .messages;
          }),
        )
      )
        .flat()
        .filter((message) => message.kind === "reminder");
      for (const number of numbers) {
        expect(texts.filter(({ text }) => text.includes(number))).toHaveLength(1);
      }
      // None twice, whichever process sent it.
      expect(new Set(texts.map(({ text }) => text)).size).toBe(texts.length);
    });

    it("an operator's change of a lender reaches both processes' session caches as they hear it", async () => {
      // Both processes keep the lender's caller (src/auth/session-cache.ts)…
      for (const index of [0, 1] as const) await lender.on(index).user.current();
      const opened = await openDatabase({ kind: "postgres", url: databaseUrl }, schemaName);
      if (!opened.ok) throw new Error("cannot open the test schema");
      try {
        const updated = await addLender(
          opened.database.db,
          { phone: lenderPhone, name: "Kim Renamed", merchantName: "Kim Co" },
          new Date(),
        );
        if (!updated.ok) throw new Error(updated.problem);
      } finally {
        await opened.database.close();
      }
      // …and each answers the new profile once it has heard the notification (within a second;
      // the change was committed on a connection of its own, so neither is told first).
      for (const index of [0, 1] as const) {
        await expect
          .poll(async () => (await lender.on(index).user.current()).name, {
            timeout: 1_000,
            interval: 10,
          })
          .toBe("Kim Renamed");
      }
    });

    it("logging out on one process ends the session on the other as soon as it hears the notification", async () => {
      // B keeps the borrower's caller in its session cache; the logout is answered by A once A
      // has heard its own notification. B hears the same notification on its own connection,
      // a moment later or sooner (seen once in CI: B answered one call first), so B's answer is
      // asked until it is refused, within a second (docs/login.md, "Sessions").
      await borrower.on(1).user.current();
      await borrower.on(1).user.current();
      await borrower.on(0).auth.logout();
      const loggedOut = performance.now();
      const answerOnB = async () => {
        try {
          const ended = await refusal(borrower.on(1).user.current());
          return `${ended.kind} ${ended.status}`;
        } catch {
          return "answered";
        }
      };
      await expect.poll(answerOnB, { timeout: 1_000, interval: 10 }).toBe("session-ended 301");
      console.info(
        `logout on A refused on B after ${(performance.now() - loggedOut).toFixed(1)} ms`,
      );
      await expect(lender.alternating.user.current()).resolves.toBeDefined();
    });
  },
);
