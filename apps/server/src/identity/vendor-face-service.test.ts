import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { borrowerIdentities, identityAttempts } from "../db/schema";
import { messageFor } from "../messages/message-for";
import { answerOf, startTestFaceService, type TestFaceService } from "../testing/face-service";
import {
  faceCheckInput,
  identityPhotos,
  personalDetailsOf,
  type UploadedIdentityPhotos,
  uploadIdentityPhotos,
} from "../testing/identity-kit";
import { refusal } from "../testing/refusal";
import { startTestServer, type TestClient, type TestServer } from "../testing/test-server";
import { uploadIdOfAddress } from "../uploads/file-addresses";
import { findUpload } from "../uploads/upload-store";

const stepGapMs = 60_000;
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

describe("identity verification with a vendor's face service (docs/identity.md)", () => {
  let service: TestFaceService;
  let ts: TestServer;
  const log: string[] = [];

  beforeAll(async () => {
    service = await startTestFaceService();
    ts = await startTestServer(
      {
        CHAYONG_FACE_VERIFIER: "http",
        CHAYONG_FACE_VERIFIER_URL: service.url,
        CHAYONG_FACE_VERIFIER_KEY: service.apiKey,
        // The stand-in's scale, as a deployment sets its vendor's.
        CHAYONG_FACE_MATCH_THRESHOLD: "0.9",
        CHAYONG_FACE_REVIEW_THRESHOLD: "0.7",
        LOG_LEVEL: "info",
      },
      undefined,
      { logDestination: { write: (line: string) => log.push(line) } },
    );
  });
  afterAll(async () => {
    await ts?.close();
    await service?.close();
  });

  async function borrower(phone: string): Promise<TestClient & { userId: string }> {
    const client = await ts.loggedInClient(phone);
    return Object.assign(client, { userId: (await client.api.user.current()).userId });
  }

  /** The stored bytes of an upload, as the server hands them to the face verifier. */
  async function storedImage(address: string): Promise<string> {
    const upload = await findUpload(ts.server.context.db, uploadIdOfAddress(address) ?? "");
    const bytes = upload && (await ts.server.context.files.get(upload.fileKey));
    if (!bytes) throw new Error(`no stored upload for ${address}`);
    return base64(bytes);
  }

  async function lastAttempt(userId: string, kind: "face" | "confirm") {
    const [attempt] = await ts.server.context.db
      .select()
      .from(identityAttempts)
      .where(and(eq(identityAttempts.userId, userId), eq(identityAttempts.kind, kind)))
      .orderBy(desc(identityAttempts.id))
      .limit(1);
    return attempt;
  }

  async function identityOf(userId: string) {
    const [row] = await ts.server.context.db
      .select()
      .from(borrowerIdentities)
      .where(eq(borrowerIdentities.userId, userId));
    return row;
  }

  async function uploaded(client: TestClient, seed: number) {
    const photos = await identityPhotos({ seed });
    return { photos, addresses: await uploadIdentityPhotos(client, photos) };
  }

  async function checkFace(client: TestClient, addresses: UploadedIdentityPhotos) {
    service.answerWith((request) => ({ body: answerOf(request, {}) }));
    await client.api.identity.faceCompare(await faceCheckInput(client, addresses.live));
    ts.clock.advance(stepGapMs);
  }

  it("sends the stored photos with the key, and judges the answer by the configured thresholds", async () => {
    const client = await borrower("01020000101");
    const { photos, addresses } = await uploaded(client, 101);
    const before = service.requests.length;

    await checkFace(client, addresses);
    const [alone] = service.requests.slice(before);
    expect(alone?.headers.authorization).toBe(`Bearer ${service.apiKey}`);
    expect(alone?.body).toEqual({
      live: await storedImage(addresses.live),
      references: [
        {
          name: "liveCapture",
          image: await storedImage(addresses.live),
          match: "best",
          minFaces: 1,
        },
      ],
    });

    service.answerWith((request) => ({
      body: answerOf(request, { similarities: { idCardFront: 0.96, holdingPhoto: 0.93 } }),
    }));
    // Read before confirming: only masked copies of the card's photos are kept afterwards.
    const [front, holding] = [
      await storedImage(addresses.front),
      await storedImage(addresses.holding),
    ];
    await client.api.identity.ocrConfirm(personalDetailsOf(photos, addresses));
    const confirm = service.requests.at(-1);
    expect(confirm?.headers.authorization).toBe(`Bearer ${service.apiKey}`);
    expect(confirm?.body).toEqual({
      live: await storedImage(addresses.live),
      references: [
        { name: "idCardFront", image: front, match: "best", minFaces: 1 },
        { name: "holdingPhoto", image: holding, match: "largest", minFaces: 2 },
      ],
    });
    expect(await client.api.identity.userDetail()).toMatchObject({
      idCardVerified: true,
      faceDecision: "match",
    });
    expect((await lastAttempt(client.userId, "confirm"))?.details).toMatchObject({
      decision: "match",
      score: 0.93,
      thresholds: { match: 0.9, review: 0.7 },
      live: { faces: 1, real: 0.97, live: 0.88 },
    });
  });

  it("sends a score between the vendor's thresholds to a lender's review", async () => {
    const client = await borrower("01020000102");
    const { photos, addresses } = await uploaded(client, 102);
    await checkFace(client, addresses);
    service.answerWith((request) => ({
      body: answerOf(request, { similarities: { idCardFront: 0.95, holdingPhoto: 0.8 } }),
    }));
    await client.api.identity.ocrConfirm(personalDetailsOf(photos, addresses));
    expect(await identityOf(client.userId)).toMatchObject({
      faceDecision: "review",
      faceScore: 0.8,
    });
  });

  it("answers the generic server error when the service fails, recording the attempt, storing nothing", async () => {
    const client = await borrower("01020000103");
    const { photos, addresses } = await uploaded(client, 103);

    // The first face check itself.
    service.answerWith(() => ({ status: 503 }));
    const first = await refusal(
      client.api.identity.faceCompare(await faceCheckInput(client, addresses.live)),
    );
    expect(first.status).toBe(500);
    expect(first.serverMessage).toBe(messageFor("server.error", "ko-KR"));
    // The frames passed the liveness check (recorded too); the comparison failed.
    expect((await lastAttempt(client.userId, "face"))?.details).toMatchObject({
      uploadId: uploadIdOfAddress(addresses.live),
      comparedWithIdCard: false,
      failed: "refused",
      liveness: { passed: true },
    });
    expect(await client.api.identity.userDetail()).toMatchObject({ faceVerified: false });

    // The comparison with the card: an answer off the contract.
    ts.clock.advance(stepGapMs);
    await checkFace(client, addresses);
    service.answerWith(() => ({ body: { live: { faces: 1 }, comparisons: "none" } }));
    const confirm = await refusal(
      client.api.identity.ocrConfirm(personalDetailsOf(photos, addresses)),
    );
    expect(confirm.status).toBe(500);
    expect(confirm.serverMessage).toBe(messageFor("server.error", "ko-KR"));
    const attempt = await lastAttempt(client.userId, "confirm");
    expect(attempt?.passed).toBe(false);
    expect(attempt?.details).toEqual({
      faceUploadId: uploadIdOfAddress(addresses.live),
      failed: "malformed",
    });
    expect(await client.api.identity.userDetail()).toMatchObject({
      idCardVerified: false,
      idNumberMasked: null,
    });
    expect(await identityOf(client.userId)).toMatchObject({
      frontUploadId: null,
      idNumberSealed: null,
      faceDecision: null,
    });

    // The log names what failed and where, never the key or an image.
    const logged = log.join("");
    expect(logged).toContain(`face verifier ${new URL(service.url).host} answered HTTP 503`);
    expect(logged).toContain("answered off the contract");
    expect(logged).not.toContain(service.apiKey);
    expect(logged).not.toContain((await storedImage(addresses.live)).slice(0, 64));
  });
});
