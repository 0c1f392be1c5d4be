import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityAttempts } from "../db/schema";
import { messageFor } from "../messages/message-for";
import {
  actionFrames,
  faceCheckInput,
  faceFixture,
  testFaces,
  turnChallenge,
  uploadFrames,
} from "../testing/identity-kit";
import { refusal } from "../testing/refusal";
import { startTestServer, type TestClient, type TestServer } from "../testing/test-server";
import { shakenFrames, stillFrames } from "./face/fixtures/liveness-fixtures";
import { LIVENESS_CHALLENGE_LIFETIME_MS } from "./liveness-challenges";

const stepGapMs = 60_000;

// Liveness through the SDK and the real engine (docs/identity.md, "Liveness"). The head turns are
// synthetic (liveness-fixtures.ts): they show the checks read a turn, not that a real one passes.
describe("liveness: a still photo held to the camera never passes", () => {
  let ts: TestServer;

  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(async () => {
    await ts?.close();
  });

  async function liveCapture(client: TestClient, face: string = testFaces[0]) {
    const [url] = await uploadFrames(client, [faceFixture(face)]);
    return url ?? "";
  }

  async function lastFaceAttempt(client: TestClient) {
    const me = await client.api.user.current();
    const [attempt] = await ts.server.context.db
      .select()
      .from(identityAttempts)
      .where(and(eq(identityAttempts.userId, me.userId), eq(identityAttempts.kind, "face")))
      .orderBy(desc(identityAttempts.id))
      .limit(1);
    return attempt?.details as { liveness?: Record<string, unknown> } | undefined;
  }

  const followInstruction = messageFor("identity.liveness.followInstruction", "ko-KR");

  it("issues random, short-lived challenges", async () => {
    const client = await ts.loggedInClient("01020001001");
    const challenges = [];
    for (let i = 0; i < 12; i++) challenges.push(await client.api.identity.livenessChallenge());
    expect(new Set(challenges.map((challenge) => challenge.challengeId)).size).toBe(12);
    for (const challenge of challenges) {
      expect(["turnLeft", "turnRight", "blink"]).toContain(challenge.action);
      expect(new Date(challenge.expiresAt).getTime()).toBe(
        ts.clock.now().getTime() + LIVENESS_CHALLENGE_LIFETIME_MS,
      );
    }
    // Twelve draws of three actions: all alike would happen about once in 60,000 runs.
    expect(new Set(challenges.map((challenge) => challenge.action)).size).toBeGreaterThan(1);
  });

  it("passes frames that perform the asked turn, and records what it measured", async () => {
    const client = await ts.loggedInClient("01020001002");
    const input = await faceCheckInput(client, await liveCapture(client));
    expect(await client.api.identity.faceCompare(input)).toEqual({
      decision: "match",
      comparedWithIdCard: false,
      score: null,
    });
    const recorded = await lastFaceAttempt(client);
    expect(recorded?.liveness).toMatchObject({ passed: true, problem: null, frames: 6 });
    expect(recorded?.liveness?.noseShift).toBeGreaterThanOrEqual(0.1);
  });

  it("refuses a still picture: one frame repeated, re-encoded, or shaken in the hand", async () => {
    const client = await ts.loggedInClient("01020001003");
    const live = await liveCapture(client);
    const still = faceFixture(testFaces[0]);
    const attempts: Uint8Array[][] = [
      Array.from({ length: 6 }, () => still),
      await stillFrames(still),
      await shakenFrames(still),
    ];
    for (const frames of attempts) {
      ts.clock.advance(stepGapMs);
      const challenge = await turnChallenge(client);
      const error = await refusal(
        client.api.identity.faceCompare({
          facePhotoUrl: live,
          challengeId: challenge.challengeId,
          frameUrls: await uploadFrames(client, frames),
        }),
      );
      expect(error.status).toBe(400);
      expect(error.serverMessage).toBe(followInstruction);
    }
    expect((await client.api.identity.userDetail()).faceVerified).toBe(false);
  });

  it("refuses frames that do not perform the asked action (the other turn)", async () => {
    const client = await ts.loggedInClient("01020001004");
    const challenge = await turnChallenge(client);
    const other = challenge.action === "turnLeft" ? "turnRight" : "turnLeft";
    const frames = await actionFrames(testFaces[0], other);
    const error = await refusal(
      client.api.identity.faceCompare({
        facePhotoUrl: await liveCapture(client),
        challengeId: challenge.challengeId,
        frameUrls: await uploadFrames(client, frames ?? []),
      }),
    );
    expect(error.serverMessage).toBe(followInstruction);
  });

  it("refuses frames of two people, and frames of someone else than the capture", async () => {
    const client = await ts.loggedInClient("01020001005");
    const live = await liveCapture(client);
    const challenge = await turnChallenge(client);
    // detect3's synthetic turn towards the image's left keeps its face in every frame; the
    // same-face check comes before the action's, so the direction does not matter here.
    const first = await actionFrames(testFaces[0], challenge.action);
    const second = await actionFrames(testFaces[2], "turnRight");
    const mixed = [...(first ?? []).slice(0, 3), ...(second ?? []).slice(3)];
    const changed = await refusal(
      client.api.identity.faceCompare({
        facePhotoUrl: live,
        challengeId: challenge.challengeId,
        frameUrls: await uploadFrames(client, mixed),
      }),
    );
    expect(changed.status).toBe(400);
    expect(changed.serverMessage).toBe(messageFor("identity.liveness.faceChanged", "ko-KR"));

    // Someone else performs the action in front of the camera, the capture shows the borrower.
    ts.clock.advance(stepGapMs);
    const again = await turnChallenge(client);
    const stranger = await refusal(
      client.api.identity.faceCompare({
        facePhotoUrl: live,
        challengeId: again.challengeId,
        frameUrls: await uploadFrames(
          client,
          (await actionFrames(testFaces[2], "turnRight")) ?? [],
        ),
      }),
    );
    expect(stranger.serverMessage).toBe(messageFor("identity.liveness.faceChanged", "ko-KR"));
  });

  it("refuses a used, expired, unknown or someone else's challenge", async () => {
    const client = await ts.loggedInClient("01020001006");
    const live = await liveCapture(client);
    const input = await faceCheckInput(client, live);
    await client.api.identity.faceCompare(input);

    const expired = messageFor("identity.liveness.challengeExpired", "ko-KR");
    ts.clock.advance(stepGapMs);
    const reused = await refusal(client.api.identity.faceCompare(input));
    expect(reused.status).toBe(409);
    expect(reused.serverMessage).toBe(expired);

    const late = await faceCheckInput(client, live);
    ts.clock.advance(LIVENESS_CHALLENGE_LIFETIME_MS + 1);
    const tooLate = await refusal(client.api.identity.faceCompare(late));
    expect(tooLate.status).toBe(409);
    expect(tooLate.serverMessage).toBe(expired);

    const unknown = await refusal(
      client.api.identity.faceCompare({ ...input, challengeId: "no-such-challenge" }),
    );
    expect(unknown.serverMessage).toBe(expired);

    const other = await ts.loggedInClient("01020001007");
    const theirs = await turnChallenge(other);
    const stolen = await refusal(
      client.api.identity.faceCompare({ ...input, challengeId: theirs.challengeId }),
    );
    expect(stolen.serverMessage).toBe(expired);
  });
});
