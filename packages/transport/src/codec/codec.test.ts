import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nodeCipher } from "../test-support/test-server.ts";
import { createCodec, portableCipherEngine } from "./codec.ts";
import { CodecError, type CodecErrorKind, isCodecError } from "./codec-error.ts";
import { nodeCipherEngine } from "./node-engine.ts";

const key16 = Uint8Array.from(Buffer.from("000102030405060708090a0b0c0d0e0f", "hex"));
const iv = Uint8Array.from(Buffer.from("f0e0d0c0b0a090807060504030201000", "hex"));
const keySizes = [16, 24, 32] as const;

function expectCodecError(run: () => unknown, kind: CodecErrorKind): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(CodecError);
  expect((thrown as CodecError).kind).toBe(kind);
  expect((thrown as CodecError).messageKey).toBe("request.invalidCiphertext");
}

// Every rule holds on both engines: the portable one (phone browsers) and node:crypto (servers).
describe.each([
  ["portable", portableCipherEngine],
  ["node", nodeCipherEngine],
] as const)("createCodec (%s engine)", (_name, engine) => {
  const codec = createCodec({ key: key16, iv, engine });

  it("matches OpenSSL byte for byte on a fixed vector", () => {
    const plaintext = '{"phone":"01012345678","code":"123456"}';
    expect(codec.encrypt(plaintext)).toBe(nodeCipher(key16, iv).encrypt(plaintext));
  });

  it.each([
    ["empty", ""],
    ["one block minus one", "x".repeat(15)],
    ["exactly one block", "x".repeat(16)],
    ["Korean", '{"name":"홍길동","memo":"차용증"}'],
    ["Traditional Chinese", '{"name":"陳大文","memo":"借據"}'],
    ["emoji outside the BMP", "🧾💸 contract"],
    ["leading byte-order mark", "\uFEFF{}"],
  ])("round trips %s text exactly", (_, plaintext) => {
    const ciphertext = codec.encrypt(plaintext);
    expect(ciphertext).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(codec.decrypt(ciphertext)).toBe(plaintext);
  });

  it("pads a whole extra block when the plaintext fills its last one (PKCS7)", () => {
    expect(Buffer.from(codec.encrypt("x".repeat(16)), "base64")).toHaveLength(32);
    expect(Buffer.from(codec.encrypt("x".repeat(15)), "base64")).toHaveLength(16);
  });

  it("ignores whitespace around the ciphertext (a trailing newline from a server)", () => {
    expect(codec.decrypt(`  ${codec.encrypt("hello")}\n`)).toBe("hello");
  });

  it("keeps its own copy of key and IV", () => {
    const key = Uint8Array.from(key16);
    const vector = Uint8Array.from(iv);
    const ownCodec = createCodec({ key, iv: vector, engine });
    key.fill(0);
    vector.fill(0);
    expect(ownCodec.encrypt("same")).toBe(codec.encrypt("same"));
  });

  // Pure-JS AES, 150 keys each: seconds alone, over 20 s while CI builds beside it.
  describe("interoperates with node:crypto both ways", { timeout: 90_000 }, () => {
    for (const size of keySizes) {
      it(`aes-${size * 8}-cbc over arbitrary Unicode`, () => {
        fc.assert(
          fc.property(
            fc.uint8Array({ minLength: size, maxLength: size }),
            fc.uint8Array({ minLength: 16, maxLength: 16 }),
            fc.string({ unit: "binary", maxLength: 200 }),
            (key, vector, plaintext) => {
              const ours = createCodec({ key, iv: vector, engine });
              const reference = nodeCipher(key, vector);
              expect(reference.decrypt(ours.encrypt(plaintext))).toBe(plaintext);
              expect(ours.decrypt(reference.encrypt(plaintext))).toBe(plaintext);
            },
          ),
          { numRuns: 150 },
        );
      });
    }
  });

  it("round trips arbitrary JSON with full Unicode strings", () => {
    fc.assert(
      fc.property(fc.json({ stringUnit: "binary", maxDepth: 4 }), (json) => {
        const decrypted = codec.decrypt(codec.encrypt(json));
        expect(decrypted).toBe(json);
        expect(JSON.parse(decrypted)).toEqual(JSON.parse(json));
      }),
      { numRuns: 300 },
    );
  });

  it("never returns junk: random ciphertext either throws CodecError or is exactly what encrypts back to it", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 8 })
          .chain((blocks) => fc.uint8Array({ minLength: blocks * 16, maxLength: blocks * 16 })),
        (bytes) => {
          const ciphertext = Buffer.from(bytes).toString("base64");
          let plaintext: string;
          try {
            plaintext = codec.decrypt(ciphertext);
          } catch (error) {
            expect(isCodecError(error)).toBe(true);
            return;
          }
          expect(codec.encrypt(plaintext)).toBe(ciphertext);
        },
      ),
      { numRuns: 2000 },
    );
  });

  describe("rejects bad input with a typed error", () => {
    it.each([
      ["characters outside base64", "abc$defg"],
      ["the URL-safe alphabet", "ab-_abcd"],
      ["missing padding", "YWJj ZA"],
      ["a length that is not a multiple of four", "YWJjZA="],
      ["plain text", "this is not a ciphertext"],
    ])("%s: invalid-base64", (_, ciphertext) => {
      expectCodecError(() => codec.decrypt(ciphertext), "invalid-base64");
    });

    it("empty ciphertext: wrong-length", () => {
      expectCodecError(() => codec.decrypt(""), "wrong-length");
    });

    it("a part of a block: wrong-length", () => {
      const fifteen = Buffer.alloc(15, 7).toString("base64");
      const seventeen = Buffer.alloc(17, 7).toString("base64");
      expectCodecError(() => codec.decrypt(fifteen), "wrong-length");
      expectCodecError(() => codec.decrypt(seventeen), "wrong-length");
      const truncated = Buffer.from(codec.encrypt("x".repeat(20)), "base64").subarray(0, 24);
      expectCodecError(() => codec.decrypt(truncated.toString("base64")), "wrong-length");
    });

    it("bad padding: a final byte of 0 or above 16, or inconsistent padding bytes", () => {
      const reference = nodeCipher(key16, iv);
      const endsWith = (tail: number[]) =>
        reference.encryptBytes(
          Uint8Array.from([...Array(16 - tail.length).fill(65), ...tail]),
          false,
        );
      expectCodecError(() => codec.decrypt(endsWith([0])), "bad-padding");
      expectCodecError(() => codec.decrypt(endsWith([17])), "bad-padding");
      expectCodecError(() => codec.decrypt(endsWith([2, 3, 3])), "bad-padding");
    });

    it("valid padding around bytes that are not UTF-8: invalid-utf8", () => {
      const ciphertext = nodeCipher(key16, iv).encryptBytes(
        Uint8Array.from([0x7b, 0xff, 0xfe, 0x7d]),
      );
      expectCodecError(() => codec.decrypt(ciphertext), "invalid-utf8");
    });

    it("the wrong key or IV throws rather than return anything", () => {
      const ciphertext = codec.encrypt('{"status":200,"message":"","body":{"contracts":[]}}');
      const wrongKey = createCodec({ key: Uint8Array.from(randomBytes(16)), iv, engine });
      const wrongIv = createCodec({ key: key16, iv: Uint8Array.from(randomBytes(16)), engine });
      // A wrong IV only garbles the first block, so the padding still checks out: the fatal
      // UTF-8 decoder (and, in the client, JSON parsing) is what catches it.
      for (const other of [wrongKey, wrongIv]) {
        let result: string | undefined;
        try {
          result = other.decrypt(ciphertext);
        } catch (error) {
          expect(isCodecError(error)).toBe(true);
        }
        expect(result).not.toBe('{"status":200,"message":"","body":{"contracts":[]}}');
        if (result !== undefined) expect(() => JSON.parse(result)).toThrow();
      }
      expectCodecError(
        () => createCodec({ key: new Uint8Array(16).fill(9), iv, engine }).decrypt(ciphertext),
        "bad-padding",
      );
    });

    it.each([0, 8, 15, 17, 31, 33, 64])("a %i-byte key: invalid-key", (size) => {
      expectCodecError(() => createCodec({ key: new Uint8Array(size), iv, engine }), "invalid-key");
    });

    it("a key that is not bytes: invalid-key", () => {
      const key = "0123456789abcdef" as unknown as Uint8Array;
      expectCodecError(() => createCodec({ key, iv, engine }), "invalid-key");
    });

    it.each([0, 12, 15, 17, 32])("a %i-byte IV: invalid-iv", (size) => {
      expectCodecError(
        () => createCodec({ key: key16, iv: new Uint8Array(size), engine }),
        "invalid-iv",
      );
    });

    it("a lone surrogate cannot be encrypted: invalid-plaintext", () => {
      expectCodecError(() => codec.encrypt("bad \uD800 text"), "invalid-plaintext");
      expectCodecError(() => codec.encrypt("\uDC00"), "invalid-plaintext");
    });
  });
});

