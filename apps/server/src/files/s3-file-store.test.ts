import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3Server, type TestS3Server } from "../testing/s3-server";
import { createS3FileStore } from "./s3-file-store";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("the S3 file store, against a real S3 API server", () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startTestS3Server();
  }, 60_000);
  afterAll(async () => {
    await s3?.close();
  });
  const storeIn = (prefix: string, bucket = s3.bucket) =>
    createS3FileStore({
      endpoint: s3.endpoint,
      region: "ap-northeast-2",
      bucket,
      prefix,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });

  it("names an object by the SHA-256 of its bytes and gives the same bytes back", async () => {
    const store = storeIn("uploads");
    const image = bytes("a photo's bytes");
    const key = await store.put(image, "image/png");
    expect(key).toBe(`${createHash("sha256").update(image).digest("hex")}.png`);
    expect(await store.get(key)).toEqual(image);
    // Stored twice, answered the same key; the prefix keeps stores apart.
    expect(await store.put(image, "image/png")).toBe(key);
    expect(await storeIn("elsewhere").get(key)).toBeNull();
  });

  it("answers null for an unknown key or a non-key, and fails loudly on a missing bucket", async () => {
    const store = storeIn("");
    expect(await store.get(`${"0".repeat(64)}.jpg`)).toBeNull();
    expect(await store.get("../secrets.png")).toBeNull();
    await expect(storeIn("", "no-such-bucket").put(bytes("x"), "image/jpeg")).rejects.toThrow();
  });

  it("deletes an object, and takes a missing key or a non-key quietly", async () => {
    const store = storeIn("uploads");
    const key = await store.put(bytes("a clear card, replaced by its masked copy"), "image/jpeg");
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key);
    await store.delete("../secrets.png");
  });
});
