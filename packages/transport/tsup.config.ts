import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    node: "src/node.ts",
    // The page's first reads, bundled on their own into the web app's index.html.
    "first-read": "src/first-read/index.ts",
    // The waits alone: an app's first screen reads them without any other code of the package.
    waits: "src/client/waits.ts",
  },
  format: ["esm"],
  // JavaScript only: the declarations are `build`'s (tsc, tsconfig.build.json).
  sourcemap: true,
  clean: true,
  target: "es2022",
});
