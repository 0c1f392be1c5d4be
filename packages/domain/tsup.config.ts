import { readdirSync } from "node:fs";
import { defineConfig } from "tsup";

// Every source module is also an entry. With code splitting, dist/index.js then only
// re-exports from one file per module, and an app's bundler (the package is side-effect free)
// places each rule with the screens that use it: a list that shows a phone number takes
// phone/display, not phone/phone and libphonenumber, which the contract form needs.
const modules = readdirSync(new URL("./src", import.meta.url), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "index.ts")
  .map((file) => file.replace(/\.ts$/, ""));

export default defineConfig({
  entry: {
    index: "src/index.ts",
    ...Object.fromEntries(modules.map((name) => [`modules/${name}`, `src/${name}.ts`])),
  },
  format: ["esm"],
  splitting: true,
  // Only `@chayong/domain` (index) is public; the module entries exist to shape the chunks.
  // JavaScript only: the declarations are `build`'s (tsc, tsconfig.build.json).
  sourcemap: true,
  clean: true,
  target: "es2022",
});
