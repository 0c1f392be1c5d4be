import { randomBytes } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createCodec } from "../codec/codec.ts";
import { isCodecError } from "../codec/codec-error.ts";
import type { TransportError } from "../errors/transport-error.ts";
import { rejection, serveEachTest } from "../test-support/harness.ts";
import { answer, closedPortUrl, delay, nodeCipher } from "../test-support/test-server.ts";
import { isPayloadError } from "../wire/payload-error.ts";
import type { SessionProvider } from "./session.ts";
import { createTransport, DEFAULT_TIMEOUT_MS, type TransportOptions } from "./transport.ts";

const key = Uint8Array.from(randomBytes(32));
const iv = Uint8Array.from(randomBytes(16));
const codec = createCodec({ key, iv });
// The server side of these tests uses node:crypto, not the package, as an independent check.
const server = nodeCipher(key, iv);

const envelope = (status: number, message: string, body: unknown, extra = {}) =>
  server.encrypt(JSON.stringify({ status, message, body, ...extra }));

function sessionWith(overrides: Partial<SessionProvider> = {}): SessionProvider {
  return {
    getToken: () => "token-abc",
    getLoginInfo: () => ({ userId: "user-1", uuId: "uu-1" }),
    getDevice: () => ({ adid: "ad-9" }),
    getLocale: () => "zh-TW",
    ...overrides,
  };
}

const serve = serveEachTest();

function transportFor(url: string, options: Partial<TransportOptions> = {}) {
  return createTransport({ baseUrl: url, codec, session: sessionWith(), ...options });
}

