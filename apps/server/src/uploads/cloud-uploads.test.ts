import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageFor } from "../messages/message-for";
import { errorKeys, refusal } from "../testing/refusal";
import { startTestS3Server, type TestS3Server } from "../testing/s3-server";
import { startTestServer, type TestClient, type TestServer } from "../testing/test-server";

/** A 40x10 JPEG that EXIF says to turn a quarter, carrying a copyright line. */
async function sidewaysJpeg(): Promise<Blob> {
  const bytes = await sharp({
    create: { width: 40, height: 10, channels: 3, background: "#3366cc" },
  })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: "cloud-secret-owner" } })
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
}

describe("cloud uploads: straight to S3, then checked by the server (docs/identity.md)", () => {
  let s3: TestS3Server;
  let ts: TestServer;
  let local: TestServer;
  let owner: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    [ts, local] = await Promise.all([
      startTestServer({
        CHAYONG_FILE_STORE: "s3",
        CHAYONG_S3_BUCKET: s3.bucket,
        CHAYONG_S3_ENDPOINT: s3.endpoint,
        CHAYONG_S3_ACCESS_KEY_ID: s3.accessKeyId,
        CHAYONG_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }),
      startTestServer(),
    ]);
    owner = ts.client();
    other = ts.client();
    await owner.logIn("01030000001");
    await other.logIn("01030000002");
  }, 120_000);
  afterAll(async () => {
    await Promise.all([ts?.close(), local?.close()]);
    await s3?.close();
  });

  it("issues short-lived, size-limited credentials for the caller's own folder", async () => {
    const me = await owner.api.user.current();
    const credentials = await owner.api.identity.uploadCredentials();
    expect(credentials.folderPath).toBe(`incoming/${me.userId}/`);
    expect(credentials.uploadUrl).toBe(`${s3.endpoint}/${s3.bucket}`);
    const fields = JSON.parse(
      Buffer.from(credentials.token.replace(/^s3post:/, ""), "base64url").toString("utf8"),
    );
    const policy = JSON.parse(Buffer.from(fields.policy, "base64").toString("utf8"));
    expect(policy.conditions).toContainEqual([
      "starts-with",
      "$key",
      `file/incoming/${me.userId}/`,
    ]);
    expect(policy.conditions).toContainEqual(["content-length-range", 1, 10 * 1024 * 1024]);
    expect(Date.parse(policy.expiration) - ts.clock.now().getTime()).toBe(5 * 60 * 1000);
  });

  it("takes the object, re-encodes it upright without metadata, and removes the original", async () => {
    const uploaded = await owner.transport.uploadToCloud(await sidewaysJpeg());
    expect(uploaded.key).toMatch(/^file\/incoming\/[^/]+\/\d{13}[A-Za-z0-9]{10}\.jpg$/);
    const registered = await owner.api.identity.registerUpload({ key: uploaded.key });
    expect(registered).toMatchObject({ width: 10, height: 40 });
    const served = await fetch(new URL(registered.url ?? "", ts.url));
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes("cloud-secret-owner")).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();

    // The unchecked original is gone: handing it over again finds nothing.
    const again = await refusal(owner.api.identity.registerUpload({ key: uploaded.key }));
    expect(errorKeys(again)).toEqual(["upload.notFound"]);
  });

  it("refuses another user's object and anything that is not an image", async () => {
    const uploaded = await owner.transport.uploadToCloud(await sidewaysJpeg());
    const stolen = await refusal(other.api.identity.registerUpload({ key: uploaded.key }));
    expect(errorKeys(stolen)).toEqual(["upload.notFound"]);
    await expect(owner.api.identity.registerUpload({ key: uploaded.key })).resolves.toMatchObject({
      width: 10,
    });

    const text = new Blob(["not an image"], { type: "image/png" });
    const sent = await owner.transport.uploadToCloud(text, { ext: ".png" });
    const refused = await refusal(owner.api.identity.registerUpload({ key: sent.key }));
    expect(refused.serverMessage).toBe(messageFor("upload.notImage", "ko-KR"));
  });

  it("says so when files are kept locally (no cloud credentials)", async () => {
    const client = await local.loggedInClient("01030000003");
    const error = await refusal(client.api.identity.uploadCredentials());
    expect(error.status).toBe(409);
    expect(error.serverMessage).toBe(messageFor("upload.cloudUnavailable", "ko-KR"));
  });
});
