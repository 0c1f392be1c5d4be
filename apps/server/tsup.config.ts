import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    main: "src/main.ts",
    cli: "src/cli.ts",
    // The PDF thread's entry, found beside the bundle at run time (src/contracts/pdf/pdf-thread.ts).
    "pdf-worker": "src/contracts/pdf/pdf-worker.ts",
    // The OCR runs' launcher process, found the same way (src/identity/ocr/launcher.ts).
    "launcher-process": "src/identity/ocr/launcher-process.ts",
    // Test photos for identity verification, for the web app's browser tests (devDependencies).
    testing: "src/testing/identity-kit.ts",
  },
  format: ["esm"],
  dts: { entry: { index: "src/index.ts", testing: "src/testing/identity-kit.ts" } },
  sourcemap: true,
  clean: true,
  target: "node22",
  platform: "node",
  // A native module (a devDependency tsup would otherwise try to bundle).
  external: ["@napi-rs/canvas"],
  // Drizzle is bundled in: on Node 24 each of its ~100 modules loaded from node_modules makes
  // Node read its 178 KB package.json (the exports map) again, about 1.5 MB of garbage per
  // module that an idle server never collects (README, "Memory at idle"). Native and WASM
  // packages (PGlite, sharp) stay external.
  noExternal: [/^drizzle-orm(\/|$)/],
});
