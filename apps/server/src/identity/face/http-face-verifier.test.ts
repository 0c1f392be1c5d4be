import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answerOf, startTestFaceService, type TestFaceService } from "../../testing/face-service";
import { type FaceReference, type FaceVerifier, FaceVerifierError } from "./face-verifier";
import { createHttpFaceVerifier } from "./http-face-verifier";

// A vendor's scale, not the local engine's (docs/identity.md, "A vendor's service").
const thresholds = { match: 0.9, review: 0.7 };
const live = new Uint8Array([0xff, 0xd8, 1, 2, 3, 250]);
const front = new Uint8Array([0x89, 0x50, 4, 5, 6]);
const holding = new Uint8Array([0xff, 0xd8, 7, 8, 9]);
const references: FaceReference[] = [
  { name: "idCardFront", image: front },
  { name: "holdingPhoto", image: holding, match: "largest", minFaces: 2 },
];
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

describe("HTTP face verifier against a stand-in service", () => {
  let service: TestFaceService;
  let faces: FaceVerifier;

  beforeAll(async () => {
    service = await startTestFaceService();
    faces = createHttpFaceVerifier({
      url: service.url,
      apiKey: service.apiKey,
      timeoutMs: 2_000,
      thresholds,
    });
  });
  afterAll(async () => {
    await service?.close();
  });
  beforeEach(() => {
    service.requests.splice(0);
    service.answerWith((request) => ({ body: answerOf(request, {}) }));
  });

  /** What `faces` decides when the service answers with `options`. */
  function answering(options: Parameters<typeof answerOf>[1]) {
    service.answerWith((request) => ({ body: answerOf(request, options) }));
    return faces.verify(live, references);
  }

  /** The FaceVerifierError `call` rejects with. */
  async function failure(call: Promise<unknown>): Promise<FaceVerifierError> {
    const error = await call.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof FaceVerifierError)) throw new Error(`expected a FaceVerifierError`);
    // Never a key or an image in what gets logged.
    expect(error.message).not.toContain(service.apiKey);
    expect(error.message).not.toContain(base64(live));
    expect(error.message).toContain(new URL(service.url).host);
    return error;
  }

  it("sends the images with the bearer key, and matches at or above the match threshold", async () => {
    const verification = await answering({
      similarities: { idCardFront: 0.93, holdingPhoto: 0.9 },
    });
    expect(verification).toEqual({
      decision: "match",
      score: 0.9,
      thresholds,
      comparisons: [
        { reference: "idCardFront", similarity: 0.93, faces: 1 },
        { reference: "holdingPhoto", similarity: 0.9, faces: 2 },
      ],
      live: { faces: 1, real: 0.97, live: 0.88 },
      problem: null,
    });
    const [request] = service.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${service.apiKey}`);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual({
      live: base64(live),
      references: [
        { name: "idCardFront", image: base64(front), match: "best", minFaces: 1 },
        { name: "holdingPhoto", image: base64(holding), match: "largest", minFaces: 2 },
      ],
    });
  });

  it("sends the lowest similarity to review between the thresholds, and refuses below", async () => {
    const review = await answering({ similarities: { idCardFront: 0.95, holdingPhoto: 0.7 } });
    expect(review).toMatchObject({ decision: "review", score: 0.7, problem: null });
    const below = await answering({ similarities: { idCardFront: 0.95, holdingPhoto: 0.69 } });
    expect(below).toMatchObject({ decision: "noMatch", score: 0.69, problem: null });
  });

  it("names the problems as the local engine does: no live face, several, no reference face", async () => {
    const none = await answering({ liveFaces: 0 });
    expect(none).toMatchObject({ decision: "noMatch", score: 0, problem: "noLiveFace" });
    expect(none.live).toEqual({ faces: 0, real: null, live: null });

    // A service that still compared one of two live faces decides nothing by it.
    const several = await answering({ liveFaces: 2 });
    expect(several).toMatchObject({ decision: "noMatch", problem: "severalLiveFaces" });
    expect(several.comparisons.map((comparison) => comparison.similarity)).toEqual([null, null]);

    const blank = await answering({ similarities: { idCardFront: null } });
    expect(blank).toMatchObject({ decision: "noMatch", score: 0, problem: "noReferenceFace" });
    expect(blank.comparisons[0]).toEqual({ reference: "idCardFront", similarity: null, faces: 1 });

    // The holding photo must show the person and the card's portrait, whatever the service says.
    const oneFace = await answering({ faces: { holdingPhoto: 1 } });
    expect(oneFace).toMatchObject({ decision: "noMatch", problem: "noReferenceFace" });
    expect(oneFace.comparisons[1]).toEqual({
      reference: "holdingPhoto",
      similarity: null,
      faces: 1,
    });
  });

  it("throws on a service that does not answer in time", async () => {
    const slow = createHttpFaceVerifier({
      url: service.url,
      apiKey: service.apiKey,
      timeoutMs: 200,
      thresholds,
    });
    service.answerWith((request) => ({ body: answerOf(request, {}), delayMs: 3_000 }));
    const startedAt = performance.now();
    const error = await failure(slow.verify(live, references));
    expect(error.kind).toBe("timeout");
    expect(error.message).toContain("200 ms");
    expect(performance.now() - startedAt).toBeLessThan(2_000);
  });

  it("throws on a non-2xx answer, a wrong key, or no service at all", async () => {
    service.answerWith(() => ({ status: 500, text: `{"error":"boom","echo":"${base64(live)}"}` }));
    const error = await failure(faces.verify(live, references));
    expect(error).toMatchObject({ kind: "refused", message: expect.stringContaining("HTTP 500") });

    const wrongKey = createHttpFaceVerifier({
      url: service.url,
      apiKey: "not-the-key",
      timeoutMs: 2_000,
      thresholds,
    });
    const refused = await wrongKey.verify(live, references).catch((thrown: unknown) => thrown);
    expect(refused).toMatchObject({ kind: "refused", message: expect.stringContaining("401") });
    expect((refused as Error).message).not.toContain("not-the-key");

    const closed = await startTestFaceService();
    await closed.close();
    const nowhere = createHttpFaceVerifier({
      url: closed.url,
      apiKey: service.apiKey,
      timeoutMs: 2_000,
      thresholds,
    });
    const unreachable = await nowhere.verify(live, references).catch((thrown: unknown) => thrown);
    expect(unreachable).toMatchObject({ kind: "unreachable" });
  });

  it("throws on an answer off the contract, without repeating what it said", async () => {
    const offContract: ((request: Parameters<typeof answerOf>[0]) => unknown)[] = [
      // A similarity off the 0..1 scale (a vendor's percentage, say).
      (request) => answerOf(request, { similarities: { idCardFront: 93.5 } }),
      // A comparison missing, one twice, one never asked for.
      (request) => ({
        ...answerOf(request, {}),
        comparisons: [answerOf(request, {}).comparisons[0]],
      }),
      (request) => {
        const answer = answerOf(request, {});
        return { ...answer, comparisons: [answer.comparisons[0], answer.comparisons[0]] };
      },
      (request) => {
        const answer = answerOf(request, {});
        return {
          ...answer,
          comparisons: [...answer.comparisons, { reference: "x", similarity: 1, faces: 1 }],
        };
      },
      (request) => ({ ...answerOf(request, {}), live: { faces: "one-secret-value" } }),
    ];
    for (const body of offContract) {
      service.answerWith((request) => ({ body: body(request) }));
      const error = await failure(faces.verify(live, references));
      expect(error.kind).toBe("malformed");
      expect(error.message).not.toContain("93.5");
      expect(error.message).not.toContain("one-secret-value");
    }
    service.answerWith(() => ({ text: "<html>gateway</html>" }));
    expect((await failure(faces.verify(live, references))).kind).toBe("malformed");
  });

  it("refuses thresholds out of order, and a call without references", async () => {
    expect(() =>
      createHttpFaceVerifier({
        url: service.url,
        apiKey: "k",
        timeoutMs: 1_000,
        thresholds: { match: 0.6, review: 0.8 },
      }),
    ).toThrow(RangeError);
    await expect(faces.verify(live, [])).rejects.toThrow(RangeError);
    expect(service.requests).toHaveLength(0);
  });
});
