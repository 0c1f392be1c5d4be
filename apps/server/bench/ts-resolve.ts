// Lets Node run the server's TypeScript sources directly (built-in type stripping, no build of
// apps/server and no tsx): src/ imports its modules without an extension ("./config/config"), as
// the bundler resolution of tsconfig allows; this hook tries "<specifier>.ts" when Node cannot
// find a relative specifier as written. Loaded with `node --import ./bench/ts-resolve.ts`.
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, nextResolve) {
    const relative = specifier.startsWith("./") || specifier.startsWith("../");
    if (!relative || /\.[cm]?[jt]s$/.test(specifier)) return nextResolve(specifier, context);
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== "ERR_MODULE_NOT_FOUND" && code !== "ERR_UNSUPPORTED_DIR_IMPORT") throw error;
      try {
        return nextResolve(`${specifier}.ts`, context);
      } catch {
        return nextResolve(`${specifier}/index.ts`, context);
      }
    }
  },
});
