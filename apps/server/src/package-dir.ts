import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

let cached: string | undefined;

/**
 * The folder holding the server's package.json, found from this module's location, so paths
 * (migrations, the default web folder) resolve the same from src/ under vitest and from dist/.
 */
export function serverPackageDir(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, "utf8")) as { name?: string };
      if (name === "@chayong/server") {
        cached = dir;
        return dir;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("cannot find the @chayong/server package folder");
    dir = parent;
  }
}

/**
 * A separate entry of the server (a thread's or a process's), named `name` beside the module at
 * `callerUrl` (its `import.meta.url`). Built (`dist/`), tsup emits it beside the chunk the caller
 * is bundled into; from the sources (tests, `startServerProcess`), Node runs the TypeScript file
 * with its type stripping and the server's resolve hook for extensionless imports.
 */
export function entryBeside(callerUrl: string, name: string): { url: URL; execArgv: string[] } {
  if (callerUrl.endsWith(".ts")) {
    const resolveHook = pathToFileURL(join(serverPackageDir(), "bench", "ts-resolve.ts"));
    return { url: new URL(`./${name}.ts`, callerUrl), execArgv: ["--import", resolveHook.href] };
  }
  return { url: new URL(`./${name}.js`, callerUrl), execArgv: [] };
}
