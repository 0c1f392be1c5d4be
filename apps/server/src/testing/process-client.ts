import { type Api, createApi } from "@chayong/sdk";
import { type Codec, codecSettingsFromEnv, createCodec, createTransport } from "@chayong/transport";
import { nodeCipherEngine } from "@chayong/transport/node";

/**
 * How long a test's client waits for an answer: tests check answers, not latency (that is the
 * benchmarks' job). 100 concurrent writes queue on one lender's lock and took over the app's 15 s
 * on a loaded CI machine; a hung call still fails the test.
 */
export const testClientTimeoutMs = 50_000;

/** A session as the app keeps it; clients given the same object share it. */
export interface ProcessSession {
  token: string | null;
  loginInfo: { userId: string; uuId: string } | null;
}

export interface ProcessClientOptions {
  /** The device id it reports (x-chayong-adid): names the test or bench in the server's rows. */
  adid: string;
  /** The server's cipher; default: the development key a server without CHAYONG_CIPHER_* uses. */
  cipher?: { key: Uint8Array; iv: Uint8Array };
  /** A session to share with other clients (e.g. one user's calls to two processes). */
  session?: ProcessSession;
  /** How the calls go out (e.g. through a test's load balancer); default: global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * A client of a server running as its own process, as a Node tool is one: the SDK over the
 * transport with the node:crypto codec, ko-KR, no slow-network notice, plain answers. `logIn`
 * asks for a login code and reads it back from the test SMS route (`GET /__test/sms`, a server in
 * test mode), or from `readCode` (an in-process provider).
 */
export function processClient(baseUrl: string, options: ProcessClientOptions) {
  const session: ProcessSession = options.session ?? { token: null, loginInfo: null };
  const cipher = options.cipher ?? codecSettingsFromEnv({});
  const codec: Codec = createCodec({ key: cipher.key, iv: cipher.iv, engine: nodeCipherEngine });
  const api: Api = createApi(
    createTransport({
      baseUrl,
      codec,
      session: {
        getToken: () => session.token,
        getLoginInfo: () => session.loginInfo,
        getDevice: () => ({ adid: options.adid }),
        getLocale: () => "ko-KR",
      },
      slowNetworkMs: Number.POSITIVE_INFINITY,
      compressedAnswers: false,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      timeoutMs: options.timeoutMs ?? testClientTimeoutMs,
    }),
  );
  return {
    api,
    codec,
    session,
    /** Logs in with an SMS code; answers the session token. */
    async logIn(
      phone: string,
      readCode: (phone: string) => Promise<string | undefined> = (asked) =>
        lastTestSmsCode(baseUrl, asked),
    ): Promise<string> {
      await api.auth.sendCode({ phone });
      const code = await readCode(phone);
      if (code === undefined) throw new Error(`no login code was sent to ${phone}`);
      const login = await api.auth.login({ phone, code });
      session.token = login.token;
      session.loginInfo = login.loginInfo;
      return login.token;
    },
  };
}

/** The last login code a server in test mode sent to `phone` (its `GET /__test/sms` route). */
export async function lastTestSmsCode(baseUrl: string, phone: string): Promise<string> {
  const answer = await fetch(new URL(`/__test/sms?phone=${phone}`, baseUrl));
  const { code } = (await answer.json()) as { code: string };
  return code;
}
