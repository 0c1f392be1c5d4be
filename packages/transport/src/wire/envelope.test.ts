import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createCodec } from "../codec/codec.ts";
import { CodecError } from "../codec/codec-error.ts";
import { nodeCipher } from "../test-support/test-server.ts";
import { decodeEnvelope, encodeEnvelope, readEnvelope } from "./envelope.ts";
import { decodeRequestPayload, encodePayload } from "./payload.ts";
import { PayloadError } from "./payload-error.ts";

const key = new Uint8Array(32).map((_, i) => i + 1);
const iv = new Uint8Array(16).map((_, i) => 200 - i);
const codec = createCodec({ key, iv });
const reference = nodeCipher(key, iv);

describe("envelope", () => {
  it("server encodes, client decodes, for any JSON body", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }),
        fc.string({ unit: "binary" }),
        fc.jsonValue(),
        (status, message, body) => {
          const decoded = decodeEnvelope(codec, encodeEnvelope(codec, { status, message, body }));
          expect(decoded).toEqual(JSON.parse(JSON.stringify({ status, message, body })));
        },
      ),
    );
  });

  it("is plain JSON inside the ciphertext (what any other server would send)", () => {
    const ciphertext = encodeEnvelope(codec, { status: 200, message: "ok", body: { n: 1 } });
    expect(JSON.parse(reference.decrypt(ciphertext))).toEqual({
      status: 200,
      message: "ok",
      body: { n: 1 },
    });
  });

  it("reads statusCode beside the status or inside the body", () => {
    expect(
      readEnvelope({ status: 500, message: "x", body: null, statusCode: 500 }).statusCode,
    ).toBe(500);
    expect(readEnvelope({ status: 500, message: "x", body: { statusCode: 500 } }).statusCode).toBe(
      500,
    );
    expect(readEnvelope({ status: 500, message: "x", body: null })).not.toHaveProperty(
      "statusCode",
    );
  });

  it("keeps a refusal's key when it is text, and nothing else under that name", () => {
    expect(
      readEnvelope({ status: 404, message: "x", body: null, key: "contract.notFound" }).key,
    ).toBe("contract.notFound");
    expect(readEnvelope({ status: 404, message: "x", body: null, key: 7 })).not.toHaveProperty(
      "key",
    );
  });

  it("treats a missing message as empty", () => {
    expect(readEnvelope({ status: 200, body: 1 })).toEqual({ status: 200, message: "", body: 1 });
    expect(readEnvelope({ status: 200, message: null })).toEqual({
      status: 200,
      message: "",
      body: undefined,
    });
  });

  it.each([
    ["an array", [200, "ok"]],
    ["null", null],
    ["a number", 200],
    ["no status", { message: "ok", body: {} }],
    ["a string status", { status: "200", message: "ok" }],
    ["a fractional status", { status: 200.5 }],
    ["a non-string message", { status: 200, message: { text: "ok" } }],
  ])("rejects %s as not an envelope", (_, value) => {
    expect(() => readEnvelope(value)).toThrow(PayloadError);
    expect(() => decodeEnvelope(codec, reference.encrypt(JSON.stringify(value)))).toThrow(
      expect.objectContaining({ kind: "not-envelope" }),
    );
  });

  it("rejects plaintext that is not JSON, and ciphertext it cannot decrypt", () => {
    expect(() => decodeEnvelope(codec, reference.encrypt("<html>"))).toThrow(
      expect.objectContaining({ name: "PayloadError", kind: "not-json" }),
    );
    expect(() => decodeEnvelope(codec, "<html>")).toThrow(CodecError);
  });
});

describe("request payloads", () => {
  it("round trip between client and server", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (payload) => {
        expect(decodeRequestPayload(codec, encodePayload(codec, payload))).toEqual(
          JSON.parse(JSON.stringify(payload)),
        );
      }),
    );
  });

  it("an absent payload is sent as an empty object", () => {
    expect(reference.decrypt(encodePayload(codec, undefined))).toBe("{}");
  });

  it.each([
    ["a BigInt", { amount: 10n }],
    [
      "a cycle",
      (() => {
        const node: Record<string, unknown> = {};
        node.self = node;
        return node;
      })(),
    ],
    ["a function", () => 1],
    ["a symbol", Symbol("x")],
  ])("refuses %s with a typed error", (_, payload) => {
    expect(() => encodePayload(codec, payload)).toThrow(
      expect.objectContaining({ name: "PayloadError", kind: "not-serialisable" }),
    );
  });

  it("the server refuses what is not JSON or not decryptable", () => {
    expect(() => decodeRequestPayload(codec, reference.encrypt("amount=1"))).toThrow(PayloadError);
    expect(() => decodeRequestPayload(codec, "amount=1")).toThrow(CodecError);
  });
});
