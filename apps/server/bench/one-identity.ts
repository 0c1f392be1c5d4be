// The one-identity benchmark (docs/identity.md, "One person, one identity"): the 1:N face search
// of src/identity/one-identity.ts among 100,000 verified borrowers, on PGlite and on PostgreSQL
// (BENCH_DATABASE_URL or TEST_DATABASE_URL): its time (median, p95), its recall against the
// exact search on the face fixtures' same-person pairs, and the false-match rate the match
// threshold implies at that size (an extrapolation).
//
//   pnpm --filter @chayong/server bench:one-identity
//
// Settings (environment):
//   BENCH_POPULATION=100000   verified borrowers in the index (the fixtures' faces among them)
//   BENCH_SEARCHES=200        timed searches per engine (after 20 warm-ups)
//   BENCH_TRANSFORM_EVERY=4   copy every n-th fixture with each transform (queries for recall)
//   BENCH_CANDIDATES=64       nearest projections compared exactly (the server's candidateCount)
//   BENCH_ENGINES=pglite,postgres
//
// The population: the 112 fixture faces (src/identity/face/fixtures) and synthetic faces drawn
// from a Gaussian fitted to the fixtures' unit embeddings (their mean and covariance, plus a
// little isotropic noise for the directions 112 faces do not span). Tables go to stdout
// (Markdown), progress to stderr.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, openDatabase, rowsOf } from "../src/db/database";
import { migrate } from "../src/db/migrate";
import { identityFaces, users } from "../src/db/schema";
import {
  loadFaceFixtures,
  pairKind,
  transformFace,
  transformKinds,
} from "../src/identity/face/fixtures/face-fixtures";
import { distribution } from "../src/identity/face/fixtures/measure-fixtures";
import { createHumanFaceAnalyzer } from "../src/identity/face/human-face-analyzer";
import { DEFAULT_FACE_THRESHOLDS } from "../src/identity/face/human-face-verifier";
import {
  candidateCount,
  decodeEmbedding,
  encodeEmbedding,
  encodeProjection,
  faceIndexOf,
  oneIdentityFaceThreshold,
  projectionDimensions,
  projectionOf,
  searchFace,
  unitEmbedding,
  unitSimilarity,
} from "../src/identity/one-identity";
import { PersonalDataCipher } from "../src/identity/personal-data-cipher";
import { mulberry32 } from "../src/seeded-random";
import { count, engines, median, positiveSetting, progress } from "./harness";

const population = positiveSetting("BENCH_POPULATION", 100_000);
const searches = positiveSetting("BENCH_SEARCHES", 200);
const transformEvery = positiveSetting("BENCH_TRANSFORM_EVERY", 4);
const candidates = positiveSetting("BENCH_CANDIDATES", candidateCount);
const match = DEFAULT_FACE_THRESHOLDS.match;
const out: string[] = [];
const fixed = (value: number, digits = 3) => value.toFixed(digits);
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
};

// ---------------------------------------------------------------------------------------------
// The fixtures' faces, and changed copies of some (the queries of the same-person pairs)

const analyzer = createHumanFaceAnalyzer();
await analyzer.load();
const fixtures = await loadFaceFixtures();
progress(`describing ${fixtures.length} fixtures and copies of every ${transformEvery}…`);
const faces: { name: string; unit: Float32Array }[] = [];
for (const fixture of fixtures) {
  const embedding = (await analyzer.analyze(fixture.image))[0]?.embedding;
  if (embedding) faces.push({ name: fixture.name, unit: unitEmbedding(embedding) });
}
const copies: { of: string; kind: string; unit: Float32Array }[] = [];
for (const [index, face] of faces.entries()) {
  if (index % transformEvery !== 0) continue;
  const image = fixtures.find((fixture) => fixture.name === face.name)?.image;
  if (!image) continue;
  for (const kind of transformKinds) {
    const found = await analyzer.analyze(await transformFace(image, kind));
    // The copy's face most like the original (a holding photo shows two).
    let best: Float32Array | null = null;
    for (const candidate of found) {
      if (!candidate.embedding) continue;
      const unit = unitEmbedding(candidate.embedding);
      if (best === null || unitSimilarity(unit, face.unit) > unitSimilarity(best, face.unit))
        best = unit;
    }
    if (best) copies.push({ of: face.name, kind, unit: best });
  }
}
await analyzer.close?.();

