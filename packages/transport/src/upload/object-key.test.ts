import { describe, expect, it } from "vitest";
import { cloudObjectKey, fileExtension, randomCharacters } from "./object-key.ts";

describe("cloudObjectKey", () => {
  it("is file/{folderPath}{timestamp}{10 random characters}.{ext}", () => {
    expect(
      cloudObjectKey({
        folderPath: "face/",
        ext: "jpg",
        timestamp: 1_700_000_000_000,
        random: "AbCdEfGh12",
      }),
    ).toBe("file/face/1700000000000AbCdEfGh12.jpg");
    expect(
      cloudObjectKey({ folderPath: "", ext: ".png", timestamp: 1, random: "x".repeat(10) }),
    ).toBe("file/1xxxxxxxxxx.png");
  });

  it("fills timestamp and random part itself", () => {
    const before = Date.now();
    const key = cloudObjectKey({ folderPath: "sign/", ext: "png" });
    const match = /^file\/sign\/(\d+)([A-Za-z0-9]{10})\.png$/.exec(key);
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(before);
    expect(Number(match?.[1])).toBeLessThanOrEqual(Date.now());
  });
});

describe("randomCharacters", () => {
  it("gives letters and digits of the asked length, differently each time", () => {
    const samples = Array.from({ length: 200 }, () => randomCharacters(10));
    for (const sample of samples) expect(sample).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(new Set(samples).size).toBe(samples.length);
    // Every symbol of the alphabet turns up in a large sample (no truncated alphabet).
    expect(new Set(randomCharacters(5000)).size).toBe(62);
  });
});

describe("fileExtension", () => {
  it("takes the name's extension, else the MIME type's, else bin", () => {
    expect(fileExtension(new File(["x"], "ID Front.JPEG"))).toBe("jpeg");
    expect(fileExtension(new File(["x"], "capture", { type: "image/webp" }))).toBe("webp");
    expect(fileExtension(new Blob(["x"], { type: "image/png" }))).toBe("png");
    expect(fileExtension(new Blob(["x"]))).toBe("bin");
  });
});
