// The gzip size of all the JavaScript the entry route (/pages/order/index) loads before it shows
// the first contracts, for a signed-in reader of the default language (ko-KR): THE figure held
// against the 150 KB budget. It is the sum of four parts, each with what it imports statically
// (Vite's manifest), each file counted once, under the first part that reaches it:
//   shell         the module script and modulepreloads of dist/index.html
//   catalog       the ko-KR catalog (bootstrap loads the active language's catalog at start)
//   API           transport, SDK and answer schemas (bootstrap imports them at start; the list
//                 cannot ask for contracts without them)
//   entry route   the page's split chunk (the router loads it at start)
// e2e/performance/entry-route-load.spec.ts checks in Chromium that these are exactly the
// scripts the page fetches before its list has loaded.
// Run after `vite build`:  pnpm --filter @chayong/web size   (exits 1 when over budget)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
}

export type LoadPart = "shell" | "entry route" | "API" | "catalog ko-KR";

export interface LoadedScript {
  file: string;
  part: LoadPart;
  raw: number;
  gzip: number;
}

export interface EntryRouteLoad {
  scripts: LoadedScript[];
  totalGzip: number;
  /** Parts that could not be found in the build (a renamed file, a changed split). */
  missing: string[];
}

export const budgetBytes = 150 * 1024;
const entryRouteSource = "src/routes/pages/order/[index].tsx";
const apiSource = "src/session/app-api.ts";
const activeCatalog = "ko-KR";

/** What the entry route loads before its first contracts show, from a built dist/. */
export function measureEntryRouteLoad(dist: string): EntryRouteLoad {
  const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const keys = Object.keys(manifest);

  const htmlFiles = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g),
  ].map((match) => match[1] ?? "");
  // In this order, so a chunk two parts share is listed under the first (the API chunk, which
  // the entry page also imports, under API).
  const starts: [LoadPart, string[]][] = [
    ["shell", htmlFiles.map((file) => keyOfFile.get(file)).filter((key) => key !== undefined)],
    [
      `catalog ${activeCatalog}`,
      // A dynamic entry when nothing imports the catalog statically; otherwise a shared chunk
      // that keeps the catalog's name.
      keys.filter(
        (key) =>
          key.endsWith(`i18n/dist/catalogs/${activeCatalog}.js`) ||
          (!manifest[key]?.src && manifest[key]?.name === activeCatalog),
      ),
    ],
    ["API", keys.filter((key) => key === apiSource)],
    ["entry route", keys.filter((key) => key.startsWith(entryRouteSource))],
  ];

  const counted = new Set<string>();
  const scripts: LoadedScript[] = [];
  const missing: string[] = [];
  const visit = (key: string, part: LoadPart) => {
    const chunk = manifest[key];
    if (!chunk || counted.has(key)) return;
    counted.add(key);
    if (chunk.file.endsWith(".js")) {
      const content = readFileSync(join(dist, chunk.file));
      const gzip = gzipSync(content, { level: 9 }).length;
      scripts.push({ file: chunk.file, part, raw: content.length, gzip });
    }
    for (const imported of chunk.imports ?? []) visit(imported, part);
  };
  for (const [part, partKeys] of starts) {
    if (partKeys.length === 0) missing.push(part);
    for (const key of partKeys) visit(key, part);
  }
  return { scripts, totalGzip: scripts.reduce((sum, s) => sum + s.gzip, 0), missing };
}

function printReport(load: EntryRouteLoad): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const s of load.scripts) {
    console.info(
      `${s.file.padEnd(44)} ${kb(s.raw).padStart(9)}  gzip ${kb(s.gzip).padStart(8)}  (${s.part})`,
    );
  }
  const parts = [...new Set(load.scripts.map((s) => s.part))];
  for (const part of parts) {
    const gzip = load.scripts.filter((s) => s.part === part).reduce((sum, s) => sum + s.gzip, 0);
    console.info(`  ${part.padEnd(14)} gzip ${kb(gzip).padStart(8)}`);
  }
  console.info(
    `entry route /pages/order/index, everything before the first contracts show: gzip ${kb(load.totalGzip)} (budget ${kb(budgetBytes)})`,
  );
  for (const part of load.missing) console.error(`not found in the build: ${part}`);
  if (load.totalGzip > budgetBytes) console.error("over budget");
}

if (import.meta.main) {
  const load = measureEntryRouteLoad(join(import.meta.dirname, "..", "dist"));
  printReport(load);
  if (load.missing.length > 0 || load.totalGzip > budgetBytes) process.exitCode = 1;
}
