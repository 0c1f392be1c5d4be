import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PersonalDataCipher } from "./personal-data-cipher";

const key = (id: string) => ({ id, key: new Uint8Array(randomBytes(32)) });
const lookupKey = new Uint8Array(randomBytes(32));

describe("PersonalDataCipher", () => {
  const k1 = key("k1");
  const cipher = new PersonalDataCipher({ current: k1, retired: [], lookupKey });

  it("opens what it sealed; the sealed text never holds the number nor repeats", () => {
    const first = cipher.seal("900101-1234567");
    const second = cipher.seal("900101-1234567");
    expect(cipher.open(first)).toBe("900101-1234567");
    expect(first).not.toBe(second);
    for (const sealed of [first, second]) {
      expect(sealed).toMatch(/^v1:k1:/);
      expect(sealed).not.toContain("900101");
      expect(sealed).not.toContain("1234567");
    }
  });

  it("refuses an altered value, a value without its key, and text that was never sealed", () => {
    const sealed = cipher.seal("A123456789");
    const parts = sealed.split(":");
    const body = Buffer.from(parts[3] as string, "base64url");
    body[0] = (body[0] as number) ^ 1;
    expect(() =>
      cipher.open([...parts.slice(0, 3), body.toString("base64url")].join(":")),
    ).toThrow();
    expect(() => cipher.open(sealed.replace("v1:k1:", "v1:k9:"))).toThrow(/no key "k9"/);
    expect(() => cipher.open("A123456789")).toThrow(/not a sealed value/);
    const other = new PersonalDataCipher({ current: key("k1"), retired: [], lookupKey });
    expect(() => other.open(sealed)).toThrow();
  });

  it("rotates: a retired key still opens old values, which are marked for re-sealing", () => {
    const old = cipher.seal("900101-2234567");
    const rotated = new PersonalDataCipher({ current: key("k2"), retired: [k1], lookupKey });
    expect(rotated.open(old)).toBe("900101-2234567");
    expect(rotated.needsResealing(old)).toBe(true);
    const resealed = rotated.seal(rotated.open(old));
    expect(resealed).toMatch(/^v1:k2:/);
    expect(rotated.needsResealing(resealed)).toBe(false);
  });

  it("finds equal numbers by one keyed hash that depends on the key", () => {
    const hash = cipher.lookupHash("900101-1234567");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(cipher.lookupHash("900101-1234567")).toBe(hash);
    expect(cipher.lookupHash("900101-1234568")).not.toBe(hash);
    const otherLookup = new PersonalDataCipher({
      current: k1,
      retired: [],
      lookupKey: new Uint8Array(randomBytes(32)),
    });
    expect(otherLookup.lookupHash("900101-1234567")).not.toBe(hash);
  });

  it("refuses keys of the wrong size, bad ids and one id twice", () => {
    expect(
      () =>
        new PersonalDataCipher({
          current: { id: "k1", key: new Uint8Array(16) },
          retired: [],
          lookupKey,
        }),
    ).toThrow(/32 bytes/);
    expect(
      () => new PersonalDataCipher({ current: { ...k1, id: "a:b" }, retired: [], lookupKey }),
    ).toThrow(/key id/);
    expect(() => new PersonalDataCipher({ current: k1, retired: [k1], lookupKey })).toThrow(
      /distinct/,
    );
    expect(
      () => new PersonalDataCipher({ current: k1, retired: [], lookupKey: new Uint8Array(8) }),
    ).toThrow(/lookup key/);
  });
});
