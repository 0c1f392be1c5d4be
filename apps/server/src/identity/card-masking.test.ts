import { spawnSync } from "node:child_process";
import { type IdNumberKind, parseIdNumber } from "@chayong/domain";
import type { TransportError } from "@chayong/transport";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { borrowerIdentities, uploads } from "../db/schema";
import { messageFor } from "../messages/message-for";
import { borrowerAPhone, type Cast, contractDraft, logInCast } from "../testing/fixtures";
import { renderIdCard } from "../testing/id-cards";
import {
  faceCheckInput,
  faceFixture,
  type IdentityPhotos,
  identityPhotos,
  personalDetailsOf,
  uploadIdentityPhotos,
  verifyBorrower,
} from "../testing/identity-kit";
import { refusal } from "../testing/refusal";
import { startTestServer, type TestClient, type TestServer } from "../testing/test-server";
import { uploadIdOfAddress } from "../uploads/file-addresses";

// Masked card images (docs/identity.md): the real server, database, tesseract and face engine,
// through the SDK; what is served is read back with tesseract, as anyone holding it could.

const stepGapMs = 60_000;

/** Everything tesseract reads in the image, at its size and enlarged twice (small print). */
async function textOf(image: Uint8Array, kind: IdNumberKind): Promise<string> {
  const language = kind === "KR-RRN" ? "kor" : "chi_tra";
  const { width = 0 } = await sharp(image).metadata();
  const enlarged = await sharp(image)
    .resize({ width: width * 2 })
    .png()
    .toBuffer();
  return [image, new Uint8Array(enlarged)]
    .map((bytes) => {
      const run = spawnSync("tesseract", ["stdin", "stdout", "--psm", "4", "-l", language], {
        input: bytes,
        env: { ...process.env, OMP_THREAD_LIMIT: "1" },
      });
      expect(run.status, run.stderr?.toString()).toBe(0);
      return run.stdout.toString("utf8");
    })
    .join("\n");
}

/** The digits `maskIdNumber` hides, as an engine would print them (no hyphen). */
function hiddenPartOf(idNumber: string): { kind: IdNumberKind; hidden: string } {
  const parsed = parseIdNumber(idNumber);
  if (parsed === null) throw new Error(`not an ID number: ${idNumber}`);
  const compact = parsed.normalized.replace("-", "");
  return { kind: parsed.kind, hidden: compact.slice(parsed.kind === "KR-RRN" ? 7 : 2) };
}

/**
 * Asserts the served image does not show the number's hidden digits, and still shows `readable`
 * (what is printed beside them: the card is masked, not blotted out).
 */
async function expectMasked(served: Response, idNumber: string, readable: string | null) {
  expect(served.status).toBe(200);
  const image = new Uint8Array(await served.arrayBuffer());
  const { kind, hidden } = hiddenPartOf(idNumber);
  const text = await textOf(image, kind);
  if (readable !== null) expect(text.replace(/\s/g, "")).toContain(readable);
  const characters = text.toUpperCase().replace(/[^0-9A-Z]/g, "");
  expect(characters).not.toContain(hidden);
  // Nor any four hidden digits in a row, where the rest were misread.
  for (let i = 0; i + 4 <= hidden.length; i++) {
    expect(characters).not.toContain(hidden.slice(i, i + 4));
  }
}

function fieldErrors(error: TransportError) {
  const body = error.body as
    | { errors?: { key: string; field?: string; message?: string }[] }
    | undefined;
  return body?.errors ?? [];
}

/** A valid number with the card's birthday and sex (its first 8 or 2 characters), not the card's. */
function anotherNumberLike(idNumber: string): string {
  const kept = /^\d/.test(idNumber) ? 8 : 2;
  for (let seed = 1; seed < 1_000; seed++) {
    const rest = String(seed * 7_919_123).padStart(idNumber.length - kept, "0");
    const candidate = `${idNumber.slice(0, kept)}${rest.slice(-(idNumber.length - kept))}`;
    if (candidate !== idNumber && parseIdNumber(candidate) !== null) return candidate;
  }
  throw new Error(`no other number like ${idNumber}`);
}

