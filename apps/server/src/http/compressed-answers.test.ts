import { gzipSync } from "node:zlib";
import {
  COMPRESSED_ENVELOPE,
  createCodec,
  decodeCompressedEnvelope,
  decodeEnvelope,
  ENVELOPE_QUERY_PARAM,
  encodePayload,
  HEADER,
} from "@chayong/transport";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { borrowerAPhone, contractDraft } from "../testing/fixtures";
import { demoLenderPhone, startTestServer, type TestServer } from "../testing/test-server";

// The opt-in compressed envelope (packages/transport README, "Compressed answers").
describe("compressed answers", () => {
  let ts: TestServer;
  let codec: ReturnType<typeof createCodec>;
  let token = "";

  beforeAll(async () => {
    ts = await startTestServer();
    codec = createCodec({ key: ts.config.cipher.key, iv: ts.config.cipher.iv });
    const lender = ts.client({ compressedAnswers: true });
    await lender.logIn(demoLenderPhone);
    token = lender.token ?? "";
    for (let i = 0; i < 20; i++) {
      await lender.api.contract.add(contractDraft(borrowerAPhone, { name: `대출 ${i + 1}호` }));
    }
  });
  afterAll(async () => {
    await ts?.close();
  });

  /** The contract list's first page, asked for by hand: the answer's text and encoding. */
  async function listPage(headers: Record<string, string>) {
    const query = new URLSearchParams({
      [ENVELOPE_QUERY_PARAM]: encodePayload(codec, { pageSize: 20 }),
    });
    const response = await fetch(`${ts.url}/api/v1/contract/query?${query}`, {
      headers: { [HEADER.token]: token, ...headers },
    });
    return { text: await response.text(), encoding: response.headers.get(HEADER.envelopeEncoding) };
  }

  it("gives a client that asked the same answers through the SDK", async () => {
    const compressed = ts.client({ compressedAnswers: true });
    const plain = ts.client();
    compressed.token = token;
    plain.token = token;
    const page = await compressed.api.contract.query({ pageSize: 20 });
    expect(page.items).toHaveLength(20);
    expect(page).toEqual(await plain.api.contract.query({ pageSize: 20 }));
  });

  it("sends a 20-row page within 2x of its JSON gzipped; a client that did not ask gets today's bytes", async () => {
    const plain = await listPage({});
    expect(plain.encoding).toBeNull();
    const json = JSON.stringify(decodeEnvelope(codec, plain.text));

    const compressed = await listPage({ [HEADER.acceptEnvelope]: COMPRESSED_ENVELOPE });
    expect(compressed.encoding).toBe(COMPRESSED_ENVELOPE);
    expect(await decodeCompressedEnvelope(codec, compressed.text)).toEqual(JSON.parse(json));

    const gzippedJson = gzipSync(json).length;
    expect(compressed.text.length).toBeLessThanOrEqual(2 * gzippedJson);
    // Encrypted, the plain envelope does not compress: many times the JSON's gzipped size.
    expect(gzipSync(plain.text).length).toBeGreaterThan(4 * gzippedJson);
  });

  it("never compresses an auth answer (the login carries the session token)", async () => {
    const response = await fetch(`${ts.url}/auth/v3.1/user/sendVerifiyCode`, {
      method: "POST",
      headers: { "content-type": "text/plain", [HEADER.acceptEnvelope]: COMPRESSED_ENVELOPE },
      body: encodePayload(codec, { phone: "01098765432" }),
    });
    expect(response.headers.get(HEADER.envelopeEncoding)).toBeNull();
    expect(decodeEnvelope(codec, await response.text()).status).toBe(200);
    // And the login itself, through a client that asks for compressed answers everywhere (a
    // minute later: the code above started the phone's cooldown).
    ts.clock.advance(61_000);
    const client = ts.client({ compressedAnswers: true });
    await client.logIn("01098765432");
    expect(client.token).toMatch(/.{20,}/);
  });
});
