import { defineConfig } from "tsup";

export default defineConfig({
  // index: the client (no request schema at run time); server: the full table for the server.
  entry: { index: "src/index.ts", server: "src/server.ts" },
  format: ["esm"],
  // The two entries share the table, the answer schemas and the client through chunks.
  splitting: true,
  // `build:js` (tests need only the JavaScript) leaves the declarations to `build` (--dts-only).
  dts: process.env.CHAYONG_BUILD !== "js",
  sourcemap: true,
  clean: true,
  target: "es2022",
});
