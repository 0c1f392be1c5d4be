import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type * as Tf from "@tensorflow/tfjs-core";
import type { Config, Human, Result } from "@vladmandic/human";
import type { AnalyzedFace, FaceAnalyzer, FacePose } from "./embedding-face-verifier";
import { decodeSquare } from "./face-image";

/**
 * Face analysis on Human (@vladmandic/human, MIT): BlazeFace finds faces, FaceMesh aligns them,
 * FaceRes describes each as a 1024-number embedding, and two small models score anti-spoofing
 * and liveness. It runs on TensorFlow.js's WebAssembly backend: no native TensorFlow, no GPU, the
 * models ship inside the package (about 10 MB for these five).
 */
export interface HumanFaceAnalyzerOptions {
  /** Faces looked for per image; a holding photo has two (the person, the card's portrait). */
  maxFaces?: number;
  /** The detector confidence below which a find is not counted as a face. */
  minFaceScore?: number;
  /** Photos are scaled down to fit this square before detection. */
  maxSide?: number;
}

export interface HumanFaceAnalyzer extends FaceAnalyzer {
  /** Loads the models now rather than on the first analysis (for a start-up or a benchmark). */
  load(): Promise<void>;
}

const require = createRequire(import.meta.url);

export function createHumanFaceAnalyzer(options: HumanFaceAnalyzerOptions = {}): HumanFaceAnalyzer {
  const { maxFaces = 5, minFaceScore = 0.6, maxSide = 1024 } = options;
  let loading: Promise<Human> | undefined;

  function engine(): Promise<Human> {
    loading ??= loadHuman(maxFaces).catch((error: unknown) => {
      loading = undefined; // let a later call try again
      throw error;
    });
    return loading;
  }

  return {
    async load() {
      await engine();
    },
    async analyze(image) {
      const [human, square] = await Promise.all([engine(), decodeSquare(image, maxSide)]);
      const result = await exclusively(async () => {
        const tf = tfOf(human);
        const input = tf.tensor(Int32Array.from(square.pixels), [1, square.side, square.side, 3]);
        try {
          return await human.detect(input as unknown as Tf.Tensor4D);
        } finally {
          input.dispose();
        }
      });
      return facesOf(result, square, minFaceScore);
    },
    similarity: cosineSimilarity,
  };
}

function facesOf(
  result: Result,
  square: Awaited<ReturnType<typeof decodeSquare>>,
  minFaceScore: number,
): AnalyzedFace[] {
  if (result.error) throw new Error(`face analysis failed: ${result.error}`);
  const toPhoto = (value: number, offset: number) => (value - offset) / square.scale;
  return result.face
    .filter((face) => face.boxScore >= minFaceScore)
    .sort((a, b) => b.boxScore - a.boxScore)
    .map((face) => {
      const [x, y, width, height] = face.box;
      return {
        box: {
          x: toPhoto(x, square.offsetX),
          y: toPhoto(y, square.offsetY),
          width: width / square.scale,
          height: height / square.scale,
        },
        score: face.boxScore,
        embedding: face.embedding && face.embedding.length > 0 ? face.embedding : null,
        real: face.real ?? null,
        live: face.live ?? null,
        pose: poseOf(face, (x, y) => [toPhoto(x, square.offsetX), toPhoto(y, square.offsetY)]),
      };
    });
}

/** FaceMesh indices (MediaPipe's 468-point topology) of the landmarks a pose keeps: nose tip,
 * the eyes' outer and inner corners, the mouth's corners, chin, forehead, the cheeks' edges. */
export const poseLandmarkIndices = [1, 33, 133, 362, 263, 61, 291, 152, 10, 234, 454] as const;

function poseOf(
  face: Result["face"][number],
  toPhoto: (x: number, y: number) => [number, number],
): FacePose | null {
  const mesh = face.mesh;
  const yaw = face.rotation?.angle.yaw;
  if (!mesh || mesh.length < 468 || yaw === undefined || !Number.isFinite(yaw)) return null;
  const y = (index: number) => mesh[index]?.[1] ?? 0;
  // Human's own blink gesture: the inner lids' gap over the height of the eye's wider border.
  const openness = (lidA: number, lidB: number, borderA: number, borderB: number) => {
    const border = Math.abs(y(borderA) - y(borderB));
    return border > 0 ? Math.abs(y(lidA) - y(lidB)) / border : 0;
  };
  return {
    yaw: (yaw * 180) / Math.PI,
    eyeOpenness: (openness(374, 386, 443, 450) + openness(145, 159, 223, 230)) / 2,
    landmarks: poseLandmarkIndices.map((index) => {
      const point = mesh[index] ?? [0, 0];
      return toPhoto(point[0], point[1]);
    }),
  };
}

