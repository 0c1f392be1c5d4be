import { defineConfig } from "tsup";

export default defineConfig({
  // index: the client (no request schema at run time); server: the full table for the server.
  entry: { index: "src/index.ts", server: "src/server.ts" },
  format: ["esm"],
  // The two entries share the table, the answer schemas and the client through chunks.
  splitting: true,
  // JavaScript only: the declarations are `build`'s (tsc, tsconfig.build.json).
  sourcemap: true,
  clean: true,
  target: "es2022",
});