describe("request: what goes on the wire", () => {
  it("POST sends the encrypted JSON as a text/plain body and resolves the envelope body", async () => {
    const api = await serve((_, res) => answer(res, envelope(200, "ok", { contractId: "c-1" })));
    const payload = { name: "홍길동", loanAmount: 1_000_000, memo: "借據 🧾" };

    const body = await transportFor(api.url).request({
      method: "POST",
      path: "/api/v1/contract/add",
      payload,
    });

    expect(body).toEqual({ contractId: "c-1" });
    const [received] = api.requests;
    expect(received?.method).toBe("POST");
    expect(received?.url.pathname).toBe("/api/v1/contract/add");
    expect(received?.url.search).toBe("");
    expect(received?.headers["content-type"]).toBe("text/plain");
    expect(JSON.parse(server.decrypt(received?.body.toString("utf8") ?? ""))).toEqual(payload);
  });

  it("GET sends the encrypted JSON as the single query parameter XKNCEGSKK", async () => {
    const api = await serve((_, res) => answer(res, envelope(200, "", [{ id: 1 }])));

    const body = await transportFor(api.url).request({
      method: "GET",
      path: "/api/v1/contract/query",
      payload: { status: "type1", page: 1 },
    });

    expect(body).toEqual([{ id: 1 }]);
    const [received] = api.requests;
    expect(received?.method).toBe("GET");
    expect([...(received?.url.searchParams.keys() ?? [])]).toEqual(["XKNCEGSKK"]);
    const ciphertext = received?.url.searchParams.get("XKNCEGSKK") ?? "";
    expect(JSON.parse(server.decrypt(ciphertext))).toEqual({ status: "type1", page: 1 });
    expect(received?.body).toHaveLength(0);
  });

  it("GET keeps a query string already in the path and sends {} for no payload", async () => {
    const api = await serve((_, res) => answer(res, envelope(200, "", null)));
    await transportFor(api.url).request({ method: "GET", path: "/api/v1/config?configKey=line" });
    const received = api.requests[0];
    expect(received?.url.searchParams.get("configKey")).toBe("line");
    expect(server.decrypt(received?.url.searchParams.get("XKNCEGSKK") ?? "")).toBe("{}");
  });

  it("sends the spec's headers with the session token and login info", async () => {
    const api = await serve((_, res) => answer(res, envelope(200, "", null)));
    await transportFor(api.url, { packageName: "kr.example.chayong" }).request({
      method: "POST",
      path: "/api/v3/user/queryCashUser",
    });
    const headers = api.requests[0]?.headers ?? {};
    expect(headers).toMatchObject({
      "content-type": "text/plain",
      version: "12.0.0",
      sourcechannel: "Organic",
      packagename: "kr.example.chayong",
      countrycode: "82",
      nscper: "token-abc",
      userid: "user-1",
      uuid: "uu-1",
      "accept-language": "zh-TW",
    });
  });

  it("without a token, NSCPER is the encrypted device descriptor the server can read", async () => {
    const api = await serve((_, res) => answer(res, envelope(200, "", null)));
    const transport = createTransport({
      baseUrl: api.url,
      codec,
      session: sessionWith({
        getToken: () => null,
        getLoginInfo: () => undefined,
        getDevice: () => ({ adid: "ad-9", uuId: "dev-uu" }),
        getLocale: () => "ko-KR",
      }),
    });

    await transport.request({ method: "POST", path: "/auth/v3.1/user/sendVerifiyCode" });

    const headers = api.requests[0]?.headers ?? {};
    expect(server.decrypt(String(headers.nscper))).toBe(
      '{"countryCode":"82","sourceChannel":"Organic","packageName":"com.chayong.app",' +
        '"adid":"ad-9","version":"12.0.0","uuId":"dev-uu","userId":""}',
    );
    expect(headers).not.toHaveProperty("userid");
    expect(headers).not.toHaveProperty("uuid");
    expect(headers["accept-language"]).toBe("ko-KR");
  });

  it("with an API key, sends it as x-chayong-api-key and no session token", async () => {
    const api = await serve((_, res) => answer(res, envelope(200, "", null)));
    const apiKey = "cyk_abcd1234_secret";
    // A script: no session provider at all.
    await createTransport({ baseUrl: api.url, codec, apiKey }).request({
      method: "GET",
      path: "/api/v1/contract/query",
    });
    // With a session as well, the key is sent and the token never.
    await transportFor(api.url, { apiKey }).request({ method: "GET", path: "/api/v1/x" });
    for (const request of api.requests) {
      expect(request.headers["x-chayong-api-key"]).toBe(apiKey);
      expect(request.headers).not.toHaveProperty("nscper");
    }
    expect(api.requests[0]?.headers["accept-language"]).toBe("ko-KR");
  });

  it("refuses to be made with neither a session nor an API key", () => {
    expect(() => createTransport({ baseUrl: "http://127.0.0.1:1", codec })).toThrow(TypeError);
  });

  it("reads the session afresh for every call (login changes what the next call sends)", async () => {
    const api = await serve((_, res) => answer(res, envelope(200, "", null)));
    let token: string | null = null;
    const transport = transportFor(api.url, { session: sessionWith({ getToken: () => token }) });
    await transport.request({ method: "POST", path: "/auth/v3/user/login" });
    token = "fresh-token";
    await transport.request({ method: "GET", path: "/api/v3/user/queryCashUser" });
    expect(api.requests[0]?.headers.nscper).not.toBe("fresh-token");
    expect(api.requests[1]?.headers.nscper).toBe("fresh-token");
  });

  it("a raw call resolves the answer text untouched (contract view)", async () => {
    const html = "<!doctype html><h1>차용증 · 借據</h1>";
    const api = await serve((_, res) => answer(res, html));
    const text = await transportFor(api.url).request({
      method: "GET",
      path: "/api/v1/contract/view",
      payload: { code: "abc" },
      raw: true,
    });
    expect(text).toBe(html);
    expect(server.decrypt(api.requests[0]?.url.searchParams.get("XKNCEGSKK") ?? "")).toBe(
      '{"code":"abc"}',
    );
  });

  it("a bytes call resolves the answer's bytes untouched (the signed contract's PDF)", async () => {
    // Not valid UTF-8: a text decoding would turn these into replacement characters.
    const pdf = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0xe2, 0xe3, 0xcf, 0xd3, 0xff, 0x00]);
    const api = await serve((_, res) => {
      res.writeHead(200, { "content-type": "application/pdf" });
      res.end(Buffer.from(pdf));
    });
    const bytes = await transportFor(api.url).request({
      method: "GET",
      path: "/api/v1/contract/pdf",
      payload: { id: "abc" },
      raw: "bytes",
    });
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect([...bytes]).toEqual([...pdf]);
  });

  it("prefixes relative paths with the base URL and leaves absolute ones alone", async () => {
    const api = await serve((_, res) => answer(res, envelope(200, "", null)));
    const transport = transportFor(`${api.url}/gateway/`);
    await transport.request({ method: "POST", path: "/api/v1/template/add" });
    await transport.request({ method: "POST", path: `${api.url}/elsewhere` });
    expect(api.requests.map((r) => r.url.pathname)).toEqual([
      "/gateway/api/v1/template/add",
      "/elsewhere",
    ]);
  });

  it("never retries, GET or POST", async () => {
    const api = await serve((_, res) => answer(res, "busy", 503));
    const transport = transportFor(api.url);
    await rejection(transport.request({ method: "GET", path: "/api/v1/contract/query" }));
    await rejection(transport.request({ method: "POST", path: "/api/v1/contract/add" }));
    expect(api.requests.map((r) => r.method)).toEqual(["GET", "POST"]);
  });
});

