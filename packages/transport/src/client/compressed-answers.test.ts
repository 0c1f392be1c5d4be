import { randomBytes } from "node:crypto";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createCodec } from "../codec/codec.ts";
import { serveEachTest } from "../test-support/harness.ts";
import { nodeCipher } from "../test-support/test-server.ts";
import { decodeCompressedEnvelope, encodeCompressedEnvelope } from "../wire/envelope.ts";
import { COMPRESSED_ENVELOPE, HEADER } from "../wire/protocol.ts";
import { createTransport } from "./transport.ts";

const key = Uint8Array.from(randomBytes(32));
const iv = Uint8Array.from(randomBytes(16));
const codec = createCodec({ key, iv });
// The server side of these tests: node:crypto and node:zlib, an independent implementation.
const server = nodeCipher(key, iv);
const serve = serveEachTest();

const list = { items: Array.from({ length: 20 }, (_, i) => ({ id: `c-${i}`, name: "차용 계약" })) };
const json = JSON.stringify({ status: 200, message: "성공", body: list });

function transport(url: string, compressedAnswers: boolean) {
  return createTransport({
    baseUrl: url,
    codec,
    compressedAnswers,
    session: {
      getToken: () => "token-abc",
      getLoginInfo: () => null,
      getDevice: () => ({ adid: "ad-1" }),
      getLocale: () => "ko-KR",
    },
  });
}

describe("compressed answers (opt-in)", () => {
  it("asks for them when told to, and reads an answer the server compressed", async () => {
    const api = await serve((request, response) => {
      const asked = request.headers[HEADER.acceptEnvelope] === COMPRESSED_ENVELOPE;
      response.writeHead(200, {
        "content-type": "text/plain; charset=utf-8",
        ...(asked ? { [HEADER.envelopeEncoding]: COMPRESSED_ENVELOPE } : {}),
      });
      response.end(
        asked ? server.encryptBytes(deflateRawSync(Buffer.from(json))) : server.encrypt(json),
      );
    });
    const body = await transport(api.url, true).request({ method: "GET", path: "/api/v1/list" });
    expect(body).toEqual(list);
    expect(api.requests[0]?.headers[HEADER.acceptEnvelope]).toBe(COMPRESSED_ENVELOPE);

    // A client that did not ask sends nothing new and reads today's answer.
    const plain = await transport(api.url, false).request({ method: "GET", path: "/api/v1/list" });
    expect(plain).toEqual(list);
    expect(api.requests[1]?.headers[HEADER.acceptEnvelope]).toBeUndefined();
  });

  it("never asks for a raw answer (the contract view is not an envelope)", async () => {
    const api = await serve((_request, response) => {
      response.end("<!doctype html>");
    });
    await transport(api.url, true).request({ method: "GET", path: "/view", raw: true });
    expect(api.requests[0]?.headers[HEADER.acceptEnvelope]).toBeUndefined();
  });

  it("round-trips through the package's own encoder, far smaller than the plain envelope", async () => {
    const envelope = { status: 200, message: "성공", body: list };
    const compressed = encodeCompressedEnvelope(codec, envelope, (bytes) => deflateRawSync(bytes));
    expect(await decodeCompressedEnvelope(codec, compressed)).toEqual(envelope);
    expect(compressed.length).toBeLessThan(codec.encrypt(json).length / 4);
  });

  it("refuses bytes that are not DEFLATE", async () => {
    const notDeflate = codec.encryptBytes(Uint8Array.from([0xff, 0xff, 0xff, 0xff]));
    await expect(decodeCompressedEnvelope(codec, notDeflate)).rejects.toThrow();
  });
});