describe("the two engines", () => {
  it("give the same ciphertext for the same plaintext, and read each other's (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(16, 24, 32),
        fc.string({ unit: "grapheme", maxLength: 5_000 }),
        (size, plaintext) => {
          const key = Uint8Array.from(randomBytes(size));
          const portable = createCodec({ key, iv, engine: portableCipherEngine });
          const native = createCodec({ key, iv, engine: nodeCipherEngine });
          const ciphertext = portable.encrypt(plaintext);
          expect(native.encrypt(plaintext)).toBe(ciphertext);
          expect(native.decrypt(ciphertext)).toBe(plaintext);
          expect(portable.decrypt(native.encrypt(plaintext))).toBe(plaintext);
        },
      ),
    );
  });
});

describe("nodeCipherEngine", () => {
  it("follows a key array changed in place (it keeps one KeyObject per key)", () => {
    const key = Uint8Array.from(key16);
    const plaintext = new TextEncoder().encode("same plaintext");
    const before = nodeCipherEngine.encrypt(key, iv, plaintext);
    key[0] = (key[0] as number) ^ 0xff;
    const after = nodeCipherEngine.encrypt(key, iv, plaintext);
    expect(Buffer.from(after).equals(Buffer.from(before))).toBe(false);
    expect(Buffer.from(after).toString("base64")).toBe(nodeCipher(key, iv).encryptBytes(plaintext));
    expect(Buffer.from(nodeCipherEngine.decrypt(key, iv, after)).equals(plaintext)).toBe(true);
  });
});