describe("request: the error catalogue", () => {
  it.each([404, 502, 201])("HTTP %i rejects as http-status with the code", async (code) => {
    const api = await serve((_, res) => answer(res, envelope(200, "", null), code));
    const error = await rejection(
      transportFor(api.url).request({ method: "POST", path: "/api/v1/contract/add" }),
    );
    expect(error).toMatchObject({
      kind: "http-status",
      messageKey: "transport.httpStatus",
      httpStatus: code,
      params: { code },
      message: `HTTP status code ${code}`,
    });
  });

  it("an answer that cannot be decrypted rejects as invalid-data", async () => {
    const api = await serve((_, res) => answer(res, "<html>502 Bad Gateway</html>"));
    const error = await rejection(
      transportFor(api.url).request({ method: "GET", path: "/api/v1/contract/query" }),
    );
    expect(error).toMatchObject({
      kind: "invalid-data",
      messageKey: "transport.invalidData",
      // The spec's words first; the rest says it is no envelope at all, not a key problem.
      message:
        "data validation failed: the answer is not an encrypted envelope (invalid-base64): is baseUrl this API's address?",
    });
    expect(isCodecError(error.cause)).toBe(true);
  });

  it("an answer under another key rejects as invalid-data, and its message says the key or IV is wrong", async () => {
    const otherServer = nodeCipher(Uint8Array.from(randomBytes(32)), iv);
    const api = await serve((_, res) =>
      answer(res, otherServer.encrypt(JSON.stringify({ status: 200, message: "", body: 1 }))),
    );
    const error = await rejection(
      transportFor(api.url).request({ method: "GET", path: "/api/v1/contract/query" }),
    );
    expect(error.kind).toBe("invalid-data");
    expect(error.messageKey).toBe("transport.invalidData");
    // Bad padding, or (rarely, by chance) bytes that are not UTF-8 or text that is not JSON.
    expect(error.message).toMatch(
      /^data validation failed: the (answer cannot be decrypted|decrypted answer is not JSON).*wrong cipher key or IV\?/,
    );
  });

  it("a decryptable answer that is not JSON, or not an envelope, rejects as invalid-data", async () => {
    let next = "not json at all";
    const api = await serve((_, res) => answer(res, server.encrypt(next)));
    const transport = transportFor(api.url);
    const notJson = await rejection(transport.request({ method: "GET", path: "/x" }));
    expect(notJson.kind).toBe("invalid-data");
    expect(isPayloadError(notJson.cause) && notJson.cause.kind).toBe("not-json");
    next = '{"ok":true}';
    const notEnvelope = await rejection(transport.request({ method: "GET", path: "/x" }));
    expect(notEnvelope.kind).toBe("invalid-data");
    expect(isPayloadError(notEnvelope.cause) && notEnvelope.cause.kind).toBe("not-envelope");
    expect(notEnvelope.message).toBe(
      "data validation failed: the answer is JSON but not an envelope: is baseUrl this API's address?",
    );
  });

  it("envelope 301 calls onSessionEnded first, then rejects with the server message", async () => {
    const api = await serve((_, res) =>
      answer(res, envelope(301, "로그인이 만료되었습니다", null)),
    );
    const events: string[] = [];
    const onSessionEnded = vi.fn((error: TransportError) => {
      events.push(`ended:${error.kind}`);
    });
    const transport = transportFor(api.url, { onSessionEnded });

    const error = await rejection(
      transport.request({ method: "GET", path: "/api/v3/user/queryCashUser" }).finally(() => {
        events.push("rejected");
      }),
    );

    expect(error).toMatchObject({
      kind: "session-ended",
      messageKey: "transport.sessionEnded",
      status: 301,
      serverMessage: "로그인이 만료되었습니다",
      message: "로그인이 만료되었습니다",
    });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(onSessionEnded.mock.calls[0]?.[0]).toBe(error);
    expect(events).toEqual(["ended:session-ended", "rejected"]);
  });

  it("a throwing onSessionEnded still leaves the caller with session-ended", async () => {
    const api = await serve((_, res) => answer(res, envelope(301, "gone", null)));
    const transport = transportFor(api.url, {
      onSessionEnded: () => {
        throw new Error("router not ready");
      },
    });
    const error = await rejection(transport.request({ method: "GET", path: "/x" }));
    expect(error.kind).toBe("session-ended");
  });

  it("envelope 500 rejects with the server message and statusCode", async () => {
    let extra: Record<string, unknown> = { statusCode: 500 };
    const api = await serve((_, res) => answer(res, envelope(500, "데이터 오류", null, extra)));
    const transport = transportFor(api.url);

    const dataError = await rejection(transport.request({ method: "POST", path: "/x" }));
    expect(dataError).toMatchObject({
      kind: "server-error",
      messageKey: "session.dataError",
      status: 500,
      statusCode: 500,
      serverMessage: "데이터 오류",
      message: "데이터 오류",
    });

    extra = {};
    const plain = await rejection(transport.request({ method: "POST", path: "/x" }));
    expect(plain).toMatchObject({ kind: "server-error", messageKey: "transport.serverError" });
    expect(plain.statusCode).toBeUndefined();
  });

  it.each([
    [400, "입력값을 확인하세요"],
    [409, "이미 서명된 계약입니다"],
    [429, ""],
  ])("envelope %i is passed back with status, message and body", async (status, message) => {
    const api = await serve((_, res) => answer(res, envelope(status, message, { field: "name" })));
    const error = await rejection(
      transportFor(api.url).request({ method: "POST", path: "/api/v1/contract/sign" }),
    );
    expect(error).toMatchObject({
      kind: "envelope-status",
      messageKey: "transport.rejected",
      status,
      serverMessage: message,
      body: { field: "name" },
    });
    expect(error.message).toBe(message || `request rejected with status ${status}`);
  });

  it("names the server's key of a refusal (serverKey), when it sent one", async () => {
    const api = await serve((_, res) =>
      answer(res, envelope(404, "계약을 찾을 수 없습니다", null, { key: "contract.notFound" })),
    );
    const error = await rejection(
      transportFor(api.url).request({ method: "POST", path: "/api/v1/contract/detail" }),
    );
    expect(error).toMatchObject({
      kind: "envelope-status",
      status: 404,
      serverKey: "contract.notFound",
    });
    const older = await serve((_, res) =>
      answer(res, envelope(409, "이미 서명된 계약입니다", null)),
    );
    const withoutKey = await rejection(
      transportFor(older.url).request({ method: "POST", path: "/api/v1/contract/sign" }),
    );
    expect(withoutKey).not.toHaveProperty("serverKey");
  });

  it("a closed port rejects as unreachable", async () => {
    const url = await closedPortUrl();
    const error = await rejection(transportFor(url).request({ method: "POST", path: "/x" }));
    expect(error).toMatchObject({
      kind: "unreachable",
      messageKey: "transport.unreachable",
      message: "check that the API address is reachable",
    });
  });

  it("a call with no answer within its time-out rejects as timeout", async () => {
    const api = await serve(() => {}); // never answers
    const transport = transportFor(api.url);
    const error = await rejection(
      transport.request({ method: "GET", path: "/slow", timeoutMs: 100 }),
    );
    expect(error).toMatchObject({
      kind: "timeout",
      messageKey: "transport.timeout",
      params: { timeoutMs: 100 },
    });
  });

  it("the transport's own time-out applies when the call sets none", async () => {
    const api = await serve(() => {});
    const error = await rejection(
      transportFor(api.url, { timeoutMs: 100 }).request({ method: "POST", path: "/slow" }),
    );
    expect(error.kind).toBe("timeout");
    expect(DEFAULT_TIMEOUT_MS).toBe(15_000);
  });

  it("an answer body that stalls still times out", async () => {
    const api = await serve((_, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("abc"); // and never ends
    });
    const error = await rejection(
      transportFor(api.url).request({ method: "GET", path: "/stall", timeoutMs: 150 }),
    );
    expect(error.kind).toBe("timeout");
  });

  it("a cancelled call rejects as aborted", async () => {
    const api = await serve(() => {});
    const controller = new AbortController();
    const pending = transportFor(api.url).request({
      method: "POST",
      path: "/x",
      signal: controller.signal,
    });
    while (api.requests.length === 0) await delay(5);
    controller.abort();
    const error = await rejection(pending);
    expect(error).toMatchObject({ kind: "aborted", messageKey: "transport.aborted" });
  });

  it.each(["", "   "])("path %j rejects as missing-url and sends nothing", async (path) => {
    const api = await serve((_, res) => answer(res, envelope(200, "", null)));
    const error = await rejection(transportFor(api.url).request({ method: "POST", path }));
    expect(error).toMatchObject({
      kind: "missing-url",
      messageKey: "transport.missingUrl",
      message: "missing data URL",
    });
    expect(api.connections).toBe(0);
  });

  it.each([
    ["a payload JSON cannot write (BigInt)", { payload: { amount: 10n } }, {}],
    [
      "a session provider that throws",
      {},
      {
        getToken: () => {
          throw new Error("storage locked");
        },
      },
    ],
    [
      "a header value that is not Latin-1",
      {},
      { getLoginInfo: () => ({ userId: "사용자", uuId: "u" }) },
    ],
    ["an impossible per-call time-out", { timeoutMs: -1 }, {}],
    ["a method other than GET or POST", { method: "DELETE" }, {}],
  ])("%s rejects as prepare-failed and sends nothing", async (_, call, session) => {
    const api = await serve((_, res) => answer(res, envelope(200, "", null)));
    const transport = transportFor(api.url, {
      session: sessionWith(session as Partial<SessionProvider>),
    });
    const error = await rejection(
      transport.request({ method: "POST", path: "/api/v1/contract/add", ...call } as never),
    );
    expect(error).toMatchObject({ kind: "prepare-failed", messageKey: "transport.prepareFailed" });
    expect(error.message).toMatch(/^request start interceptor failed/);
    expect(error.cause).toBeInstanceOf(Error);
    expect(api.connections).toBe(0);
  });

  it("a relative base URL outside a browser rejects as prepare-failed", async () => {
    const error = await rejection(
      createTransport({ baseUrl: "/", codec, session: sessionWith() }).request({
        method: "GET",
        path: "api/x",
      }),
    );
    expect(error.kind).toBe("prepare-failed");
  });

  it("refuses an impossible time-out when the transport is made", () => {
    expect(() => transportFor("http://127.0.0.1:1", { timeoutMs: 0 })).toThrow(RangeError);
    expect(() => transportFor("http://127.0.0.1:1", { uploadTimeoutMs: 3e9 })).toThrow(
      /uploadTimeoutMs/,
    );
  });
});

