import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

// The face check (/pages/me/face) runs Human's BlazeFace detector in the browser on TensorFlow.js's
// WebAssembly backend. Its model and the backend's .wasm binaries are static files of this app,
// never fetched from a CDN: this plugin serves them in `vite dev` and copies them into dist/ at
// build time, under folders named after the versions (a new version is a new address, so a cached
// old file is never mixed with new code).

const require = createRequire(import.meta.url);

interface FaceAsset {
  /** Relative to the app's base, e.g. `face-check/human-3.3.6/blazeface.json`. */
  fileName: string;
  source: string;
  contentType: string;
}

function packageDir(entry: string): string {
  // Human's export map has no `./package.json`; its Node entry sits in dist/.
  return dirname(dirname(require.resolve(entry)));
}

function versionOf(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string })
    .version;
}

/** Where the model and the .wasm binaries are, relative to the app's base (ends with /). */
export function faceAssetFolders() {
  const humanDir = packageDir("@vladmandic/human");
  const wasmDir = dirname(require.resolve("@tensorflow/tfjs-backend-wasm/package.json"));
  return {
    humanDir,
    wasmDir,
    models: `face-check/human-${versionOf(humanDir)}/`,
    wasm: `face-check/tfjs-backend-wasm-${versionOf(wasmDir)}/`,
  };
}

export function faceAssets(): FaceAsset[] {
  const folders = faceAssetFolders();
  // Only the face detector: the page checks one face in the oval, the server compares faces.
  const models = ["blazeface.json", "blazeface.bin"].map((name) => ({
    fileName: `${folders.models}${name}`,
    source: join(folders.humanDir, "models", name),
    contentType: name.endsWith(".json") ? "application/json" : "application/octet-stream",
  }));
  // tfjs picks one by what the browser supports (SIMD; threads only when cross-origin isolated).
  const binaries = [
    "tfjs-backend-wasm.wasm",
    "tfjs-backend-wasm-simd.wasm",
    "tfjs-backend-wasm-threaded-simd.wasm",
  ].map((name) => ({
    fileName: `${folders.wasm}${name}`,
    source: join(folders.wasmDir, "dist", name),
    contentType: "application/wasm",
  }));
  return [...models, ...binaries];
}

/** Serves the face check's model and .wasm files in dev and emits them into the build. */
export function faceModels(): Plugin {
  const assets = faceAssets();
  const folders = faceAssetFolders();
  let base = "/";
  return {
    name: "chayong:face-models",
    config: () => ({
      define: {
        __CHAYONG_FACE_MODELS_PATH__: JSON.stringify(folders.models),
        __CHAYONG_FACE_WASM_PATH__: JSON.stringify(folders.wasm),
      },
    }),
    configResolved(config) {
      base = config.base;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? "").split("?")[0] ?? "";
        const asset = assets.find((candidate) => `${base}${candidate.fileName}` === path);
        if (!asset) {
          next();
          return;
        }
        response.setHeader("content-type", asset.contentType);
        response.end(readFileSync(asset.source));
      });
    },
    generateBundle() {
      for (const asset of assets) {
        this.emitFile({
          type: "asset",
          fileName: asset.fileName,
          source: readFileSync(asset.source),
        });
      }
    },
  };
}
