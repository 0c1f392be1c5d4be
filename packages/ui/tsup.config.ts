import { existsSync, readdirSync } from "node:fs";
import { defineConfig } from "tsup";

// Every component folder (src/<name>/index.ts) is also an entry. With code splitting, index.js
// then only re-exports from one chunk per component, and an app's bundler (the package is
// side-effect free but for its CSS) takes just the components a page uses into that page's
// chunk: the signature pad and perfect-freehand stay out of a list page.
const components = readdirSync(new URL("./src", import.meta.url), { withFileTypes: true })
  .filter((entry) => existsSync(new URL(`./src/${entry.name}/index.ts`, import.meta.url)))
  .map((entry) => entry.name);

export default defineConfig({
  // index: the components; styles: tokens + every component's CSS in one file (dist/styles.css);
  // fonts: the web font alone (dist/fonts.css), for the contract document.
  entry: {
    index: "src/index.ts",
    styles: "src/styles.css",
    fonts: "src/fonts.css",
    ...Object.fromEntries(components.map((name) => [`components/${name}`, `src/${name}/index.ts`])),
  },
  format: ["esm"],
  splitting: true,
  // Only `@chayong/ui` (index) and `@chayong/ui/styles.css` are public; the component entries
  // exist to shape the chunks.
  // JavaScript only: the declarations are `build`'s (tsc, tsconfig.build.json).
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
