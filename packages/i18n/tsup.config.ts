import { defineConfig } from "tsup";

export default defineConfig({
  // index: everything, both catalogs loaded (server, tests, Storybook). lazy: no catalog at all,
  // catalogs/<locale>: one catalog each; catalogs/<locale>-<part>: its boot and rest parts
  // (src/boot-messages.ts), what lazy's loadCatalogPart imports on demand.
  entry: {
    index: "src/index.ts",
    lazy: "src/lazy.ts",
    "catalogs/ko-KR": "src/catalogs/ko-KR.ts",
    "catalogs/zh-TW": "src/catalogs/zh-TW.ts",
    "catalogs/ko-KR-boot": "src/catalogs/ko-KR-boot.ts",
    "catalogs/ko-KR-rest": "src/catalogs/ko-KR-rest.ts",
    "catalogs/zh-TW-boot": "src/catalogs/zh-TW-boot.ts",
    "catalogs/zh-TW-rest": "src/catalogs/zh-TW-rest.ts",
  },
  format: ["esm"],
  // Shared code (the locale helpers, each catalog) goes into chunks the entries import, so no
  // catalog is ever copied into an entry that does not need it.
  splitting: true,
  // JavaScript only: the declarations are `build`'s (tsc, tsconfig.build.json).
  sourcemap: true,
  clean: true,
  target: "es2022",
});
