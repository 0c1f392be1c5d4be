import { randomBytes, randomInt, randomUUID, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit";
import type { ServerContext } from "../context";
import { smsCodes, users } from "../db/schema";
import { type Locale, serverText } from "../messages/message-for";
import { type Outcome, refuse, refuseWith, succeed } from "../outcome";
import { createSession } from "./sessions";

/** docs/login.md#sms-codes, in one place. The per-IP limit is a deployment setting. */
export const loginLimits = {
  codeDigits: 6,
  codeValidityMs: 5 * 60 * 1000,
  maxWrongAttempts: 5,
  resendCooldownMs: 60 * 1000,
  sendsPerPhonePerHour: 5,
} as const;

const hourMs = 60 * 60 * 1000;
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;
// A 6-digit code has only a million values: a slow hash makes a stolen table useless within the
// code's 5 minutes (about 30 ms per guess here, so hours per code).
const scryptOptions = { N: 1 << 14, r: 8, p: 1 };

export async function hashCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(code, salt, 32, scryptOptions);
  return `scrypt$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function codeMatches(code: string, stored: string): Promise<boolean> {
  const [scheme, saltText, hashText] = stored.split("$");
  if (scheme !== "scrypt" || saltText === undefined || hashText === undefined) return false;
  const expected = Buffer.from(hashText, "base64");
  const actual = await scryptAsync(
    code,
    Buffer.from(saltText, "base64"),
    expected.length,
    scryptOptions,
  );
  return timingSafeEqual(actual, expected);
}

export interface SendCodeAnswer {
  /** Seconds before another code may be requested. */
  resendAfterSeconds: number;
  /** Seconds the code stays valid. */
  expiresInSeconds: number;
}

/**
 * Sends a login code to a phone (E.164), enforcing every limit of docs/login.md#limits. The limits are
 * counted from the codes table, under a per-phone lock, so they hold across server processes.
 */
export async function sendLoginCode(
  ctx: ServerContext,
  request: { phone: string; ip: string; locale: Locale },
): Promise<Outcome<SendCodeAnswer>> {
  const { phone, ip, locale } = request;
  const now = ctx.now();
  const code = String(randomInt(0, 10 ** loginLimits.codeDigits)).padStart(
    loginLimits.codeDigits,
    "0",
  );
  const codeHash = await hashCode(code);

  const stored = await ctx.db.transaction(async (tx): Promise<Outcome<null>> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chayong-login:${phone}`}))`);
    const hourAgo = new Date(now.getTime() - hourMs);
    const [latest] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (latest !== undefined) {
      const waitMs = latest.createdAt.getTime() + loginLimits.resendCooldownMs - now.getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        // The seconds in the body too, for the screen to count them down (docs/login.md#limits).
        return refuseWith(refuse(429, "login.sms.cooldown", { seconds }), {
          resendAfterSeconds: String(seconds),
        });
      }
    }
    const [byPhone] = await tx
      .select({ sends: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, hourAgo)));
    if ((byPhone?.sends ?? 0) >= loginLimits.sendsPerPhonePerHour) {
      return refuse(429, "login.sms.hourlyLimit", { limit: loginLimits.sendsPerPhonePerHour });
    }
    const [byIp] = await tx
      .select({ sends: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, hourAgo)));
    if ((byIp?.sends ?? 0) >= ctx.config.smsIpHourlyLimit) {
      return refuse(429, "login.sms.ipLimit", { limit: ctx.config.smsIpHourlyLimit });
    }
    await tx.insert(smsCodes).values({
      id: randomUUID(),
      phone,
      codeHash,
      ip,
      createdAt: now,
      expiresAt: new Date(now.getTime() + loginLimits.codeValidityMs),
    });
    return succeed(null);
  });
  if (!stored.ok) return stored;

  // A failed delivery still counts against the limits: retrying must not become a way around them.
  const text = serverText("sms.loginCode", locale, {
    code,
    minutes: loginLimits.codeValidityMs / 60_000,
  });
  const delivery = await ctx.sms.send({ kind: "code", phone, code, text, locale });
  ctx.metrics?.sms(ctx.sms.name, delivery.ok);
  if (!delivery.ok) {
    ctx.logger.error({ phone, reason: delivery.reason }, "login code not delivered");
    return refuse(500, "login.sms.deliveryFailed");
  }
  return succeed({
    resendAfterSeconds: loginLimits.resendCooldownMs / 1000,
    expiresInSeconds: loginLimits.codeValidityMs / 1000,
  });
}

export interface LoginAnswer {
  token: string;
  loginInfo: { userId: string; uuId: string };
  role: "lender" | "borrower";
}

/**
 * Checks a code against the latest one sent to the phone and opens a session. Only the latest
 * code counts; it dies after 5 wrong tries, after 5 minutes, or once used.
 */
export async function logIn(
  ctx: ServerContext,
  request: { phone: string; code: string; ip: string },
): Promise<Outcome<LoginAnswer>> {
  const { phone, code, ip } = request;
  if (!new RegExp(`^\\d{${loginLimits.codeDigits}}$`).test(code)) {
    return refuse(400, "login.code.invalid", undefined, "code");
  }
  const now = ctx.now();
  return ctx.db.transaction(async (tx): Promise<Outcome<LoginAnswer>> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chayong-login:${phone}`}))`);
    const [latest] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.consumedAt)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (latest === undefined) return refuse(400, "login.code.invalid", undefined, "code");
    if (latest.failedAttempts >= loginLimits.maxWrongAttempts) {
      return refuse(429, "login.code.tooManyAttempts", { limit: loginLimits.maxWrongAttempts });
    }
    if (latest.expiresAt.getTime() <= now.getTime()) {
      return refuse(400, "login.code.expired", undefined, "code");
    }
    if (!(await codeMatches(code, latest.codeHash))) {
      const failedAttempts = latest.failedAttempts + 1;
      await tx.update(smsCodes).set({ failedAttempts }).where(eq(smsCodes.id, latest.id));
      if (failedAttempts >= loginLimits.maxWrongAttempts) {
        return refuse(429, "login.code.tooManyAttempts", { limit: loginLimits.maxWrongAttempts });
      }
      return refuse(
        400,
        "login.code.invalid",
        {
          remaining: loginLimits.maxWrongAttempts - failedAttempts,
        },
        "code",
      );
    }
    await tx.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, latest.id));

    let [user] = await tx.select().from(users).where(eq(users.phone, phone)).limit(1);
    if (user === undefined) {
      [user] = await tx
        .insert(users)
        .values({ id: randomUUID(), phone, role: "borrower", createdAt: now, lastLoginAt: now })
        .returning();
      if (user === undefined) throw new Error("user insert returned nothing");
      await recordAudit(tx, {
        actor: { userId: user.id, role: "borrower" },
        action: "user.create",
        subjectId: user.id,
        ip,
        at: now,
      });
    } else {
      await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    }
    const session = await createSession(tx, user.id, ip, now);
    await recordAudit(tx, {
      actor: { userId: user.id, role: user.role },
      action: "session.login",
      subjectId: session.sessionId,
      ip,
      at: now,
    });
    return succeed({
      token: session.token,
      loginInfo: { userId: user.id, uuId: session.sessionId },
      role: user.role,
    });
  });
}
