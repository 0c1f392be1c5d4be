// Prints the gzip size of the JavaScript the entry route loads: the scripts and module preloads
// that dist/index.html names, everything they import statically (from Vite's manifest), plus the
// split chunk of the entry page (/pages/order/index) and its static imports. It also prints the
// API chunk (transport + SDK), which the app starts loading at boot in parallel with the page,
// and the sum of both: all the JavaScript before the order list shows its first contracts.
// Run after `vite build`:  pnpm --filter @chayong/web size
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const budgetBytes = 150 * 1024;
const entryRouteSource = "src/routes/pages/order/[index].tsx";
const apiChunkSource = "src/session/app-api.ts";
const dist = join(import.meta.dirname, "..", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8")) as Record<
  string,
  ManifestChunk
>;
const html = readFileSync(join(dist, "index.html"), "utf8");

const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

// Files index.html loads before anything runs: module scripts and modulepreload links.
const htmlFiles = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+)"/g),
].map((match) => match[1] ?? "");

function staticClosure(keys: string[], into: Set<string>): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) continue;
    into.add(key);
    staticClosure(chunk.imports ?? [], into);
  }
  return into;
}

const shellKeys = staticClosure(
  htmlFiles.map((file) => byFile.get(file)).filter((key): key is string => key !== undefined),
  new Set(),
);
const routeKey = Object.keys(manifest).find((key) => key.startsWith(entryRouteSource));
const entryKeys = staticClosure(routeKey ? [routeKey] : [], new Set(shellKeys));

function gzipBytes(keys: Iterable<string>) {
  const rows: Array<{ file: string; raw: number; gzip: number }> = [];
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (!file?.endsWith(".js")) continue;
    const content = readFileSync(join(dist, file));
    rows.push({ file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length });
  }
  return rows;
}

const apiKeys = new Set(
  [...staticClosure(manifest[apiChunkSource] ? [apiChunkSource] : [], new Set())].filter(
    (key) => !entryKeys.has(key),
  ),
);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows = gzipBytes(entryKeys);
for (const row of rows) {
  const where = shellKeys.has(byFile.get(row.file) ?? "") ? "shell" : "entry route";
  console.info(
    `${row.file.padEnd(44)} ${kb(row.raw).padStart(10)}  gzip ${kb(row.gzip).padStart(9)}  (${where})`,
  );
}
const shellGzip = gzipBytes(shellKeys).reduce((sum, row) => sum + row.gzip, 0);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.info(`shell (index.html graph): gzip ${kb(shellGzip)}`);
console.info(`entry route /pages/order/index: gzip ${kb(total)} (budget ${kb(budgetBytes)})`);
const apiGzip = gzipBytes(apiKeys).reduce((sum, row) => sum + row.gzip, 0);
console.info(`API chunk, loaded after boot in parallel: gzip ${kb(apiGzip)}`);
console.info(`entry route + API chunk (first contracts on screen): gzip ${kb(total + apiGzip)}`);
if (!routeKey) {
  console.error(`the entry route chunk (${entryRouteSource}) is missing from the manifest`);
  process.exitCode = 1;
}
if (total > budgetBytes) {
  console.error("over budget");
  process.exitCode = 1;
}
