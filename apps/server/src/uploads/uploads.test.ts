import { crc32, deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAuditEvents } from "../audit/audit";
import { uploads } from "../db/schema";
import { messageFor } from "../messages/message-for";
import { borrowerBPhone, type Cast, contractDraft, logInCast } from "../testing/fixtures";
import { refusal } from "../testing/refusal";
import { startTestServer, type TestClient, type TestServer } from "../testing/test-server";
import { fileAddressLifetimeSeconds, uploadIdOfAddress } from "./file-addresses";
import { uploadsPerHour } from "./upload-store";

/** A 60x20 JPEG whose EXIF says "rotate 90° clockwise", with a copyright and a GPS position. */
async function sidewaysJpegWithMetadata(): Promise<Uint8Array> {
  const left = await sharp({
    create: { width: 30, height: 20, channels: 3, background: { r: 255, g: 0, b: 0 } },
  })
    .png()
    .toBuffer();
  const bytes = await sharp({
    create: { width: 60, height: 20, channels: 3, background: { r: 0, g: 0, b: 255 } },
  })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: "secret-owner-name" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 33/1 0/1" },
    })
    .toBuffer();
  return new Uint8Array(bytes);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const blobOf = (bytes: Uint8Array, type = "application/octet-stream") =>
  new Blob([bytes as Uint8Array<ArrayBuffer>], { type });

