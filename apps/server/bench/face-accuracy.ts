// The face matching benchmark: how the local engine (Human on TensorFlow.js WebAssembly) scores
// the face fixtures (src/identity/face/fixtures/README.md), the false accept and false reject
// rates at several thresholds, and how long it takes.
//
//   pnpm --filter @chayong/server bench:face
//
// It runs the server's TypeScript sources with Node's type stripping (bench/ts-resolve.ts); the
// tables go to stdout (Markdown), progress to stderr. Settings (environment):
//   BENCH_TRANSFORM_EVERY=1   copy every n-th face with each transform (1: all, about 1,100
//                             analyses, 3 minutes on 2 cores; the engine test uses 12)
//   BENCH_VERIFY_RUNS=20      timed verify calls (live face vs ID card and holding photo)

import {
  holdingIdCard,
  idCard,
  loadFaceFixtures,
  transformKinds,
} from "../src/identity/face/fixtures/face-fixtures";
import {
  type Distribution,
  distribution,
  errorRates,
  measureFixtures,
  outcomeLine,
  outcomeShares,
} from "../src/identity/face/fixtures/measure-fixtures";
import { createHumanFaceAnalyzer } from "../src/identity/face/human-face-analyzer";
import {
  createHumanFaceVerifier,
  DEFAULT_FACE_THRESHOLDS,
} from "../src/identity/face/human-face-verifier";

const matchThreshold = DEFAULT_FACE_THRESHOLDS.match;

const transformEvery = Number(process.env.BENCH_TRANSFORM_EVERY ?? 1);
const verifyRuns = Number(process.env.BENCH_VERIFY_RUNS ?? 20);
const progress = (text: string) => process.stderr.write(`${text}\n`);
const out: string[] = [];
const fixed = (value: number, digits = 2) => (Number.isNaN(value) ? "–" : value.toFixed(digits));
const percent = (value: number) => `${(value * 100).toFixed(2)}%`;
const distributionRow = (name: string, d: Distribution) =>
  `| ${name} | ${d.count} | ${fixed(d.min, 3)} | ${fixed(d.p5, 3)} | ${fixed(d.median, 3)} | ${fixed(d.p95, 3)} | ${fixed(d.max, 3)} |`;

const analyzer = createHumanFaceAnalyzer();
let started = performance.now();
await analyzer.load();
const loadMs = performance.now() - started;
progress(`models loaded in ${loadMs.toFixed(0)} ms`);

const fixtures = await loadFaceFixtures();
started = performance.now();
await analyzer.analyze(fixtures[0]?.image ?? new Uint8Array());
const firstAnalysisMs = performance.now() - started;

progress(`measuring ${fixtures.length} faces, transforms of every ${transformEvery}`);
started = performance.now();
const measurements = await measureFixtures(analyzer, { transformEvery });
progress(`measured in ${((performance.now() - started) / 1000).toFixed(0)} s`);

out.push("## Face matching benchmark\n");
// The three outcomes at the default thresholds (docs/identity.md, "Three outcomes").
out.push(
  `Thresholds: match at ${DEFAULT_FACE_THRESHOLDS.match}, review at ${DEFAULT_FACE_THRESHOLDS.review}.\n`,
);
out.push(
  outcomeLine(
    "same person, different photos",
    outcomeShares(
      measurements.acrossPhotos.map((pair) => pair.similarity),
      DEFAULT_FACE_THRESHOLDS,
    ),
  ),
);
out.push(
  `${outcomeLine(
    "different people",
    outcomeShares(
      measurements.different.map((pair) => pair.similarity),
      DEFAULT_FACE_THRESHOLDS,
    ),
  )}\n`,
);
// The pairs nearest the thresholds: where a change of engine or threshold would show first.
const nearestStrangers = measurements.different.reduce((a, b) =>
  b.similarity > a.similarity ? b : a,
);
const farthestSamePerson = measurements.acrossPhotos.reduce((a, b) =>
  b.similarity < a.similarity ? b : a,
);
out.push(
  `Nearest different people: ${nearestStrangers.a} and ${nearestStrangers.b}, ${nearestStrangers.similarity.toFixed(3)}; farthest same person: ${farthestSamePerson.a} and ${farthestSamePerson.b}, ${farthestSamePerson.similarity.toFixed(3)}.\n`,
);
out.push(`Node ${process.version}, ${new Date().toISOString()}, Human 3.3.6 on tfjs WebAssembly\n`);
out.push(
  `${measurements.faces} face fixtures; no face found in: ${measurements.facesNotFound.join(", ") || "none"}.\n`,
);
out.push("### Similarity distributions\n");
out.push("| Pairs | n | min | p5 | median | p95 | max |");
out.push("| --- | --: | --: | --: | --: | --: | --: |");
const transformedFound = measurements.transformed.flatMap((pair) =>
  pair.similarity === null ? [] : [pair.similarity],
);
out.push(
  distributionRow(
    "different people",
    distribution(measurements.different.map((pair) => pair.similarity)),
  ),
);
out.push(distributionRow("same photo, transformed (face found)", distribution(transformedFound)));
out.push(
  distributionRow(
    "same person, different photos",
    distribution(measurements.acrossPhotos.map((pair) => pair.similarity)),
  ),
);
out.push(
  distributionRow(
    "one photo, two renderings in the screenshots",
    distribution(measurements.samePhoto.map((pair) => pair.similarity)),
  ),
);
for (const kind of transformKinds) {
  const pairs = measurements.transformed.filter((pair) => pair.kind === kind);
  const found = pairs.flatMap((pair) => (pair.similarity === null ? [] : [pair.similarity]));
  const missing = pairs.length - found.length;
  out.push(
    distributionRow(
      `transformed: ${kind}${missing > 0 ? ` (${missing} without a face)` : ""}`,
      distribution(found),
    ),
  );
}