describe("masked ID card images (docs/identity.md, 'Masked card images')", () => {
  let ts: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    ts = await startTestServer();
    cast = await logInCast(ts);
  });
  afterAll(async () => {
    await ts?.close();
  });

  async function identityRow(client: TestClient) {
    const me = await client.api.user.current();
    const [row] = await ts.server.context.db
      .select()
      .from(borrowerIdentities)
      .where(eq(borrowerIdentities.userId, me.userId));
    return row ?? null;
  }

  async function uploadsOf(client: TestClient) {
    const me = await client.api.user.current();
    return ts.server.context.db.select().from(uploads).where(eq(uploads.ownerId, me.userId));
  }

  it("serves a lender the Korean card and holding photo with the digits after the sex digit masked", async () => {
    const contract = await cast.lenderA.api.contract.add(contractDraft(borrowerAPhone));
    await cast.borrowerA.api.contract.open({ code: contract.code });
    const photos = await verifyBorrower(cast.borrowerA, { country: "KR", seed: 41 });
    const detail = await cast.lenderA.api.contract.userDetails({ id: contract.id });
    expect(detail.idNumberMasked).toBe(`${photos.person.idNumber.slice(0, 8)}******`);
    // The birth date before the hyphen stays readable.
    const birthDate = photos.person.idNumber.slice(0, 6);
    await expectMasked(
      await fetch(new URL(detail.idCardFrontUrl ?? "", ts.url)),
      photos.person.idNumber,
      birthDate,
    );
    await expectMasked(
      await fetch(new URL(detail.holdingPhotoUrl ?? "", ts.url)),
      photos.person.idNumber,
      birthDate,
    );
  });

  it("keeps no clear copy: the uploads confirmed are replaced by masked ones, their files deleted", async () => {
    const client = await ts.loggedInClient("01030000001");
    // Each person a face of his own: one face verifies one identity (docs/identity.md).
    const photos = await verifyBorrower(client, { country: "KR", seed: 42, face: "detect4.jpg" });
    const row = await identityRow(client);
    const clearIds = [photos.addresses.front, photos.addresses.holding].map(uploadIdOfAddress);
    expect(row?.frontUploadId).not.toBe(clearIds[0]);
    expect(row?.holdingUploadId).not.toBe(clearIds[1]);
    const kept = await uploadsOf(client);
    expect(kept.map((upload) => upload.id)).not.toContain(clearIds[0]);
    expect(kept.map((upload) => upload.id)).not.toContain(clearIds[1]);
    // The clear bytes, as uploaded, are gone from the file store.
    const { storedFileKey } = await import("../files/file-store");
    const clearFront = await ts.server.context.files.get(storedFileKey(photos.front, "image/png"));
    expect(clearFront).toBeNull();
    // The clear photo's address no longer serves anything.
    expect((await fetch(new URL(photos.addresses.front, ts.url))).status).toBe(403);
    // The masked copies are still the card: a new live capture is compared with them.
    ts.clock.advance(stepGapMs);
    const again = await client.api.identity.uploadImage(
      new Blob([faceFixture("detect4.jpg") as Uint8Array<ArrayBuffer>], { type: "image/jpeg" }),
    );
    ts.clock.advance(stepGapMs);
    const face = await client.api.identity.faceCompare(
      await faceCheckInput(client, again.url ?? "", { face: "detect4.jpg" }),
    );
    expect(face).toMatchObject({ decision: "match", comparedWithIdCard: true });
  });

  it("serves the borrower his Taiwanese card masked after the letter and the sex digit", async () => {
    const client = await ts.loggedInClient("01030000002");
    const photos = await verifyBorrower(client, { country: "TW", seed: 43, face: "detect3.jpg" });
    const detail = await client.api.identity.userDetail();
    expect(detail.idNumberMasked).toBe(`${photos.person.idNumber.slice(0, 2)}********`);
    // Tesseract does not read the two characters left beside the mask (measured: in no page
    // segmentation mode, with chi_tra or eng), so the birth date line stands for the rest.
    const year = Number(photos.person.birthday.slice(0, 4));
    await expectMasked(
      await fetch(new URL(detail.frontPhotoUrl ?? "", ts.url)),
      photos.person.idNumber,
      `民國${year - 1911}年`,
    );
    await expectMasked(
      await fetch(new URL(detail.holdingPhotoUrl ?? "", ts.url)),
      photos.person.idNumber,
      null,
    );
  });

  async function readyToConfirm(client: TestClient, photos: IdentityPhotos, face?: string) {
    const addresses = await uploadIdentityPhotos(client, photos);
    await client.api.identity.faceCompare(await faceCheckInput(client, addresses.live, { face }));
    ts.clock.advance(stepGapMs);
    return addresses;
  }

  it("refuses a typed number that is not the card's, on the number, and stores nothing", async () => {
    for (const [phone, country, seed, face] of [
      ["01030000003", "KR", 44, "detect1.jpg"],
      ["01030000004", "TW", 45, "detect2.jpg"],
    ] as const) {
      const client = await ts.loggedInClient(phone);
      const photos = await identityPhotos({ country, seed, face });
      const addresses = await readyToConfirm(client, photos, face);
      const typed = anotherNumberLike(photos.person.idNumber);
      const uploadsBefore = await uploadsOf(client);
      const error = await refusal(
        client.api.identity.ocrConfirm({
          ...personalDetailsOf(photos, addresses),
          idNumber: typed,
        }),
      );
      expect(error.status).toBe(400);
      expect(fieldErrors(error)).toEqual([
        {
          key: "identity.idNumber.cardMismatch",
          field: "idNumber",
          message: messageFor("identity.idNumber.cardMismatch", "ko-KR"),
        },
      ]);
      expect(await identityRow(client)).toMatchObject({
        idCardVerifiedAt: null,
        frontUploadId: null,
      });
      expect((await uploadsOf(client)).map((upload) => upload.id).sort()).toEqual(
        uploadsBefore.map((upload) => upload.id).sort(),
      );
      // The card's own number then goes through.
      ts.clock.advance(stepGapMs);
      await client.api.identity.ocrConfirm(personalDetailsOf(photos, addresses));
      expect((await client.api.identity.userDetail()).idCardVerified).toBe(true);
    }
  });

  it("refuses a card whose number cannot be read, on the front photo", async () => {
    const client = await ts.loggedInClient("01030000005");
    const photos = await identityPhotos({ country: "KR", seed: 46 });
    // The card with its portrait, its number rubbed out by a heavy blur.
    const numberArea = await sharp(photos.front)
      .extract({ left: 40, top: 190, width: 360, height: 60 })
      .blur(12)
      .toBuffer();
    const front = await sharp(photos.front)
      .composite([{ input: numberArea, left: 40, top: 190 }])
      .png()
      .toBuffer();
    const addresses = await readyToConfirm(client, { ...photos, front: new Uint8Array(front) });
    const error = await refusal(
      client.api.identity.ocrConfirm(personalDetailsOf(photos, addresses)),
    );
    expect(fieldErrors(error)).toMatchObject([
      { key: "identity.photo.numberUnreadable", field: "frontPhotoUrl" },
    ]);
    expect((await client.api.identity.userDetail()).idCardVerified).toBe(false);
  });

  it("refuses a holding photo whose card shows no readable number, on the holding photo", async () => {
    const client = await ts.loggedInClient("01030000006");
    const photos = await identityPhotos({ country: "TW", seed: 47 });
    const blankCard = await renderIdCard({
      ...photos.person,
      idNumber: "",
      portrait: faceFixture("faceid.jpg"),
      seed: 47,
    });
    // The kit's holding photo, its card replaced by one without a number, in the same place.
    const holding = await sharp(photos.holding)
      .composite([
        { input: await sharp(blankCard).resize(428, 270).toBuffer(), left: 146, top: 700 },
      ])
      .jpeg({ quality: 90 })
      .toBuffer();
    const addresses = await readyToConfirm(client, { ...photos, holding: new Uint8Array(holding) });
    const error = await refusal(
      client.api.identity.ocrConfirm(personalDetailsOf(photos, addresses)),
    );
    expect(fieldErrors(error)).toMatchObject([
      { key: "identity.photo.numberUnreadable", field: "holdingPhotoUrl" },
    ]);
  });
});

describe("masked ID card images without an OCR engine", () => {
  let ts: TestServer;

  beforeAll(async () => {
    ts = await startTestServer({ CHAYONG_TESSERACT: "off" });
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("refuses to confirm a card it cannot mask", async () => {
    const client = await ts.loggedInClient("01030000007");
    const photos = await identityPhotos({ seed: 48 });
    const addresses = await uploadIdentityPhotos(client, photos);
    await client.api.identity.faceCompare(await faceCheckInput(client, addresses.live));
    ts.clock.advance(stepGapMs);
    const error = await refusal(
      client.api.identity.ocrConfirm(personalDetailsOf(photos, addresses)),
    );
    expect(error.status).toBe(500);
    expect(error.serverMessage).toBe(messageFor("identity.idCard.maskingUnavailable", "ko-KR"));
    expect((await client.api.identity.userDetail()).idCardVerified).toBe(false);
  });
});
