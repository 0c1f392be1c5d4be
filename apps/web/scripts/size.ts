// The gzip size of all the JavaScript the entry route (/pages/order/index) runs before it shows
// the first contracts, for a signed-in reader of the default language (ko-KR): THE figure held
// against the budget below (README "Bundle size": the goal is 125 KB). It is the sum of four parts, each chunk with what it imports
// statically (Vite's manifest), each file counted once, under the first part that reaches it:
//   first read    the inline script in dist/index.html that sends the page's first calls
//                 (src/first-read/) before the app's code has arrived
//   shell         the module script and modulepreloads of dist/index.html
//   catalog       the boot part of the ko-KR catalog (bootstrap loads the active language's boot
//                 part at start; the rest comes when the reader leaves the first screens)
//   entry route   the page's split chunk (the router loads it at start)
// e2e/performance/entry-route-load.spec.ts checks in Chromium that these are exactly the
// scripts the page fetches before its list has loaded, but for what the app imports once the
// page has loaded and is idle (src/shell/after-page-load.ts: the API chunk — transport, SDK and
// answer schemas, which the list does not need when its first read answered —, the service
// worker's registration, the floating service button), off the critical path: listed apart
// (afterPageLoadScripts) and not counted.
// Run after `vite build`:  pnpm --filter @chayong/web size   (exits 1 when over budget)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Manifest;
}

export type LoadPart = "first read" | "shell" | "entry route" | "catalog ko-KR";

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

/**
 * What the entry route may not grow past. The goal is 125 KB. On Preact
 * (scripts/react-on-preact.ts) the route needs 84 KB (React DOM alone was 57 KB of the 141 KB
 * before); the budget holds what was reached, with a little room, so that nothing grows unnoticed.
 */
export const budgetBytes = 88 * 1024;
/** Marks the preloads scripts/entry-route-preload-plugin.ts adds for the entry route's parts. */
export const entryRoutePreloadAttribute = "data-entry-route";
const entryRouteSource = "src/routes/pages/order/[index].tsx";
/** What the app imports only once the page has loaded and is idle (src/shell/after-page-load.ts). */
const afterPageLoadSources = [
  "src/session/app-api.ts",
  "src/shell/service-worker/register-service-worker.ts",
  "src/shell/service-button.tsx",
];
const activeCatalog = "ko-KR";
/** The part of the catalog loaded at start (@chayong/i18n src/boot-messages.ts). */
const bootCatalog = `${activeCatalog}-boot`;

/** What the entry route loads before its first contracts show, from a built dist/. */
export function measureEntryRouteLoad(dist: string): EntryRouteLoad {
  const manifest = readManifest(dist);
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const keys = Object.keys(manifest);

  const htmlFiles = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/g),
    // The shell's own preloads, not those scripts/entry-route-preload-plugin.ts adds for the
    // entry route's parts (counted below under their parts).
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)]
      .filter((match) => !match[0].includes(entryRoutePreloadAttribute))
      .map((match) => /href="\/?([^"]+)"/.exec(match[0]) ?? []),
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
          key.endsWith(`i18n/dist/catalogs/${bootCatalog}.js`) ||
          (!manifest[key]?.src && manifest[key]?.name === bootCatalog),
      ),
    ],
    ["entry route", keys.filter((key) => key.startsWith(entryRouteSource))],
  ];

  const counted = new Set<string>();
  const scripts: LoadedScript[] = [...inlineScripts(html)];
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

/** The scripts written inside index.html (the first read), counted like files. */
function inlineScripts(html: string): LoadedScript[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match, index) => {
      const content = Buffer.from(match[1] ?? "");
      return {
        file: `index.html <script> ${index + 1}`,
        part: "first read" as const,
        raw: content.length,
        gzip: gzipSync(content, { level: 9 }).length,
      };
    },
  );
}

/**
 * The scripts the app imports once the page has loaded and is idle (the service worker's
 * registration with workbox-window, the floating service button) that the entry route does not
 * load anyway: fetched after the page's `load` event, so outside the figure.
 */
export function afterPageLoadScripts(dist: string): string[] {
  const manifest = readManifest(dist);
  const counted = new Set(measureEntryRouteLoad(dist).scripts.map((script) => script.file));
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || counted.has(chunk.file)) return;
    if (chunk.file.endsWith(".js")) files.add(chunk.file);
    for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      visit(imported);
    }
  };
  for (const source of afterPageLoadSources) visit(source);
  return [...files];
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
    `entry route /pages/order/index, everything before the first contracts show: gzip ${kb(load.totalGzip)} (${load.totalGzip} bytes; budget ${kb(budgetBytes)}, ${budgetBytes} bytes)`,
  );
  for (const part of load.missing) console.error(`not found in the build: ${part}`);
  if (load.totalGzip > budgetBytes) console.error("over budget");
}

if (import.meta.main) {
  const dist = join(import.meta.dirname, "..", "dist");
  const load = measureEntryRouteLoad(dist);
  printReport(load);
  const afterLoad = afterPageLoadScripts(dist);
  if (afterLoad.length > 0) {
    console.info(`not counted, loaded after the page has loaded: ${afterLoad.join(", ")}`);
  }
  if (load.missing.length > 0 || load.totalGzip > budgetBytes) process.exitCode = 1;
}