describe("request: slow-network notice", () => {
  let events: string[];
  beforeEach(() => {
    events = [];
  });
  const listeners = {
    slowNetworkMs: 50,
    onSlowNetwork: (call: { id: number; path: string }) => events.push(`slow ${call.path}`),
    onSlowNetworkSettled: (call: { id: number; path: string }) =>
      events.push(`settled ${call.path}`),
  };

  it("fires while a slow call is pending and settles before the caller sees the answer", async () => {
    const api = await serve(async (_, res) => {
      await delay(150);
      events.push("server answers");
      answer(res, envelope(200, "", "done"));
    });
    const body = await transportFor(api.url, listeners).request({ method: "POST", path: "/slow" });
    events.push(`resolved ${String(body)}`);
    expect(events).toEqual(["slow /slow", "server answers", "settled /slow", "resolved done"]);
  });

  it("settles a slow call that fails too", async () => {
    const api = await serve(async (_, res) => {
      await delay(150);
      answer(res, envelope(409, "conflict", null));
    });
    await rejection(
      transportFor(api.url, listeners)
        .request({ method: "POST", path: "/slow" })
        .finally(() => events.push("rejected")),
    );
    expect(events).toEqual(["slow /slow", "settled /slow", "rejected"]);
  });

  it("says nothing for a call that answers in time", async () => {
    const api = await serve((_, res) => answer(res, envelope(200, "", null)));
    await transportFor(api.url, { ...listeners, slowNetworkMs: 5000 }).request({
      method: "GET",
      path: "/fast",
    });
    await delay(100);
    expect(events).toEqual([]);
  });
});
