import { defineConfig } from "tsup";

export default defineConfig({
  // index: everything, both catalogs loaded (server, tests, Storybook). lazy: no catalog at all,
  // catalogs/<locale>: one catalog each, also what lazy's loadCatalog imports on demand.
  entry: {
    index: "src/index.ts",
    lazy: "src/lazy.ts",
    "catalogs/ko-KR": "src/catalogs/ko-KR.ts",
    "catalogs/zh-TW": "src/catalogs/zh-TW.ts",
  },
  format: ["esm"],
  // Shared code (the locale helpers, each catalog) goes into chunks the entries import, so no
  // catalog is ever copied into an entry that does not need it.
  splitting: true,
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
});
