import type { Config, Human } from "@vladmandic/human";
import type { FaceBox } from "./face-position";

/**
 * The face check's in-browser detector: Human's BlazeFace only (about 0.6 MB of model), to guide
 * the borrower to one face in the oval before the frame is sent. The server checks the capture
 * again; this only spares a round trip and a bad photo.
 *
 * This module is imported dynamically by the face page only: Human and TensorFlow.js (about
 * 470 KB gzip) never load with the rest of the app.
 */
export interface FaceDetector {
  /** The TensorFlow.js backend that runs it ('wasm', 'webgl' or 'cpu'). */
  backend: string;
  detect(input: HTMLVideoElement | HTMLCanvasElement): Promise<FaceBox[]>;
}

/**
 * WebAssembly first: BlazeFace is tiny, so WebAssembly (SIMD) runs it in 40-100 ms a frame
 * everywhere, with no shader compilation. WebGL is the fallback for a browser without
 * WebAssembly; measured in Chromium with --disable-gpu it falls back to software rendering at
 * 1.2-1.6 s a frame (3.5 s the first), the plain CPU backend at 1-1.6 s.
 */
const backends = ["wasm", "webgl", "cpu"] as const;

function appUrl(path: string): string {
  return new URL(`${import.meta.env.BASE_URL}${path}`, document.baseURI).href;
}

function configFor(backend: (typeof backends)[number]): Partial<Config> {
  const off = { enabled: false };
  return {
    backend,
    modelBasePath: appUrl(__CHAYONG_FACE_MODELS_PATH__),
    wasmPath: appUrl(__CHAYONG_FACE_WASM_PATH__),
    debug: false,
    warmup: "none",
    // The HTTP cache keeps the model; no copy in IndexedDB to go stale.
    cacheModels: false,
    // Every frame is looked at afresh (a moved face must not keep an old box).
    cacheSensitivity: 0,
    filter: off,
    gesture: off,
    body: off,
    hand: off,
    object: off,
    segmentation: off,
    face: {
      enabled: true,
      detector: {
        modelPath: "blazeface.json",
        rotation: false,
        maxDetected: 3,
        minConfidence: 0.5,
        return: false,
      },
      mesh: off,
      attention: off,
      iris: off,
      description: off,
      emotion: off,
      antispoof: off,
      liveness: off,
      gear: off,
    },
  } as Partial<Config>;
}

async function facesOf(human: Human, input: HTMLVideoElement | HTMLCanvasElement) {
  const result = await human.detect(input);
  if (result.error) throw new Error(`face detection failed: ${result.error}`);
  return result.face.map((face) => {
    const [x, y, width, height] = face.box;
    return { x, y, width, height, score: face.boxScore };
  });
}

/** Loads Human on the first backend that loads the model and runs it; rejects when none does. */
export async function loadFaceDetector(): Promise<FaceDetector> {
  const { Human } = await import("@vladmandic/human");
  const problems: unknown[] = [];
  for (const backend of backends) {
    try {
      const human = new Human(configFor(backend));
      await human.load();
      if (human.tf.getBackend() !== backend) throw new Error(`${backend} did not start`);
      // One detection on a blank frame: a backend that starts but cannot run fails here.
      const probe = document.createElement("canvas");
      probe.width = 64;
      probe.height = 64;
      probe.getContext("2d")?.fillRect(0, 0, 64, 64);
      await facesOf(human, probe);
      return { backend, detect: (input) => facesOf(human, input) };
    } catch (error) {
      problems.push(error);
    }
  }
  throw new AggregateError(problems, "no TensorFlow.js backend could run the face detector");
}
