import { randomBytes } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createTransport } from "../client/transport.ts";
import { createCodec } from "../codec/codec.ts";
import { bytesToHex } from "../codec/hex.ts";
import { serveEachTest } from "../test-support/harness.ts";
import { answer, closedPortUrl, nodeCipher } from "../test-support/test-server.ts";
import { COMPRESSED_ENVELOPE, HEADER } from "../wire/protocol.ts";
import { type FirstReadSettings, sendFirstRead } from "./first-read.ts";

const key = Uint8Array.from(randomBytes(32));
const iv = Uint8Array.from(randomBytes(16));
// The server side: node:crypto and node:zlib, an implementation independent of the package.
const server = nodeCipher(key, iv);
const serve = serveEachTest();

const list = { items: [{ id: "c-1", name: "차용 계약 借據" }], nextCursor: null, total: null };
const json = JSON.stringify({ status: 200, message: "성공", body: list });

/** Answers the list, compressed when the request asks for it, as the API server does. */
function listServer() {
  return serve((request, response) => {
    const asked = request.headers[HEADER.acceptEnvelope] === COMPRESSED_ENVELOPE;
    response.writeHead(200, {
      "content-type": "text/plain; charset=utf-8",
      ...(asked ? { [HEADER.envelopeEncoding]: COMPRESSED_ENVELOPE } : {}),
    });
    response.end(
      asked ? server.encryptBytes(deflateRawSync(Buffer.from(json))) : server.encrypt(json),
    );
  });
}

function settings(baseUrl: string, overrides: Partial<FirstReadSettings> = {}): FirstReadSettings {
  return {
    baseUrl,
    keyHex: bytesToHex(key),
    ivHex: bytesToHex(iv),
    packageName: "com.chayong.web",
    token: "token-abc",
    loginInfo: { userId: "user-1", uuId: "uu-1" },
    locale: "zh-TW",
    ...overrides,
  };
}

const read = {
  method: "GET",
  path: "/api/v1/contract/query",
  payload: { type: "all", pageSize: 20 },
} as const;

describe("a first read", () => {
  it("sends what the transport sends, and reads the compressed envelope it answers", async () => {
    const api = await listServer();
    const envelope = await sendFirstRead(settings(api.url), read);
    expect(envelope).toEqual({ status: 200, message: "성공", body: list });

    // The same call through the transport, for the headers and payload to compare.
    await createTransport({
      baseUrl: api.url,
      codec: createCodec({ key, iv }),
      packageName: "com.chayong.web",
      compressedAnswers: true,
      session: {
        getToken: () => "token-abc",
        getLoginInfo: () => ({ userId: "user-1", uuId: "uu-1" }),
        getDevice: () => ({ adid: "ad-1" }),
        getLocale: () => "zh-TW",
      },
    }).request({ ...read });
    const [first, transport] = api.requests;
    const wireHeaders = (headers: Record<string, unknown> | undefined) =>
      Object.fromEntries(
        Object.entries(headers ?? {}).filter(([name]) => !["host", "connection"].includes(name)),
      );
    expect(wireHeaders(first?.headers)).toEqual(wireHeaders(transport?.headers));
    expect(first?.url.pathname).toBe(transport?.url.pathname);
    const payload = (url: URL | undefined) =>
      JSON.parse(server.decrypt(url?.searchParams.get("XKNCEGSKK") ?? ""));
    expect(payload(first?.url)).toEqual(read.payload);
    expect(payload(first?.url)).toEqual(payload(transport?.url));
  });

  it("posts a POST read's payload as its body", async () => {
    const api = await listServer();
    const envelope = await sendFirstRead(settings(api.url), {
      method: "POST",
      path: "/api/v1/contract/open",
      payload: { code: "abc" },
    });
    expect(envelope?.body).toEqual(list);
    const [request] = api.requests;
    expect(request?.method).toBe("POST");
    expect(JSON.parse(server.decrypt(request?.body.toString("utf8") ?? ""))).toEqual({
      code: "abc",
    });
  });

  it("hands over a refusal's envelope as it is (the app decides what it means)", async () => {
    const api = await serve((_request, response) =>
      answer(response, server.encrypt(JSON.stringify({ status: 301, message: "expired" }))),
    );
    expect(await sendFirstRead(settings(api.url), read)).toEqual({
      status: 301,
      message: "expired",
      body: undefined,
    });
  });

  it("resolves null, never a failure, when it cannot read an answer", async () => {
    const http500 = await serve((_request, response) => answer(response, "oops", 500));
    expect(await sendFirstRead(settings(http500.url), read)).toBeNull();
    const notEnvelope = await serve((_request, response) => answer(response, "not base64!"));
    expect(await sendFirstRead(settings(notEnvelope.url), read)).toBeNull();
    const otherKey = await listServer();
    const wrongKey = bytesToHex(Uint8Array.from(randomBytes(32)));
    expect(await sendFirstRead(settings(otherKey.url, { keyHex: wrongKey }), read)).toBeNull();
    expect(await sendFirstRead(settings(await closedPortUrl()), read)).toBeNull();
  });
});