async function fetchImage(ts: TestServer, address: string) {
  const response = await fetch(new URL(address, ts.url));
  return { status: response.status, response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("uploads (docs/identity.md, 'Uploaded images')", () => {
  let ts: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("turns the image upright, strips its metadata and answers the file descriptor", async () => {
    const original = await sidewaysJpegWithMetadata();
    expect(Buffer.from(original).includes("secret-owner-name")).toBe(true);

    const uploaded = await cast.borrowerA.api.identity.uploadImage(blobOf(original));
    // The EXIF orientation was applied: the 60x20 image is now 20x60.
    expect(uploaded).toMatchObject({ width: 20, height: 60 });
    expect(uploaded.name).toMatch(/^[A-Za-z0-9_-]{22}\.jpg$/);
    expect(uploaded.path).toMatch(/^\/files\/[A-Za-z0-9_-]{22}$/);
    expect(uploaded.url?.startsWith(`${uploaded.path}?`)).toBe(true);

    const served = await fetchImage(ts, uploaded.url ?? "");
    expect(served.status).toBe(200);
    expect(served.response.headers.get("content-type")).toBe("image/jpeg");
    expect(served.response.headers.get("cache-control")).toContain("no-store");
    expect(served.bytes.byteLength).toBe(uploaded.size);
    const metadata = await sharp(served.bytes).metadata();
    expect(metadata).toMatchObject({ width: 20, height: 60, format: "jpeg" });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(Buffer.from(served.bytes).includes("secret-owner-name")).toBe(false);
    // The red left part of the sideways picture is on top once upright.
    const { data } = await sharp(served.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it("sniffs the content, whatever the name or type the client gives", async () => {
    const png = await sharp({
      create: { width: 4, height: 4, channels: 4, background: "#00ff00" },
    })
      .png()
      .toBuffer();
    const asJpeg = new File([new Uint8Array(png)], "photo.jpg", { type: "image/jpeg" });
    const uploaded = await cast.borrowerA.api.identity.uploadImage(asJpeg);
    expect(uploaded.name.endsWith(".png")).toBe(true);

    const gif = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
    const notImage = await refusal(
      cast.borrowerA.api.identity.uploadImage(blobOf(gif, "image/png")),
    );
    expect(notImage.status).toBe(400);
    expect(notImage.serverMessage).toBe(messageFor("upload.notImage", "ko-KR"));

    // JPEG magic bytes, then nothing an image decoder can read.
    const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(200).fill(7)]);
    const unreadable = await refusal(cast.borrowerA.api.identity.uploadImage(blobOf(broken)));
    expect(unreadable.serverMessage).toBe(messageFor("upload.notImage", "ko-KR"));
  });

  it("refuses a file over 10 MB with the spec's message, in the caller's language", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const zh = ts.client();
    zh.token = cast.borrowerA.token;
    zh.locale = "zh-TW";
    // The transport refuses it before sending; a client without that check meets the server's.
    const error = await refusal(
      zh.transport.upload([blobOf(big)], { maxBytes: Number.POSITIVE_INFINITY }),
    );
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe(messageFor("upload.tooLarge", "zh-TW"));
  });

  it("refuses an image with more pixels than it decodes with the size message, JPEG or PNG", async () => {
    // 8,000 x 8,000 (64 M pixels, over the 50 M decoded at most): a whole, valid JPEG of 1.2 MB.
    const jpeg = await sharp({
      create: { width: 8_000, height: 8_000, channels: 3, background: "#8090a0" },
    })
      .jpeg({ quality: 50 })
      .toBuffer();
    expect(jpeg.byteLength).toBeLessThan(10 * 1024 * 1024);
    const zh = ts.client();
    zh.token = cast.borrowerA.token;
    zh.locale = "zh-TW";
    const error = await refusal(zh.api.identity.uploadImage(blobOf(new Uint8Array(jpeg))));
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe(messageFor("upload.tooLarge", "zh-TW"));
  });

  it("refuses a small file declaring a huge image before decoding it", async () => {
    // A PNG whose header says 20,000 x 20,000 (400 M pixels) over a few bytes of data.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header[8] = 8;
    header[9] = 2;
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("IDAT", deflateSync(Buffer.alloc(4096))),
      pngChunk("IEND", Buffer.alloc(0)),
    ]);
    const error = await refusal(cast.borrowerA.api.identity.uploadImage(blobOf(bomb)));
    expect(error.serverMessage).toBe(messageFor("upload.tooLarge", "ko-KR"));
  });

  it("needs a session and a file in the field 'file'", async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect((await refusal(cast.none.api.identity.uploadImage(blobOf(png)))).status).toBe(301);
    const wrongField = await refusal(
      cast.borrowerA.transport.upload([blobOf(png)], { field: "picture" }),
    );
    expect(wrongField.serverMessage).toBe(messageFor("upload.noFile", "ko-KR"));
  });

  describe("serving", () => {
    let address: string;
    let uploadId: string;

    beforeAll(async () => {
      const png = await sharp({
        create: { width: 3, height: 3, channels: 3, background: "#123456" },
      })
        .png()
        .toBuffer();
      const uploaded = await cast.borrowerB.api.identity.uploadImage(blobOf(png));
      address = uploaded.url ?? "";
      uploadId = uploadIdOfAddress(address) ?? "";
      expect(uploadId).not.toBe("");
    });

    it("refuses an address without a valid signature or past its lifetime", async () => {
      const url = new URL(address, ts.url);
      expect((await fetchImage(ts, url.pathname)).status).toBe(403);
      const forged = new URL(url);
      forged.searchParams.set("viewer", "someone-else");
      expect((await fetchImage(ts, forged.href)).status).toBe(403);
      const longer = new URL(url);
      longer.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
      expect((await fetchImage(ts, longer.href)).status).toBe(403);
      // The same instant written another way (a leading zero) is not the address that was signed.
      const padded = new URL(url);
      padded.searchParams.set("expires", `0${url.searchParams.get("expires")}`);
      expect((await fetchImage(ts, padded.href)).status).toBe(403);

      ts.clock.advance((fileAddressLifetimeSeconds + 1) * 1000);
      try {
        expect((await fetchImage(ts, address)).status).toBe(403);
      } finally {
        ts.clock.advance(-(fileAddressLifetimeSeconds + 1) * 1000);
      }
      expect((await fetchImage(ts, address)).status).toBe(200);
    });

    it("serves a lender only a borrower of his contracts, and audits each view", async () => {
      const lenderA = await cast.lenderA.api.user.current();
      const lenderAddress = () =>
        ts.server.context.fileAddresses.addressFor(uploadId, lenderA.userId, ts.clock.now());
      // Signed for lender A, but borrower B has no contract of his yet.
      expect((await fetchImage(ts, lenderAddress())).status).toBe(403);

      const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerBPhone));
      await cast.borrowerB.api.contract.open({ code: contract.code });
      const served = await fetchImage(ts, lenderAddress());
      expect(served.status).toBe(200);

      const views = await readAuditEvents(ts.server.context.db, {
        action: "identity.image.view",
        subjectId: uploadId,
      });
      expect(views).toHaveLength(1);
      expect(views[0]?.actor).toMatchObject({ userId: lenderA.userId, role: "lender" });
      // The borrower's own views are not lender views: nothing more is recorded.
      await fetchImage(ts, address);
      const after = await readAuditEvents(ts.server.context.db, { subjectId: uploadId });
      expect(after).toHaveLength(1);

      // A cancelled contract is no customer relationship: the address stops working.
      await cast.lenderA.api.contract.cancel({ id: contract.id });
      expect((await fetchImage(ts, lenderAddress())).status).toBe(403);
    });
  });

  it(`allows ${uploadsPerHour} uploads an hour per user, then 'operation too frequent'`, async () => {
    const client: TestClient = ts.client();
    await client.logIn("01077778888");
    const me = await client.api.user.current();
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const first = await client.api.identity.uploadImage(blobOf(png));
    // The rest of the hour's allowance, recorded directly: 59 more HTTP uploads prove nothing more.
    const [row] = await ts.server.context.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, uploadIdOfAddress(first.url ?? "") ?? ""));
    if (row === undefined) throw new Error("upload row missing");
    await ts.server.context.db.insert(uploads).values(
      Array.from({ length: uploadsPerHour - 1 }, (_, i) => ({
        ...row,
        id: `filler-${String(i).padStart(15, "0")}`,
        ownerId: me.userId,
      })),
    );
    const error = await refusal(client.api.identity.uploadImage(blobOf(png)));
    expect(error.status).toBe(429);
    expect(error.serverMessage).toBe(messageFor("common.operationTooFrequent", "ko-KR"));
    ts.clock.advance(61 * 60 * 1000);
    await expect(client.api.identity.uploadImage(blobOf(png))).resolves.toMatchObject({
      width: 2,
    });
  });
});