out.push("\n### Hardest different-people pairs\n");
for (const pair of [...measurements.different]
  .sort((a, b) => b.similarity - a.similarity)
  .slice(0, 8)) {
  out.push(`- ${pair.a} / ${pair.b}: ${fixed(pair.similarity, 3)}`);
}

out.push("\n### Same person, different photos, at or above the match threshold\n");
for (const pair of measurements.acrossPhotos.filter((pair) => pair.similarity >= matchThreshold)) {
  out.push(`- ${pair.a} / ${pair.b}: ${fixed(pair.similarity, 3)}`);
}
out.push(
  `\nOne photo, two renderings: ${measurements.samePhoto.map((pair) => `${pair.a} / ${pair.b}: ${fixed(pair.similarity, 3)}`).join("; ")}`,
);

out.push("\n### Error rates\n");
out.push(
  "| Threshold | FAR (different people) | FRR (transformed) | FRR (same person, different photos) |",
);
out.push("| --: | --: | --: | --: |");
const thresholds = [
  0.5,
  0.55,
  0.6,
  0.65,
  0.7,
  0.72,
  0.75,
  0.8,
  0.85,
  0.9,
  DEFAULT_FACE_THRESHOLDS.review,
  matchThreshold,
];
for (const threshold of [...new Set(thresholds)].sort((a, b) => a - b)) {
  const rates = errorRates(measurements, threshold);
  const mark =
    threshold === matchThreshold
      ? " (match)"
      : threshold === DEFAULT_FACE_THRESHOLDS.review
        ? " (review)"
        : "";
  out.push(
    `| ${fixed(threshold)}${mark} | ${percent(rates.far)} (${rates.falseAccepts}/${rates.differentPairs}) | ${percent(rates.frr)} (${rates.falseRejects}/${rates.transformedPairs}) | ${percent(rates.acrossPhotosFrr)} (${rates.acrossPhotosRejects}/${rates.acrossPhotosPairs}) |`,
  );
}

const verifier = createHumanFaceVerifier({ analyzer });
const verifyMs: number[] = [];
for (let run = 0; run < verifyRuns; run++) {
  const face = fixtures[(run * 7) % fixtures.length];
  if (!face) break;
  const card = await idCard(face.image);
  const holding = await holdingIdCard(face.image, card);
  started = performance.now();
  await verifier.verify(face.image, [
    { name: "idCardFront", image: card },
    { name: "holdingIdCard", image: holding },
  ]);
  verifyMs.push(performance.now() - started);
}

out.push("\n### Time\n");
const analysis = distribution(measurements.analysisMs);
const verify = distribution(verifyMs);
out.push(
  `- model load: ${loadMs.toFixed(0)} ms; first analysis after it: ${firstAnalysisMs.toFixed(0)} ms`,
);
out.push(
  `- one image analysed (decode, detect, describe): median ${analysis.median.toFixed(0)} ms, p95 ${analysis.p95.toFixed(0)} ms, max ${analysis.max.toFixed(0)} ms (n = ${analysis.count})`,
);
out.push(
  `- verify (live face, ID card front, holding photo): median ${verify.median.toFixed(0)} ms, p95 ${verify.p95.toFixed(0)} ms, max ${verify.max.toFixed(0)} ms (n = ${verify.count})`,
);
console.info(out.join("\n"));
