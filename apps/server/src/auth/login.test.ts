import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessions, smsCodes } from "../db/schema";
import { messageFor } from "../messages/message-for";
import { errorKeys, refusal } from "../testing/refusal";
import { startTestServer, type TestServer } from "../testing/test-server";
import { loginLimits } from "./login";
import { sessionLifetimeMs } from "./sessions";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe("SMS login (docs/login.md#sms-codes)", () => {
  let ts: TestServer;
  let phoneCounter = 0;
  /** A fresh borrower phone per test, so no limit carries over. */
  let phone: string;
  let e164: string;

  beforeAll(async () => {
    ts = await startTestServer({ CHAYONG_SMS_IP_HOURLY_LIMIT: "12" });
  });
  afterAll(async () => {
    await ts?.close();
  });
  beforeEach(() => {
    // Every test starts two hours later: the hourly windows of the previous one are over.
    ts.clock.advance(2 * hour);
    phoneCounter++;
    phone = `0107000${String(phoneCounter).padStart(4, "0")}`;
    e164 = `+82${phone.slice(1)}`;
  });

  it("sends a 6-digit code, stores only a slow hash of it, and logs in with it once", async () => {
    const client = ts.client();
    expect(await client.api.auth.sendCode({ phone })).toEqual({
      resendAfterSeconds: 60,
      expiresInSeconds: 300,
    });
    const code = ts.sms.lastCode(e164) ?? "";
    expect(code).toMatch(/^\d{6}$/);
    expect(ts.sms.lastMessage(e164)?.text).toContain(code);

    const [stored] = await ts.server.context.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.phone, e164));
    expect(stored?.codeHash).toMatch(/^scrypt\$/);
    expect(stored?.codeHash).not.toContain(code);

    const login = await client.api.auth.login({ phone, code });
    expect(login.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login.role).toBe("borrower");
    const [session] = await ts.server.context.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, login.loginInfo.uuId));
    expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session?.tokenHash).not.toBe(login.token);

    const reused = await refusal(ts.client().api.auth.login({ phone, code }));
    expect(reused.status).toBe(400);
  });

  it("waits 60 s before a resend, and says so in the caller's language", async () => {
    const client = ts.client();
    await client.api.auth.sendCode({ phone });
    ts.clock.advance(20_000);
    const tooSoon = await refusal(client.api.auth.sendCode({ phone }));
    expect(tooSoon).toMatchObject({
      status: 429,
      serverMessage: messageFor("login.sms.cooldown", "ko-KR", { seconds: 40 }),
      body: { resendAfterSeconds: "40" },
    });
    client.locale = "zh-TW";
    expect((await refusal(client.api.auth.sendCode({ phone }))).serverMessage).toBe(
      messageFor("login.sms.cooldown", "zh-TW", { seconds: 40 }),
    );
    ts.clock.advance(40_000);
    await expect(client.api.auth.sendCode({ phone })).resolves.toMatchObject({
      resendAfterSeconds: 60,
    });
  });

  it("sends at most 5 codes per phone per hour", async () => {
    const client = ts.client();
    for (let i = 0; i < loginLimits.sendsPerPhonePerHour; i++) {
      await client.api.auth.sendCode({ phone });
      ts.clock.advance(61_000);
    }
    const sixth = await refusal(client.api.auth.sendCode({ phone }));
    expect(sixth).toMatchObject({
      status: 429,
      serverMessage: messageFor("login.sms.hourlyLimit", "ko-KR"),
    });
    ts.clock.advance(hour - 5 * 61_000 + 1000);
    await expect(client.api.auth.sendCode({ phone })).resolves.toBeTruthy();
  });

  it("limits sends per client IP, across phones", async () => {
    const client = ts.client();
    for (let i = 0; i < 12; i++)
      await client.api.auth.sendCode({ phone: `0107100${String(i).padStart(4, "0")}` });
    const overIp = await refusal(client.api.auth.sendCode({ phone: "01071009999" }));
    expect(overIp.status).toBe(429);
    expect(overIp.serverMessage).toBe(messageFor("login.sms.ipLimit", "ko-KR"));
  });

  it("refuses wrong codes, and kills the code after 5 wrong tries", async () => {
    const client = ts.client();
    await client.api.auth.sendCode({ phone });
    const code = ts.sms.lastCode(e164) ?? "";
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt < loginLimits.maxWrongAttempts; attempt++) {
      const refused = await refusal(client.api.auth.login({ phone, code: wrong }));
      // The key beside the sentence: a script tells a wrong code from a dead one by it.
      expect(refused).toMatchObject({
        status: 400,
        serverMessage: messageFor("login.code.invalid", "ko-KR", {
          remaining: loginLimits.maxWrongAttempts - attempt,
        }),
        serverKey: "login.code.invalid",
      });
    }
    // The last wrong try left is named before it is spent.
    expect(messageFor("login.code.invalid", "ko-KR", { remaining: 1 })).toBe(
      "인증번호가 올바르지 않습니다. 한 번 더 틀리면 새 인증번호를 받아야 합니다",
    );
    const fifth = await refusal(client.api.auth.login({ phone, code: wrong }));
    expect(fifth.status).toBe(429);
    expect(fifth.serverKey).toBe("login.code.tooManyAttempts");
    expect(fifth.serverMessage).toBe(messageFor("login.code.tooManyAttempts", "ko-KR"));
    // Even the right code is dead now; a new one works.
    expect((await refusal(client.api.auth.login({ phone, code }))).status).toBe(429);
    ts.clock.advance(minute);
    await client.api.auth.sendCode({ phone });
    await expect(
      client.api.auth.login({ phone, code: ts.sms.lastCode(e164) ?? "" }),
    ).resolves.toBeTruthy();
  });

  it("expires a code after 5 minutes", async () => {
    const client = ts.client();
    await client.api.auth.sendCode({ phone });
    const code = ts.sms.lastCode(e164) ?? "";
    ts.clock.advance(loginLimits.codeValidityMs);
    const expired = await refusal(client.api.auth.login({ phone, code }));
    expect(expired).toMatchObject({
      status: 400,
      serverMessage: messageFor("login.code.expired", "ko-KR"),
    });
  });

  it("checks the phone and code fields before anything else", async () => {
    const client = ts.client();
    expect(errorKeys(await refusal(client.api.auth.sendCode({ phone: "" })))).toEqual([
      "login.phone.required",
    ]);
    expect(errorKeys(await refusal(client.api.auth.sendCode({ phone: "0212345678" })))).toEqual([
      "phone.notMobile",
    ]);
    expect(errorKeys(await refusal(client.api.auth.login({ phone, code: "12ab56" })))).toEqual([
      "login.code.invalid",
    ]);
    expect(errorKeys(await refusal(client.api.auth.login({ phone, code: "" })))).toEqual([
      "login.code.required",
    ]);
  });

  it("reports a failed SMS delivery", async () => {
    ts.sms.failNext();
    const failed = await refusal(ts.client().api.auth.sendCode({ phone }));
    expect(failed.status).toBe(500);
    expect(failed.serverMessage).toBe(messageFor("login.sms.deliveryFailed", "ko-KR"));
  });

  it("keeps a session alive while it is used (sliding 30 days) and ends it when idle", async () => {
    const client = await ts.loggedInClient(phone);
    ts.clock.advance(29 * day);
    await expect(client.api.user.current()).resolves.toMatchObject({ phone: e164 });
    ts.clock.advance(29 * day);
    await expect(client.api.user.current()).resolves.toMatchObject({ phone: e164 });
    ts.clock.advance(sessionLifetimeMs);
    const ended = await refusal(client.api.user.current());
    expect(ended).toMatchObject({ kind: "session-ended", status: 301 });
  });

  it("logout revokes that token only", async () => {
    const phoneA = ts.client();
    const phoneB = ts.client();
    await phoneA.logIn(phone);
    ts.clock.advance(minute);
    await phoneB.logIn(phone);
    await phoneA.api.auth.logout();
    expect((await refusal(phoneA.api.user.current())).kind).toBe("session-ended");
    expect((await refusal(phoneA.api.auth.logout())).kind).toBe("session-ended");
    await expect(phoneB.api.user.current()).resolves.toMatchObject({ phone: e164 });
  });

  it("answers 301 for a missing, unknown or forged token", async () => {
    const client = ts.client();
    expect((await refusal(client.api.user.current())).status).toBe(301);
    client.token = "x".repeat(43);
    expect((await refusal(client.api.user.current())).status).toBe(301);
    client.token = "x".repeat(5000);
    expect((await refusal(client.api.user.current())).status).toBe(301);
  });
});