// Human keeps per-call state (the current input, the detector's boxes) in module variables that
// every instance shares, across awaits: one image at a time in the whole process.
let queue: Promise<unknown> = Promise.resolve();

function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

const humanDist = path.dirname(require.resolve("@vladmandic/human"));
const modelsDir = path.join(humanDist, "..", "models");
const modelsUrl = `${pathToFileURL(modelsDir).href}/`;

interface HumanModule {
  Human: new (config: Partial<Config>) => Human;
}

/** Required on first use: it loads TensorFlow.js, which a server that never matches faces skips.
 * The package's export map has no subpath for the WebAssembly build, so it is required by file. */
function humanModule(): HumanModule {
  return require(path.join(humanDist, "human.node-wasm.js")) as HumanModule;
}

/**
 * The cosine of the angle between two embeddings, negative values as 0. Not Human's own
 * `match.similarity`, which maps the Euclidean distance: FaceRes gives blurred and small faces
 * short embeddings (lengths 6.5 to 13.8 on the fixtures), which Euclidean distance then finds close
 * to each other whoever they show. On the fixtures, at no false accept, the cosine rejects about
 * half of the different-photo pairs of one person, the Euclidean scale 98 % (docs/identity.md).
 */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new RangeError("embeddings of different lengths");
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  return Math.max(0, dot / Math.sqrt(normA * normB));
}

async function loadHuman(maxFaces: number): Promise<Human> {
  const { Human: HumanClass } = humanModule();
  const human = new HumanClass({
    backend: "wasm",
    wasmPath: `${path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm"))}/`,
    modelBasePath: modelsUrl,
    debug: false,
    // Every image is a new photo: no reuse of the previous frame's results, no warm-up inference.
    cacheSensitivity: 0,
    warmup: "none",
    filter: { enabled: false } as Config["filter"],
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: maxFaces },
      mesh: { enabled: true },
      description: { enabled: true },
      antispoof: { enabled: true },
      liveness: { enabled: true },
      iris: { enabled: false },
      emotion: { enabled: false },
      attention: { enabled: false },
    } as Config["face"],
    body: { enabled: false } as Config["body"],
    hand: { enabled: false } as Config["hand"],
    object: { enabled: false } as Config["object"],
    gesture: { enabled: false },
    segmentation: { enabled: false } as Config["segmentation"],
  });
  registerFileLoader(tfOf(human));
  await human.load();
  const loaded = human.models.loaded();
  const missing = ["blazeface", "facemesh", "faceres", "antispoof", "liveness"].filter(
    (name) => !loaded.includes(name),
  );
  // Human logs a failed model load and carries on; a verifier without its models must not.
  if (missing.length > 0) throw new Error(`face models did not load: ${missing.join(", ")}`);
  return human;
}

function tfOf(human: Human): typeof Tf {
  return human.tf as typeof Tf;
}

let fileLoaderRegistered = false;

/**
 * TensorFlow.js loads models over HTTP (fetch); Node's fetch cannot read file:// URLs and the
 * browser-free build has no file loader, so the models in Human's package are read from disk.
 */
function registerFileLoader(tf: typeof Tf): void {
  if (fileLoaderRegistered) return;
  fileLoaderRegistered = true;
  const router = (url: string | string[]): Tf.io.IOHandler | null => {
    const modelUrl = Array.isArray(url) ? url[0] : url;
    if (typeof modelUrl !== "string" || !modelUrl.startsWith(modelsUrl)) return null;
    return {
      async load() {
        const modelFile = fileURLToPath(modelUrl);
        const json = JSON.parse(await readFile(modelFile, "utf8")) as Tf.io.ModelJSON;
        return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
          const specs: Tf.io.WeightsManifestEntry[] = [];
          const buffers: ArrayBuffer[] = [];
          for (const group of manifest) {
            for (const weightsPath of group.paths) {
              const bytes = await readFile(path.join(path.dirname(modelFile), weightsPath));
              buffers.push(Uint8Array.from(bytes).buffer);
            }
            specs.push(...group.weights);
          }
          return [specs, tf.io.concatenateArrayBuffers(buffers)];
        });
      },
    };
  };
  // A router answers null for the URLs it does not handle (tfjs's IORouter type leaves that out).
  tf.io.registerLoadRouter(router as Parameters<typeof tf.io.registerLoadRouter>[0]);
}
