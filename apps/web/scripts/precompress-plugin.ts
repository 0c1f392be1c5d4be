// Every text file of the build also as .br and .gz beside it (README "Serving"): the server sends
// the one a browser accepts (@fastify/static `preCompressed`), so a phone downloads the compressed
// bytes without the server compressing anything per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Files worth compressing: text, and WebAssembly (fonts and images are compressed already). */
const compressible = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".svg",
  ".webmanifest",
  ".txt",
  ".wasm",
]);

/** Below this a compressed copy saves less than its own headers cost. */
const smallestWorthIt = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Writes `file.br` and `file.gz` where they are smaller than `file`; answers how many were written. */
export function precompressDirectory(dir: string): { files: number; bytes: number; br: number } {
  let files = 0;
  let bytes = 0;
  let br = 0;
  for (const file of filesUnder(dir)) {
    if (!compressible.has(extname(file)) || statSync(file).size < smallestWorthIt) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
    files++;
    bytes += content.length;
    br += Math.min(brotli.length, content.length);
  }
  return { files, bytes, br };
}

export function precompressedAssets(): Plugin {
  let outDir = "dist";
  return {
    name: "chayong:precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/")
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    // After every other plugin has written its files (the service worker, the manifest).
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        const { files, bytes, br } = precompressDirectory(outDir);
        this.info(
          `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`,
        );
      },
    },
  };
}
