import { describe, expect, it } from "vitest";
import { createCodec } from "../codec/codec.ts";
import { CodecError } from "../codec/codec-error.ts";
import { nodeCipher } from "../test-support/test-server.ts";
import { decodeDeviceDescriptor, encodeDeviceDescriptor } from "./device-descriptor.ts";
import { PayloadError } from "./payload-error.ts";

const key = new Uint8Array(16).fill(3);
const iv = new Uint8Array(16).fill(4);
const codec = createCodec({ key, iv });
const descriptor = {
  userId: "u-1",
  uuId: "uu-1",
  version: "12.0.0",
  adid: "ad-1",
  packageName: "com.chayong.app",
  sourceChannel: "Organic",
  countryCode: "82",
};

describe("device descriptor", () => {
  it("is encrypted JSON in the spec's key order, whatever order it was given in", () => {
    expect(nodeCipher(key, iv).decrypt(encodeDeviceDescriptor(codec, descriptor))).toBe(
      '{"countryCode":"82","sourceChannel":"Organic","packageName":"com.chayong.app",' +
        '"adid":"ad-1","version":"12.0.0","uuId":"uu-1","userId":"u-1"}',
    );
  });

  it("the server reads it back", () => {
    expect(decodeDeviceDescriptor(codec, encodeDeviceDescriptor(codec, descriptor))).toEqual(
      descriptor,
    );
  });

  it("the server refuses a token, a partial descriptor or a wrong field type", () => {
    expect(() => decodeDeviceDescriptor(codec, "a".repeat(64))).toThrow(CodecError);
    const partial = codec.encrypt(JSON.stringify({ ...descriptor, adid: undefined }));
    expect(() => decodeDeviceDescriptor(codec, partial)).toThrow(PayloadError);
    const numeric = codec.encrypt(JSON.stringify({ ...descriptor, countryCode: 82 }));
    expect(() => decodeDeviceDescriptor(codec, numeric)).toThrow(/countryCode/);
    expect(() => decodeDeviceDescriptor(codec, codec.encrypt("[]"))).toThrow(PayloadError);
  });
});
