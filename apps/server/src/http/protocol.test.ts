import { randomBytes } from "node:crypto";
import {
  createCodec,
  createTransport,
  decodeEnvelope,
  ENVELOPE_QUERY_PARAM,
  type Envelope,
  encodePayload,
} from "@chayong/transport";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageFor } from "../messages/message-for";
import { refusal } from "../testing/refusal";
import { demoLenderPhone, startTestServer, type TestServer } from "../testing/test-server";
import { bodyLimitBytes } from "./app";

describe("wire protocol (docs/wire-protocol.md)", () => {
  let ts: TestServer;
  let codec: ReturnType<typeof createCodec>;

  beforeAll(async () => {
    ts = await startTestServer();
    codec = createCodec({ key: ts.config.cipher.key, iv: ts.config.cipher.iv });
  });
  afterAll(async () => {
    await ts?.close();
  });

  /** A hand-made request, for what the transport would never send; the answer decrypted. */
  async function post(
    path: string,
    body: string,
    headers: Record<string, string> = {},
  ): Promise<Envelope> {
    const response = await fetch(`${ts.url}${path}`, {
      method: "POST",
      headers: { "content-type": "text/plain", ...headers },
      body,
    });
    expect(response.status).toBe(200);
    return decodeEnvelope(codec, await response.text());
  }

  async function stillServing() {
    await expect(ts.client().api.config.service({ configKey: "line" })).resolves.toHaveProperty(
      "extInfoJSON",
    );
  }

  it("answers malformed ciphertext, non-JSON plaintext and an empty body with a clear envelope", async () => {
    const notBase64 = await post("/auth/v3.1/user/sendVerifiyCode", "%%% not base64 %%%");
    expect(notBase64).toMatchObject({
      status: 400,
      message: messageFor("request.invalidCiphertext", "ko-KR"),
      body: null,
    });
    const notJson = await post("/auth/v3.1/user/sendVerifiyCode", codec.encrypt("{phone:"));
    expect(notJson.status).toBe(400);
    const empty = await post("/auth/v3.1/user/sendVerifiyCode", "");
    expect(empty.status).toBe(400);
    const zh = await post("/auth/v3.1/user/sendVerifiyCode", "AAAA", {
      "accept-language": "zh-TW,zh;q=0.9",
    });
    expect(zh).toMatchObject({
      status: 400,
      message: messageFor("request.invalidCiphertext", "zh-TW"),
    });
    await stillServing();
  });

  it("refuses a payload encrypted with another key (the client cannot read the answer either)", async () => {
    const otherCodec = createCodec({ key: randomBytes(32), iv: randomBytes(16) });
    const stranger = createTransport({
      baseUrl: ts.url,
      codec: otherCodec,
      session: {
        getToken: () => null,
        getLoginInfo: () => null,
        getDevice: () => ({ adid: "x" }),
        getLocale: () => "ko-KR",
      },
    });
    const error = await refusal(
      stranger.request({
        method: "POST",
        path: "/auth/v3.1/user/sendVerifiyCode",
        payload: { phone: demoLenderPhone },
      }),
    );
    expect(error.kind).toBe("invalid-data");
    const seenByServer = await post(
      "/auth/v3.1/user/sendVerifiyCode",
      encodePayload(otherCodec, { phone: demoLenderPhone }),
    );
    expect(seenByServer.status).toBe(400);
    expect(ts.sms.sentTo("+821000000000")).toHaveLength(0);
    await stillServing();
  });

  it("refuses an oversized body without reading it into a handler", async () => {
    const huge = "A".repeat(bodyLimitBytes + 1024);
    const answer = await post("/api/v1/contract/add", huge);
    expect(answer).toMatchObject({
      status: 400,
      message: messageFor("request.bodyTooLarge", "ko-KR"),
    });
    await stillServing();
  });

  it("refuses unknown fields on writes, naming the field", async () => {
    const client = ts.client();
    const error = await refusal(
      client.transport.request({
        method: "POST",
        path: "/auth/v3.1/user/sendVerifiyCode",
        payload: { phone: demoLenderPhone, isAdmin: true },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe(messageFor("common.unknownField", "ko-KR"));
    expect(error.body).toEqual({
      errors: [
        {
          field: "isAdmin",
          key: "common.unknownField",
          message: messageFor("common.unknownField", "ko-KR"),
        },
      ],
    });
    // Validation happens before any work: no code went out.
    expect(ts.sms.sentTo("+821000000000")).toHaveLength(0);
  });

  it("reads GET payloads from XKNCEGSKK, or from the plain query when it is absent", async () => {
    const withParam = await fetch(
      `${ts.url}/api/v1/config?${ENVELOPE_QUERY_PARAM}=${encodeURIComponent(encodePayload(codec, { configKey: "line" }))}`,
    );
    expect(decodeEnvelope(codec, await withParam.text())).toMatchObject({ status: 200 });
    const plain = await fetch(`${ts.url}/api/v1/config?configKey=line`);
    expect(decodeEnvelope(codec, await plain.text())).toMatchObject({ status: 200 });
    const without = await fetch(`${ts.url}/api/v1/config`);
    expect(decodeEnvelope(codec, await without.text()).status).toBe(400); // configKey is required
    const unknown = await fetch(`${ts.url}/api/v1/config?configKey=line&debug=1`);
    expect(decodeEnvelope(codec, await unknown.text()).status).toBe(400);
  });

  it("answers unknown API paths and endpoints of later issues with an envelope 404", async () => {
    expect((await post("/api/v1/contract/statistics", encodePayload(codec, {}))).status).toBe(404);
    expect((await post("/api/v9/nothing", "x")).status).toBe(404);
    const page = await fetch(`${ts.url}/not-an-api-path`);
    expect(page.status).toBe(404);
  });

  it("answers HTTP 200 with an envelope even for a POST without a content type", async () => {
    const response = await fetch(`${ts.url}/api/v1/template/query`, { method: "POST", body: "x" });
    expect(response.status).toBe(200);
    expect(decodeEnvelope(codec, await response.text()).status).toBe(404);
    const noType = await fetch(`${ts.url}/auth/v3.1/user/sendVerifiyCode`, {
      method: "POST",
      body: new Blob([encodePayload(codec, { phone: "" })]),
    });
    expect(decodeEnvelope(codec, await noType.text()).status).toBe(400);
  });

  it("has a health check for load balancers", async () => {
    const response = await fetch(`${ts.url}/healthz`);
    expect(await response.json()).toEqual({ ok: true });
  });
});
