import { crc32, deflateSync } from "node:zlib";
import { type Api, createApi } from "@chayong/sdk";
import {
  codecSettingsFromEnv,
  createCodec,
  createTransport,
  TransportError,
} from "@chayong/transport";
import type { Page } from "@playwright/test";
import { baseUrl, lastSmsCode } from "./app";

/**
 * The session of a person logged in on `page`, used through the real SDK as an internal tool
 * would: for setting up what a spec is not about (a signed contract to record money on). The
 * same session, because a second login within a minute would meet the SMS cooldown.
 */
export async function apiOf(page: Page): Promise<Api> {
  const stored = await page.evaluate(() => localStorage.getItem("token"));
  if (!stored) throw new Error("nobody is logged in on this page");
  return apiWithToken(JSON.parse(stored) as string);
}

/** Logs `phone` in through the SDK alone (SMS code from the test route), as a setup step. */
export async function loggedInApi(phone: string): Promise<Api> {
  return (await loggedInSession(phone)).api;
}

/**
 * Logs `phone` in through the SDK and answers its token too (to hand the session to a page).
 * Another spec may have sent this phone a code less than a minute ago (the SMS cooldown), so a
 * 429 waits and asks again.
 */
export async function loggedInSession(phone: string): Promise<{ token: string; api: Api }> {
  const anonymous = apiWithToken(null);
  for (let attempt = 0; ; attempt++) {
    try {
      await anonymous.auth.sendCode({ phone });
      break;
    } catch (error) {
      if (!(error instanceof TransportError) || error.status !== 429 || attempt > 15) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
  }
  const { token } = await anonymous.auth.login({ phone, code: await lastSmsCode(phone) });
  return { token, api: apiWithToken(token) };
}

const workerSessions = new Map<string, Promise<{ token: string; api: Api }>>();

/**
 * `phone`'s session, logged in once per test worker: for a lender whose spec runs once per
 * language. Logging one phone in twice within a minute waits out the SMS cooldown (above); two
 * specs did, 50 s and 37 s of a run. Not for a spec that ends the session.
 */
export function workerSession(phone: string): Promise<{ token: string; api: Api }> {
  let session = workerSessions.get(phone);
  if (session === undefined) {
    session = loggedInSession(phone);
    workerSessions.set(phone, session);
    session.catch(() => workerSessions.delete(phone));
  }
  return session;
}

function apiWithToken(token: string | null): Api {
  return createApi(
    createTransport({
      baseUrl: baseUrl(),
      codec: createCodec(codecSettingsFromEnv({})),
      session: {
        getToken: () => token,
        getLoginInfo: () => null,
        getDevice: () => ({ adid: "e2e-setup" }),
        getLocale: () => "ko-KR",
      },
      slowNetworkMs: Number.POSITIVE_INFINITY,
    }),
  );
}

/** A drawn stroke as a canvas would give it: an 8-bit RGBA PNG data URL. */
export function signaturePng(width = 160, height = 60): string {
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (Math.abs(y - (x * height) / width) < 2)
        raw.writeUInt32BE(0x000000ff, y * (width * 4 + 1) + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** `YYYY-MM-DD` this many days from today in Seoul (the demo lender's business time zone). */
export function seoulDateInDays(days: number): string {
  const seoul = new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000);
  return seoul.toISOString().slice(0, 10);
}

/** A contract the lender made and the borrower signed, through the SDK. */
export async function signedContract(
  lender: Api,
  borrower: Api,
  borrowerPhone: string,
  terms: Partial<Parameters<Api["contract"]["add"]>[0]> = {},
) {
  const contract = await lender.contract.add({
    name: "정씨 대출",
    borrowerPhone,
    loanAmount: 1_000_000,
    disbursedAmount: 1_000_000,
    loanDate: seoulDateInDays(-45),
    repaymentDate: seoulDateInDays(-14),
    instalment: true,
    instalmentCount: 3,
    instalmentAmount: 340_000,
    interval: "monthly",
    overdueRatePercent: 15,
    lender: "김대여",
    merchantName: "김씨상회",
    ...terms,
  });
  await borrower.contract.open({ code: contract.code });
  // Its first due date may be past (the default is): he signs knowingly (docs/contracts.md).
  return borrower.contract.sign({
    id: contract.id,
    signature: signaturePng(),
    acknowledgeOverdue: true,
  });
}
