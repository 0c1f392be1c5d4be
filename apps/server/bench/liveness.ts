// The liveness benchmark (docs/identity.md, "Liveness"): how Human's passive anti-spoof (`real`)
// and liveness (`live`) scores and the active challenge's checks treat the face fixtures and a
// replay set made from them (src/identity/face/fixtures/liveness-fixtures.ts).
//
//   pnpm --filter @chayong/server bench:liveness
//
// Settings (environment):
//   BENCH_ACTIVE_EVERY=4   take every n-th fixture for the active checks (6 frames per sequence,
//                          four sequences per face; 1: all 112 faces, about 15 minutes)

import { loadFaceFixtures } from "../src/identity/face/fixtures/face-fixtures";
import {
  flatTurnFrames,
  headTurnFrames,
  printReplay,
  screenReplay,
  shakenFrames,
  stillFrames,
} from "../src/identity/face/fixtures/liveness-fixtures";
import { createHumanFaceAnalyzer } from "../src/identity/face/human-face-analyzer";
import {
  ACTIVE_LIVENESS_THRESHOLDS,
  analyzeFrames,
  judgeLiveness,
  type LivenessAction,
  PASSIVE_LIVENESS_THRESHOLDS,
} from "../src/identity/face/liveness";

const activeEvery = Number(process.env.BENCH_ACTIVE_EVERY ?? 4);
const progress = (text: string) => process.stderr.write(`${text}\n`);
const print = (text: string) => process.stdout.write(`${text}\n`);
const percent = (part: number, whole: number) =>
  whole === 0 ? "–" : `${((part / whole) * 100).toFixed(1)} %`;

const analyzer = createHumanFaceAnalyzer();
await analyzer.load();
const fixtures = await loadFaceFixtures();

// Passive: one image per face and kind.
interface Scores {
  real: number;
  live: number;
}
const kinds = {
  genuine: async (image: Uint8Array) => image,
  "print replays": (image: Uint8Array, seed: number) => printReplay(image, seed),
  "screen replays": (image: Uint8Array, seed: number) => screenReplay(image, seed),
} as const;
const scores: Record<string, { found: Scores[]; notFound: number }> = {};
for (const [kind, make] of Object.entries(kinds)) {
  progress(`passive: ${kind}`);
  const found: Scores[] = [];
  let notFound = 0;
  for (const [index, fixture] of fixtures.entries()) {
    const faces = await analyzer.analyze(await make(fixture.image, index + 1));
    const face = faces[0];
    if (faces.length !== 1 || face?.real == null || face.live == null) notFound++;
    else found.push({ real: face.real, live: face.live });
  }
  scores[kind] = { found, notFound };
}

const passes = (s: Scores, real: number, live: number) => s.real >= real && s.live >= live;
const quantiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `min ${at(0).toFixed(2)}, p5 ${at(0.05).toFixed(2)}, median ${at(0.5).toFixed(2)}, max ${(sorted.at(-1) ?? 0).toFixed(2)}`;
};

print("## Liveness benchmark\n");
print(`Node ${process.version}, ${new Date().toISOString()}, Human 3.3.6 on tfjs WebAssembly\n`);
print(
  `### Passive scores (one image per face; thresholds real >= ${PASSIVE_LIVENESS_THRESHOLDS.real}, live >= ${PASSIVE_LIVENESS_THRESHOLDS.live})\n`,
);
for (const [kind, { found, notFound }] of Object.entries(scores)) {
  const passed = found.filter((s) =>
    passes(s, PASSIVE_LIVENESS_THRESHOLDS.real, PASSIVE_LIVENESS_THRESHOLDS.live),
  ).length;
  print(
    `${kind}: pass ${percent(passed, found.length)} (${found.length} faces; ${notFound} without exactly one face)`,
  );
  print(`  real: ${quantiles(found.map((s) => s.real))}`);
  print(`  live: ${quantiles(found.map((s) => s.live))}`);
}
print("\nPass rates at other thresholds (real and live both at the value):\n");
print(`| threshold | ${Object.keys(scores).join(" | ")} |`);
print(
  `| ---: | ${Object.keys(scores)
    .map(() => "---:")
    .join(" | ")} |`,
);
for (const t of [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]) {
  const cells = Object.values(scores).map(({ found }) =>
    percent(found.filter((s) => passes(s, t, t)).length, found.length),
  );
  print(`| ${t.toFixed(1)} | ${cells.join(" | ")} |`);
}

// Active: sequences of six frames per face, judged against the challenge's action.
const sequences: Record<
  string,
  (image: Uint8Array, towards: "left" | "right") => Promise<Uint8Array[]>
> = {
  "synthetic head turns (45°)": (image, towards) => headTurnFrames(image, { towards, degrees: 45 }),
  "flat photo swivelled (40°)": (image, towards) => flatTurnFrames(image, { towards }),
  "still photo (re-encoded frames)": (image) => stillFrames(image),
  "photo shaken in the hand": (image) => shakenFrames(image),
};
const active = fixtures.filter((_, index) => index % activeEvery === 0);
print(
  `\n### Active challenge (turns; ${active.length} faces, every ${activeEvery}th fixture; nose shift >= ${ACTIVE_LIVENESS_THRESHOLDS.noseShift}, same face >= ${ACTIVE_LIVENESS_THRESHOLDS.sameFace})\n`,
);
for (const [kind, make] of Object.entries(sequences)) {
  progress(`active: ${kind}`);
  let passed = 0;
  const problems = new Map<string, number>();
  const shifts: number[] = [];
  for (const [index, fixture] of active.entries()) {
    const towards = index % 2 === 0 ? "right" : "left";
    // The borrower's left is the image's right.
    const action: LivenessAction = towards === "right" ? "turnLeft" : "turnRight";
    const [live] = await analyzer.analyze(fixture.image);
    if (!live) continue;
    const frames = await analyzeFrames(analyzer, await make(fixture.image, towards));
    const result = judgeLiveness(analyzer, action, live, frames);
    if (result.passed) passed++;
    else problems.set(result.problem ?? "", (problems.get(result.problem ?? "") ?? 0) + 1);
    if (result.measured.noseShift !== null) shifts.push(result.measured.noseShift);
  }
  const why = [...problems].map(([problem, n]) => `${problem} ${n}`).join(", ");
  print(
    `${kind}: pass ${percent(passed, active.length)} (${active.length})${why ? `; refused: ${why}` : ""}`,
  );
  if (shifts.length > 0) print(`  nose shift: ${quantiles(shifts)}`);
}