// What storing a face in 8 bits a number changes: the largest change of a pair's cosine.
let quantizationError = 0;
for (const a of faces) {
  const storedA = decodeEmbedding(encodeEmbedding(a.unit));
  for (const b of faces) {
    quantizationError = Math.max(
      quantizationError,
      Math.abs(unitSimilarity(storedA, b.unit) - unitSimilarity(a.unit, b.unit)),
    );
  }
}

// The different-people similarities, as bench/face-accuracy.ts counts them.
const different: number[] = [];
for (let i = 0; i < faces.length; i++) {
  for (let j = i + 1; j < faces.length; j++) {
    const a = faces[i];
    const b = faces[j];
    if (a && b && pairKind(a.name, b.name) === "different")
      different.push(unitSimilarity(a.unit, b.unit));
  }
}

// ---------------------------------------------------------------------------------------------
// Synthetic faces: a Gaussian fitted to the fixtures' unit embeddings

const length = faces[0]?.unit.length ?? 1024;
const mean = new Float64Array(length);
for (const face of faces)
  for (let i = 0; i < length; i++) mean[i] = (mean[i] ?? 0) + (face.unit[i] ?? 0) / faces.length;
let uniform = mulberry32(0x5eed);
const normal = () =>
  Math.sqrt(-2 * Math.log(Math.max(uniform(), Number.EPSILON))) * Math.cos(2 * Math.PI * uniform());
const noise = 0.01;
function syntheticFace(): Float32Array {
  const vector = Float64Array.from(mean);
  const weight = 1 / Math.sqrt(faces.length - 1);
  for (const face of faces) {
    const z = normal() * weight;
    for (let i = 0; i < length; i++)
      vector[i] = (vector[i] ?? 0) + z * ((face.unit[i] ?? 0) - (mean[i] ?? 0));
  }
  for (let i = 0; i < length; i++) vector[i] = (vector[i] ?? 0) + normal() * noise;
  return unitEmbedding(Array.from(vector));
}

// ---------------------------------------------------------------------------------------------
// The false-match rate the threshold implies (an extrapolation from the tail)

