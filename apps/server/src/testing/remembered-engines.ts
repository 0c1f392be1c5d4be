import { createHash } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { AnalyzedFace, FaceAnalyzer } from "../identity/face/embedding-face-verifier";
import { createHumanFaceAnalyzer } from "../identity/face/human-face-analyzer";
import type { IdCardReader } from "../identity/ocr/id-card-reader";
import { createTesseractIdCardReader } from "../identity/ocr/tesseract-id-card-reader";

// The recognition engines of the in-process test servers, each run once per distinct input and
// its answer remembered. The suites send the kit's fixtures and synthetic frames again and again:
// in one run of the suite on both databases, 1,274 of 1,549 face analyses and 237 of 499
// tesseract runs had been made before on the same bytes, 411 s of about 1,160 worker-seconds.
// Both engines give the same answer for the same bytes (the engine tests assert it: a face
// analysed again after others, the last a near copy of it; a card read and a number located
// again after others), so a remembered answer is the engine's own, and every distinct image
// still goes through the real engine. The engine tests (`*.engine.test.ts`) and the server
// processes of the multi-process suites use the engines unremembered.
// Under vitest the answers are also kept in a folder of the run (its global setup names it in
// CHAYONG_TEST_ENGINE_ANSWERS), so the run's other worker, and the suite's pass on the other
// database, find an answer instead of computing it again.

const digestOf = (...parts: (Uint8Array | string)[]) => {
  const hash = createHash("sha256");
  // Each part after its length: no two lists of parts hash alike.
  for (const part of parts) hash.update(`${Buffer.byteLength(part)}:`).update(part);
  return hash.digest("hex");
};

/** The environment variable that names the run's folder of engine answers. */
export const engineAnswersEnv = "CHAYONG_TEST_ENGINE_ANSWERS";

/** The answer another process of the run kept for `file`, if any. */
async function keptAnswer<T>(file: string | null): Promise<T | undefined> {
  if (file === null) return undefined;
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return undefined; // not kept (yet)
  }
}

/** Keeps an answer for the run's other processes; written whole, then renamed into place. */
async function keepAnswer(file: string | null, answer: unknown): Promise<void> {
  if (file === null) return;
  const json = JSON.stringify(answer);
  // Only answers that survive JSON unchanged (no NaN, no undefined fields).
  if (!isDeepStrictEqual(JSON.parse(json), answer)) return;
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, json);
  await rename(partial, file);
}

/**
 * Remembers `compute`'s answer per key, in this process and in the run's answer folder when
 * there is one; a failure is not remembered (the next call tries again).
 */
function remembering<T>(engine: string) {
  const answers = new Map<string, Promise<T>>();
  const folder = process.env[engineAnswersEnv]?.trim() || null;
  return async (key: string, compute: () => Promise<T>): Promise<T> => {
    let answer = answers.get(key);
    if (answer === undefined) {
      const file = folder === null ? null : join(folder, `${engine}-${key}.json`);
      answer = keptAnswer<T>(file).then(async (kept) => {
        if (kept !== undefined) return kept;
        const computed = await compute();
        await keepAnswer(file, computed);
        return computed;
      });
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    // A copy each time: a caller that changes what it was given changes nobody else's answer.
    return structuredClone(await answer);
  };
}

let faceAnalyzer: FaceAnalyzer | undefined;

/** One Human face analyzer for every test server of this process, remembering its answers. */
export function rememberedFaceAnalyzer(): FaceAnalyzer {
  if (faceAnalyzer !== undefined) return faceAnalyzer;
  const engine = createHumanFaceAnalyzer();
  const remember = remembering<AnalyzedFace[]>("face");
  faceAnalyzer = {
    analyze: (image) => remember(digestOf(image), () => engine.analyze(image)),
    similarity: engine.similarity,
    // Shared by the servers: none of them closes it.
  };
  return faceAnalyzer;
}

let idCardReader: IdCardReader | undefined;

/**
 * One tesseract reader (the default command) for every test server of this process, remembering
 * its answers.
 */
export function rememberedIdCardReader(): IdCardReader {
  if (idCardReader !== undefined) return idCardReader;
  const engine = createTesseractIdCardReader();
  const readings = remembering<Awaited<ReturnType<IdCardReader["read"]>>>("card-reading");
  const searches = remembering<Awaited<ReturnType<IdCardReader["locate"]>>>("number-search");
  idCardReader = {
    read: (front, options) =>
      readings(
        digestOf(
          front,
          options?.back ?? "no back",
          JSON.stringify(options?.countries ?? "default countries"),
        ),
        () => engine.read(front, options),
      ),
    locate: (image, idNumber) =>
      searches(digestOf(image, idNumber), () => engine.locate(image, idNumber)),
  };
  return idCardReader;
}
