import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { parseWithKeys } from "../validation";
import {
  cloudObjectKey,
  cloudUploadCredentialsSchema,
  signatureStrokesProblem,
  signRequestSchema,
  sniffImageType,
  uploadFilesSchema,
  uploadRules,
  validateImageUpload,
  validateSignatureImage,
} from "./upload";

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);
const gif = new TextEncoder().encode("GIF89a....");

describe("uploads (docs/validation.md#uploads)", () => {
  it("sniffs images by content", () => {
    expect(sniffImageType(png)).toBe("image/png");
    expect(sniffImageType(jpeg)).toBe("image/jpeg");
    expect(sniffImageType(webp)).toBe("image/webp");
    expect(sniffImageType(gif)).toBeNull();
  });

  it("refuses non-images and images over 10 MB", () => {
    expect(validateImageUpload(jpeg)).toEqual({ ok: true, value: "image/jpeg" });
    expect(validateImageUpload(gif)).toMatchObject({
      ok: false,
      errors: [{ key: "upload.notImage" }],
    });
    const big = new Uint8Array(uploadRules.maxBytes + 1);
    big.set(jpeg);
    expect(validateImageUpload(big)).toMatchObject({
      ok: false,
      errors: [{ key: "upload.tooLarge" }],
    });
  });

  it("requires the files input to be a list ('files must be an array')", () => {
    expect(v.safeParse(uploadFilesSchema, { path: "a" }).issues?.[0]?.message).toBe(
      "upload.filesNotArray",
    );
    expect(
      v.safeParse(uploadFilesSchema, [{ path: "/tmp/a.jpg", size: 10, name: "a.jpg" }]).success,
    ).toBe(true);
    expect(
      v.safeParse(uploadFilesSchema, [{ path: "a", size: uploadRules.maxBytes + 1, name: "a" }])
        .issues?.[0]?.message,
    ).toBe("upload.tooLarge");
  });

  it("needs an upload token for cloud uploads and builds the object key", () => {
    const missing = parseWithKeys(cloudUploadCredentialsSchema, {
      visitPrefix: "https://cdn",
      folderPath: "id/",
    });
    expect(missing.ok ? [] : missing.errors.map((e) => e.key)).toEqual(["upload.noTokenProvider"]);
    const credentials = v.parse(cloudUploadCredentialsSchema, {
      visitPrefix: "https://cdn",
      folderPath: "id/",
      token: "t",
    });
    expect(credentials.region).toBe("SCN");
    expect(
      cloudObjectKey({
        folderPath: "id/",
        timestamp: 1735689600000,
        random: "abcdefghij",
        ext: ".png",
      }),
    ).toBe("file/id/1735689600000abcdefghij.png");
  });
});

describe("signature (docs/validation.md#signing)", () => {
  it("tells an empty canvas from an unfinished signature", () => {
    expect(signatureStrokesProblem([])).toBe("signature.empty");
    expect(signatureStrokesProblem([[], []])).toBe("signature.empty");
    expect(signatureStrokesProblem([[1, 2, 3]])).toBe("signature.incomplete");
    expect(signatureStrokesProblem([Array.from({ length: 12 }, (_, i) => i)])).toBeNull();
  });

  it("accepts only a PNG within the limit", () => {
    expect(validateSignatureImage(png)).toEqual({ ok: true, value: true });
    expect(validateSignatureImage(new Uint8Array())).toMatchObject({
      ok: false,
      errors: [{ key: "signature.empty" }],
    });
    expect(validateSignatureImage(jpeg)).toMatchObject({
      ok: false,
      errors: [{ key: "signature.invalidImage" }],
    });
  });

  it("checks the sign request", () => {
    const missing = parseWithKeys(signRequestSchema, { code: "abc" });
    expect(missing.ok ? [] : missing.errors.map((e) => e.key)).toEqual(["signature.incomplete"]);
    const jpegUrl = parseWithKeys(signRequestSchema, {
      code: "abc",
      signature: "data:image/jpeg;base64,AAAA",
    });
    expect(jpegUrl.ok ? [] : jpegUrl.errors.map((e) => e.key)).toEqual(["signature.invalidImage"]);
  });
});
