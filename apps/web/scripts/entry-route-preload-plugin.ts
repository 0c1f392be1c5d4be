// The entry route's code asked for at once (README "Serving"): index.html names the shell's
// chunks, but the order list's own chunk and the Korean boot catalog are dynamic imports the
// shell makes only once it runs — a second and third round trip on a slow phone. Module preloads
// for them (and what they import) let the browser fetch everything in one wave. The API client
// is not among them: the list shows what the page's first read answered (src/first-read/), and
// the API chunk loads after the page has (src/app/bootstrap.tsx).
import type { Plugin, Rollup } from "vite";
// Marks the preloads this plugin adds, so size.ts still tells them from the shell's.
import { entryRoutePreloadAttribute } from "./size";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Sources whose chunks the entry route `/pages/order/index` loads before its first contracts show
 * (the same parts `scripts/size.ts` counts). */
export const entryRouteDynamicParts = [
  (chunk: OutputChunk) =>
    chunk.facadeModuleId?.includes("src/routes/pages/order/[index].tsx") === true,
  (chunk: OutputChunk) =>
    chunk.name === "ko-KR-boot" ||
    chunk.facadeModuleId?.endsWith("catalogs/ko-KR-boot.js") === true,
];

function chunksOf(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === "chunk");
}

/** The files to preload: the entry route's dynamic parts and their static imports, minus the shell. */
export function entryRoutePreloads(bundle: OutputBundle): string[] {
  const chunks = chunksOf(bundle);
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const shell = new Set<string>();
  const addShell = (file: string) => {
    if (shell.has(file)) return;
    shell.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) addShell(imported);
  };
  for (const chunk of chunks) if (chunk.isEntry) addShell(chunk.fileName);

  const preloads = new Set<string>();
  const add = (file: string) => {
    if (shell.has(file) || preloads.has(file)) return;
    preloads.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) add(imported);
  };
  for (const isPart of entryRouteDynamicParts) {
    const part = chunks.find(isPart);
    if (!part)
      throw new Error("entry-route preload: a part of the entry route is not in the build");
    add(part.fileName);
  }
  return [...preloads];
}

export function entryRoutePreload(): Plugin {
  return {
    name: "chayong:entry-route-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        if (!context.bundle) return [];
        return entryRoutePreloads(context.bundle).map((file) => ({
          tag: "link",
          attrs: {
            rel: "modulepreload",
            crossorigin: true,
            href: `/${file}`,
            [entryRoutePreloadAttribute]: true,
          },
          injectTo: "head" as const,
        }));
      },
    },
  };
}
