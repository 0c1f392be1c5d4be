import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  holdingIdCard,
  idCard,
  type LoadedFace,
  loadFaceFixtures,
  twoFaces,
} from "./fixtures/face-fixtures";
import {
  distribution,
  errorRates,
  measureFixtures,
  outcomeLine,
  outcomeShares,
} from "./fixtures/measure-fixtures";
import { cosineSimilarity, createHumanFaceAnalyzer } from "./human-face-analyzer";
import { createHumanFaceVerifier, DEFAULT_FACE_THRESHOLDS } from "./human-face-verifier";

const matchThreshold = DEFAULT_FACE_THRESHOLDS.match;

// One engine for the file: its models load once, on the first analysis.
const analyzer = createHumanFaceAnalyzer();
const verifier = createHumanFaceVerifier({ analyzer });

let faces: LoadedFace[] = [];

beforeAll(async () => {
  faces = await loadFaceFixtures();
});

function face(name: string): Buffer {
  const found = faces.find((fixture) => fixture.name === name);
  if (!found) throw new Error(`no face fixture ${name}`);
  return found.image;
}

describe("Human face verifier on the fixtures", () => {
  it("matches no different people and sends no same person to 'no match' at the default thresholds", async () => {
    const started = performance.now();
    // Every face once (the pairs), and every 36th with each transform (4 faces, 40 copies): the
    // transforms of every 12th took 257 s of a CI run on 2 cores. The benchmark
    // (bench/face-accuracy.ts) copies every face.
    const measurements = await measureFixtures(analyzer, { transformEvery: 36 });
    const rates = errorRates(measurements, matchThreshold);
    const samePerson = outcomeShares(
      measurements.acrossPhotos.map((pair) => pair.similarity),
      DEFAULT_FACE_THRESHOLDS,
    );
    const different = outcomeShares(
      measurements.different.map((pair) => pair.similarity),
      DEFAULT_FACE_THRESHOLDS,
    );
    const show = (values: number[]) => {
      const { count, min, p5, median, max } = distribution(values);
      const [a, b, c, d] = [min, p5, median, max].map((value) => value.toFixed(3));
      return `n=${count} min=${a} p5=${b} median=${c} max=${d}`;
    };
    console.info(
      [
        `face fixtures: ${measurements.faces}, no face found in: ${measurements.facesNotFound.join(", ") || "none"}`,
        `different people: ${show(measurements.different.map((pair) => pair.similarity))}`,
        `same photo transformed: ${show(measurements.transformed.flatMap((pair) => (pair.similarity === null ? [] : [pair.similarity])))}, no face found: ${measurements.transformed.filter((pair) => pair.similarity === null).length}`,
        `same person, different photos: ${show(measurements.acrossPhotos.map((pair) => pair.similarity))}`,
        `one photo, two renderings: ${show(measurements.samePhoto.map((pair) => pair.similarity))}`,
        outcomeLine("same person, different photos", samePerson),
        outcomeLine("different people", different),
        `at ${matchThreshold}: FAR ${rates.falseAccepts}/${rates.differentPairs}, FRR (transformed) ${rates.falseRejects}/${rates.transformedPairs}, FRR (different photos) ${rates.acrossPhotosRejects}/${rates.acrossPhotosPairs}`,
        `${measurements.analysisMs.length} analyses in ${((performance.now() - started) / 1000).toFixed(1)} s, median ${distribution(measurements.analysisMs).median.toFixed(0)} ms`,
      ].join("\n"),
    );
    expect(measurements.facesNotFound).toEqual([]);
    expect(rates.differentPairs).toBeGreaterThan(5000);
    expect(rates.falseAccepts).toBe(0);
    expect(different.match).toBe(0);
    // docs/identity.md, "Three outcomes": at most 2 % of same-person pairs may be refused.
    expect(samePerson.noMatch).toBeLessThanOrEqual(0.02);
    // Measured: 3.9% of all 1,120 copies (benchmark), 1 of these 40; the bounds leave room for
    // a newer sharp or Human moving a few borderline pairs.
    expect(rates.frr).toBeLessThanOrEqual(0.08);
    // Two photos of one person: 64 of 104 fall below the match threshold and go to review
    // (docs/identity.md); a guard against the engine getting worse.
    expect(rates.acrossPhotosFrr).toBeLessThanOrEqual(0.7);
    // Strangers sent to review cost a lender a look each: measured 11.1 % (benchmark).
    expect(different.review).toBeLessThanOrEqual(0.15);
  });

  it("matches a live face with its ID card and the photo holding it", async () => {
    const live = face("detect2");
    const card = await idCard(live);
    const result = await verifier.verify(live, [
      { name: "idCardFront", image: card },
      { name: "holdingIdCard", image: await holdingIdCard(live, card) },
    ]);
    expect(result).toMatchObject({
      decision: "match",
      thresholds: DEFAULT_FACE_THRESHOLDS,
      problem: null,
      live: { faces: 1 },
    });
    expect(result.comparisons.map(({ reference, faces }) => ({ reference, faces }))).toEqual([
      { reference: "idCardFront", faces: 1 },
      { reference: "holdingIdCard", faces: 2 },
    ]);
    expect(result.score).toBe(
      Math.min(...result.comparisons.map((comparison) => comparison.similarity ?? 0)),
    );
    expect(result.live.real).toBeGreaterThanOrEqual(0);
    expect(result.live.live).toBeGreaterThanOrEqual(0);
  });

  it("does not match someone else's card, even when the holding photo shows the borrower", async () => {
    const borrower = face("detect3");
    const otherCard = await idCard(face("grid-r6c06"));
    const result = await verifier.verify(borrower, [
      { name: "idCardFront", image: otherCard },
      { name: "holdingIdCard", image: await holdingIdCard(borrower, otherCard) },
    ]);
    expect(result.decision).not.toBe("match");
    expect(result.problem).toBeNull();
    const [front, holding] = result.comparisons;
    expect(front?.similarity).toBeLessThan(matchThreshold);
    // The holding photo is scored by its best-matching face: the borrower's own.
    expect(holding?.similarity).toBeGreaterThanOrEqual(matchThreshold);
    expect(result.score).toBe(front?.similarity);
  });

  it("names a live capture without a face, or with two", async () => {
    const card = await idCard(face("detect4"));
    const references = [{ name: "idCardFront", image: card }];
    const noFace = await verifier.verify(await idCard(null), references);
    expect(noFace).toMatchObject({
      decision: "noMatch",
      score: 0,
      problem: "noLiveFace",
      live: { faces: 0, real: null, live: null },
      comparisons: [{ reference: "idCardFront", similarity: null, faces: 1 }],
    });
    const two = await verifier.verify(await twoFaces(face("detect4"), face("detect5")), references);
    expect(two).toMatchObject({
      decision: "noMatch",
      score: 0,
      problem: "severalLiveFaces",
      live: { faces: 2, real: null, live: null },
    });
  });

  it("names a reference without a face", async () => {
    const live = face("faceid");
    const result = await verifier.verify(live, [
      { name: "idCardFront", image: await idCard(null) },
      { name: "holdingIdCard", image: await holdingIdCard(live, await idCard(live)) },
    ]);
    expect(result).toMatchObject({ decision: "noMatch", score: 0, problem: "noReferenceFace" });
    expect(result.comparisons[0]).toEqual({ reference: "idCardFront", similarity: null, faces: 0 });
    expect(result.comparisons[1]?.similarity).toBeGreaterThanOrEqual(matchThreshold);
  });

  it("gives concurrent first calls the answers it gives one at a time", async () => {
    const live = face("grid-r4c05");
    const references = [{ name: "idCardFront", image: await idCard(live) }];
    const one = await verifier.verify(live, references);
    // A new verifier: both calls wait for one load, and for each other.
    const fresh = createHumanFaceVerifier();
    const [first, second, third] = await Promise.all([
      fresh.verify(live, references),
      fresh.verify(live, references),
      verifier.verify(live, references),
    ]);
    expect(first).toEqual(one);
    expect(second).toEqual(one);
    expect(third).toEqual(one);
  });

  it("answers the same for the same image, whatever it analysed in between", async () => {
    // The test servers remember its answers on this ground (src/testing/remembered-engines.ts).
    // Human can reuse the previous frame's boxes for a similar next one (its frame cache, off
    // here): a near copy just before the second analysis is where a reuse would show.
    const image = face("grid-r4c05");
    const first = await analyzer.analyze(image);
    const nearCopy = await sharp(image)
      .extend({ left: 1, background: "#808080" })
      .jpeg({ quality: 80 })
      .toBuffer();
    await analyzer.analyze(face("grid-r1c14"));
    await analyzer.analyze(await idCard(image));
    const nearly = await analyzer.analyze(nearCopy);
    expect(first.length).toBe(1);
    expect(nearly.length).toBe(1);
    // The near copy is a different image: its answer is its own, not the one before.
    expect(nearly[0]?.embedding).not.toEqual(first[0]?.embedding);
    expect(await analyzer.analyze(image)).toEqual(first);
  });

  it("scores embeddings by their angle, not their length", () => {
    expect(cosineSimilarity([3, 4], [6, 8])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 2])).toBe(0);
    expect(cosineSimilarity([1, 0], [-1, 0])).toBe(0);
    expect(cosineSimilarity([1, 1], [1, 0])).toBeCloseTo(Math.SQRT1_2);
    expect(cosineSimilarity([0, 0], [1, 0])).toBe(0);
  });

  it("refuses thresholds outside 0..1 or out of order, no references, and an image it cannot read", async () => {
    expect(() =>
      createHumanFaceVerifier({ thresholds: { match: 1.5, review: 0.5 }, analyzer }),
    ).toThrow(RangeError);
    expect(() =>
      createHumanFaceVerifier({ thresholds: { match: 0.6, review: 0.7 }, analyzer }),
    ).toThrow(RangeError);
    await expect(verifier.verify(face("faceid"), [])).rejects.toThrow(RangeError);
    await expect(
      verifier.verify(new TextEncoder().encode("not an image"), [
        { name: "idCardFront", image: face("faceid") },
      ]),
    ).rejects.toThrow();
  });
});