const differentStats = distribution(different);
const meanSimilarity = different.reduce((sum, value) => sum + value, 0) / different.length;
const sd = Math.sqrt(
  different.reduce((sum, value) => sum + (value - meanSimilarity) ** 2, 0) / (different.length - 1),
);
/** The upper tail of the standard normal (Abramowitz-Stegun 26.2.17, error below 1e-7). */
function normalTail(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const density = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
  const tail =
    density *
    t *
    (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z >= 0 ? tail : 1 - tail;
}
const perPairNormal = normalTail((match - meanSimilarity) / sd);
// An exponential tail fitted to the top 5 % (a generalized Pareto of shape 0): heavier than the
// normal's, the cautious of the two.
const tailStart = percentile(different, 0.95);
const excesses = different.filter((value) => value > tailStart).map((value) => value - tailStart);
const meanExcess = excesses.reduce((sum, value) => sum + value, 0) / excesses.length;
const perPairExponential = 0.05 * Math.exp(-(match - tailStart) / meanExcess);
const atLeastOne = (perPair: number, n: number) => 1 - Math.exp(n * Math.log1p(-perPair));

// ---------------------------------------------------------------------------------------------
// Each engine: the index rows, the searches, the recall

const cipher = new PersonalDataCipher({
  current: { id: "bench", key: randomBytes(32) },
  retired: [],
  lookupKey: randomBytes(32),
});
const ctx = { personalData: cipher };

interface EngineResult {
  name: string;
  insertSeconds: number;
  loadMs: number;
  times: number[];
  tableMb: number;
  /** Stored faces at or above the 1:N threshold (an exact scan), and those the index found. */
  recall: { found: number; expected: number; missed: string[] };
  /** The same at the 1:1 match threshold (0.75). */
  recallAtMatch: { found: number; expected: number };
  /** Same-person partners below the threshold (0.50 to 0.75) among the compared candidates. */
  partnersBelow: { found: number; expected: number };
}
const results: EngineResult[] = [];
const syntheticCount = Math.max(0, population - faces.length);

// The queries: each fixture (against the others) and each changed copy (against all).
const queries = [
  ...faces.map((face) => ({ name: face.name, unit: face.unit, exclude: `fixture:${face.name}` })),
  ...copies.map((copy) => ({ name: `${copy.of} (${copy.kind})`, unit: copy.unit, exclude: "" })),
];
/** What an exact scan of every stored face finds for each query at the match threshold; and the
 * same-person partners below it. Filled while the first engine's rows are made. */
const exactMatches: string[][] = queries.map(() => []);
const exactAtMatch: string[][] = queries.map(() => []);
const partnersBelow: string[][] = queries.map(() => []);
const samePerson = (query: (typeof queries)[number], userId: string) => {
  if (!userId.startsWith("fixture:")) return false;
  const stored = userId.slice("fixture:".length);
  if (query.exclude === "") return query.name.startsWith(`${stored} (`);
  const kind = pairKind(query.name, stored);
  return kind === "samePerson" || kind === "samePhoto";
};

for (const [engineIndex, engine] of engines.entries()) {
  const database = engine.create();
  const opened = await openDatabase(database.config, database.schemaName);
  if (!opened.ok) throw new Error("the bench database is locked");
  const { db } = opened.database;
  try {
    await migrate(opened.database);
    progress(`${engine.name}: inserting ${count(population)} verified faces…`);
    const started = performance.now();
    uniform = mulberry32(0x5eed); // the same population on each engine
    const now = new Date();
    const batch = 1000;
    for (let offset = 0; offset < population; offset += batch) {
      const rows: { userId: string; unit: Float32Array }[] = [];
      for (let i = offset; i < Math.min(population, offset + batch); i++) {
        const face = faces[i];
        rows.push({
          userId: face ? `fixture:${face.name}` : `synthetic:${i}`,
          unit: face?.unit ?? syntheticFace(),
        });
      }
      await db.insert(users).values(
        rows.map((row, i) => ({
          id: row.userId,
          phone: `+8210${String(offset + i).padStart(8, "0")}`,
          role: "borrower" as const,
          createdAt: now,
        })),
      );
      const values = rows.map((row) => ({
        userId: row.userId,
        embeddingSealed: cipher.seal(encodeEmbedding(row.unit)),
        projection: encodeProjection(projectionOf(row.unit)),
        createdAt: now,
      }));
      await db.insert(identityFaces).values(values);
      if (engineIndex === 0) {
        // The exact search compares what the index compares: the stored (8-bit) face.
        for (const value of values) {
          const stored = decodeEmbedding(cipher.open(value.embeddingSealed));
          for (const [q, query] of queries.entries()) {
            if (value.userId === query.exclude) continue;
            const similarity = unitSimilarity(query.unit, stored);
            if (similarity >= oneIdentityFaceThreshold) exactMatches[q]?.push(value.userId);
            if (similarity >= match) exactAtMatch[q]?.push(value.userId);
            else if (
              similarity >= DEFAULT_FACE_THRESHOLDS.review &&
              samePerson(query, value.userId)
            )
              partnersBelow[q]?.push(value.userId);
          }
        }
      }
      if ((offset + batch) % 20_000 === 0) progress(`  ${count(offset + batch)}`);
    }
    if (opened.database.kind === "postgres") await db.execute(sql`vacuum analyze identity_faces`);
    const insertSeconds = (performance.now() - started) / 1000;
    const [size] = rowsOf<{ bytes: string | number }>(
      await db.execute(sql`select pg_total_relation_size('identity_faces') as bytes`),
    );

    // The first search reads every projection into the process (once per process); an object of
    // its own names a fresh index for this engine.
    const indexDb = {} as Db;
    const loadStarted = performance.now();
    await faceIndexOf(indexDb).catchUp(db);
    const loadMs = performance.now() - loadStarted;

    // Recall: the candidates compared (a threshold of 0 answers them all) against the exact scan.
    const recall = { found: 0, expected: 0, missed: [] as string[] };
    const below = { found: 0, expected: 0 };
    const atMatch = { found: 0, expected: 0 };
    for (const [q, query] of queries.entries()) {
      const compared = new Set(
        (
          await searchFace(ctx, db, indexDb, {
            unit: query.unit,
            exclude: query.exclude,
            threshold: 0,
            candidates,
          })
        ).map((found) => found.userId),
      );
      for (const userId of exactMatches[q] ?? []) {
        recall.expected++;
        if (compared.has(userId)) recall.found++;
        else recall.missed.push(`${query.name} / ${userId}`);
      }
      for (const userId of exactAtMatch[q] ?? []) {
        atMatch.expected++;
        if (compared.has(userId)) atMatch.found++;
      }
      for (const userId of partnersBelow[q] ?? []) {
        below.expected++;
        if (compared.has(userId)) below.found++;
      }
    }

    // The timed searches: the fixtures' faces and copies in turn, after warm-ups.
    progress(`${engine.name}: ${searches} searches…`);
    const times: number[] = [];
    for (let i = 0; i < searches + 20; i++) {
      const query = queries[i % queries.length];
      if (!query) continue;
      const began = performance.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('chayong:one-identity'))`);
        await searchFace(ctx, tx, indexDb, {
          unit: query.unit,
          exclude: query.exclude,
          threshold: oneIdentityFaceThreshold,
          candidates,
        });
      });
      if (i >= 20) times.push(performance.now() - began);
    }
    results.push({
      name: engine.name,
      insertSeconds,
      loadMs,
      times,
      tableMb: Number(size?.bytes ?? 0) / 1024 / 1024,
      recall,
      recallAtMatch: atMatch,
      partnersBelow: below,
    });
  } finally {
    await opened.database.close();
    await database.dispose();
  }
}

// ---------------------------------------------------------------------------------------------
// The report

out.push("## One person, one identity: the 1:N face search\n");
out.push(
  `Node ${process.version}, ${new Date().toISOString()}. ${count(population)} verified faces (${faces.length} fixtures, ${count(syntheticCount)} synthetic); projection to ${projectionDimensions} numbers, the nearest ${candidates} compared exactly.\n`,
);
out.push(
  `| Engine | insert (s) | table (MB) | first search: read the index (ms) | search median (ms) | p95 (ms) | recall at ${oneIdentityFaceThreshold} | recall at ${match} | partners 0.50–0.75 among candidates |`,
);
out.push("| --- | --: | --: | --: | --: | --: | --: | --: | --: |");
for (const result of results) {
  out.push(
    `| ${result.name} | ${result.insertSeconds.toFixed(0)} | ${result.tableMb.toFixed(0)} | ${result.loadMs.toFixed(0)} | ${fixed(median(result.times), 1)} | ${fixed(percentile(result.times, 0.95), 1)} | ${result.recall.found}/${result.recall.expected} | ${result.recallAtMatch.found}/${result.recallAtMatch.expected} | ${result.partnersBelow.found}/${result.partnersBelow.expected} |`,
  );
}
for (const result of results) {
  if (result.recall.missed.length > 0)
    out.push(
      `\n${result.name} missed at ${oneIdentityFaceThreshold}: ${result.recall.missed.join("; ")}`,
    );
}
out.push(
  `\nA search: the one-identity lock, the index reading new rows (none), the ${projectionDimensions}-number distances to every face in memory, then the nearest ${candidates} read, opened and compared at ${oneIdentityFaceThreshold} (the 1:N threshold). Same-person pairs: each fixture against the other fixtures, and ${copies.length} changed copies (${transformKinds.length} transforms of every ${transformEvery}-th fixture) against all.\n`,
);

const synthetic = Array.from({ length: 2000 }, () => syntheticFace());
const toFixtures: number[] = [];
for (const face of synthetic.slice(0, 200))
  for (const real of faces) toFixtures.push(unitSimilarity(face, real.unit));
const amongSynthetic: number[] = [];
for (let i = 0; i + 1 < synthetic.length; i += 2) {
  const a = synthetic[i];
  const b = synthetic[i + 1];
  if (a && b) amongSynthetic.push(unitSimilarity(a, b));
}
const row = (name: string, values: number[]) => {
  const d = distribution(values);
  return `| ${name} | ${count(d.count)} | ${fixed(d.min)} | ${fixed(d.median)} | ${fixed(d.p95)} | ${fixed(d.max)} |`;
};
out.push(
  `A face stored in 8 bits a number changes a fixture pair's cosine by at most ${quantizationError.toFixed(4)}.\n`,
);
out.push("### How realistic the synthetic faces are\n");
out.push("| Pairs | n | min | median | p95 | max |");
out.push("| --- | --: | --: | --: | --: | --: |");
out.push(row("fixtures, different people", different));
out.push(row("synthetic / fixture", toFixtures));
out.push(row("synthetic / synthetic", amongSynthetic));

out.push("\n### The false-match rate the match threshold implies\n");
out.push(
  `Different people among the fixtures: ${count(differentStats.count)} pairs, mean ${fixed(meanSimilarity)}, sd ${fixed(sd)}, max ${fixed(differentStats.max)}; none at or above ${match}. The rates below extrapolate the tail of that distribution beyond anything observed (no pair above ${fixed(differentStats.max, 2)}): they are models, not measurements.\n`,
);
out.push(
  "| Tail model | threshold | per pair | a new face matches ≥ 1 of 1,000 | of 10,000 | of 100,000 |",
);
out.push("| --- | --: | --: | --: | --: | --: |");
for (const [name, threshold, perPair] of [
  ["normal (mean, sd of all pairs)", match, perPairNormal],
  [
    "normal (mean, sd of all pairs)",
    oneIdentityFaceThreshold,
    normalTail((oneIdentityFaceThreshold - meanSimilarity) / sd),
  ],
  [
    `exponential over the top 5 % (above ${fixed(tailStart)}, mean excess ${fixed(meanExcess)})`,
    match,
    perPairExponential,
  ],
  [
    "the same exponential",
    oneIdentityFaceThreshold,
    0.05 * Math.exp(-(oneIdentityFaceThreshold - tailStart) / meanExcess),
  ],
] as const) {
  out.push(
    `| ${name} | ${threshold} | ${perPair.toExponential(2)} | ${(atLeastOne(perPair, 1_000) * 100).toFixed(3)} % | ${(atLeastOne(perPair, 10_000) * 100).toFixed(3)} % | ${(atLeastOne(perPair, 100_000) * 100).toFixed(3)} % |`,
  );
}
out.push(
  `\nObserved: 0 of ${count(differentStats.count)} pairs, which bounds the per-pair rate only below ${(3 / differentStats.count).toExponential(1)} (95 %, rule of three): at 100,000 that bound says nothing.`,
);
process.stdout.write(`${out.join("\n")}\n`);
