import { defineConfig } from "tsup";

export default defineConfig({
  // index: the components; styles: tokens + every component's CSS in one file (dist/styles.css).
  entry: { index: "src/index.ts", styles: "src/styles.css" },
  format: ["esm"],
  dts: { entry: { index: "src/index.ts" } },
  sourcemap: true,
  clean: true,
  target: "es2022",
  // Peers and runtime deps stay imports; Pretendard stays a CSS @import for the app's bundler.
  external: [
    "react",
    "react-dom",
    "react/jsx-runtime",
    "@lingui/react",
    "@lingui/core",
    "perfect-freehand",
    "pretendard",
  ],
});
