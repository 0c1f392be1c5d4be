import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3Server, type TestS3Server } from "../testing/s3-server";
import { startTestServer } from "../testing/test-server";

/** The server keeps uploads in the store its configuration names. */
describe("the server's file store", () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startTestS3Server();
  }, 60_000);
  afterAll(async () => {
    await s3?.close();
  });

  it("is S3 with CHAYONG_FILE_STORE=s3, and a local folder otherwise", async () => {
    const image = new TextEncoder().encode("an uploaded image");
    const [onS3, local] = await Promise.all([
      startTestServer({
        CHAYONG_FILE_STORE: "s3",
        CHAYONG_S3_BUCKET: s3.bucket,
        CHAYONG_S3_ENDPOINT: s3.endpoint,
        CHAYONG_S3_ACCESS_KEY_ID: s3.accessKeyId,
        CHAYONG_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }),
      startTestServer(),
    ]);
    try {
      const key = await onS3.server.context.files.put(image, "image/jpeg");
      expect(await onS3.server.context.files.get(key)).toEqual(image);
      expect(await local.server.context.files.get(key)).toBeNull();
      expect(await local.server.context.files.put(image, "image/jpeg")).toBe(key);
      expect(await local.server.context.files.get(key)).toEqual(image);
    } finally {
      await onS3.close();
      await local.close();
    }
    // Two servers start here (each migrates a fresh database): slow on a busy CI machine.
  }, 120_000);
});
