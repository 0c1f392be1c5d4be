import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { hasMessage, isBootMessage, messageIds } from "@chayong/i18n";
import { describe, expect, it } from "vitest";
import { bootPaths } from "./language";

// The first screens load only the boot part of the catalog (@chayong/i18n src/boot-messages.ts).
// A message they show from outside it would read as its id until the rest arrives: these tests
// fail first, naming the id to add to the boot rules (or the screen to load later).

const srcDir = resolve(import.meta.dirname, "..");
/** The shell and the pages of `bootPaths`; every app file they import (at once or later) counts. */
const bootFiles = [
  "main.tsx",
  "app/bootstrap.tsx",
  "routes/__root.tsx",
  "routes/index.tsx",
  "routes/pages/order/[index].tsx",
  "routes/pages/login/[index].tsx",
];

/** The app's own files a file imports (relative imports), without the route tree (every page). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
    const target = match[1] ?? "";
    if (target.endsWith("routeTree.gen") || target.endsWith(".css")) continue;
    const base = join(dirname(file), target);
    for (const candidate of [`${base}.ts`, `${base}.tsx`, base]) {
      try {
        readFileSync(candidate);
        found.push(candidate);
        break;
      } catch {
        // not this extension
      }
    }
  }
  return found;
}

function bootSources(): Map<string, string> {
  const sources = new Map<string, string>();
  const queue = bootFiles.map((file) => join(srcDir, file));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (sources.has(file)) continue;
    sources.set(file, readFileSync(file, "utf8"));
    queue.push(...importsOf(file));
  }
  return sources;
}

describe("the messages of the first screens", () => {
  it("are all in the boot part: every id their code names, and every area it builds ids in", () => {
    expect(bootPaths).toEqual(new Set(["/", "/pages/order/index", "/pages/login/index"]));
    const outside: string[] = [];
    for (const [file, source] of bootSources()) {
      const where = file.slice(srcDir.length + 1);
      // The data layer names endpoints (`contract.view`), some of which read like message ids;
      // it shows no message.
      if (where.startsWith("data/")) continue;
      for (const match of source.matchAll(/["'`]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9-]+)+)["'`]/g)) {
        const id = match[1] ?? "";
        if (hasMessage(id) && !isBootMessage(id)) outside.push(`${where}: ${id}`);
      }
      // `contract.status.${code}`: every id of that area may show.
      for (const match of source.matchAll(/`([a-z][A-Za-z0-9.]*\.)\$\{/g)) {
        const area = match[1] ?? "";
        for (const id of messageIds.filter((candidate) => candidate.startsWith(area))) {
          if (!isBootMessage(id)) outside.push(`${where}: ${id}`);
        }
      }
    }
    expect(outside).toEqual([]);
  });
});

describe("the page frames", () => {
  it("are in the boot part: a page beyond the first ones shows its title, placeholders and load failure while it waits for the rest", () => {
    // A route's staticData names them (src/app/router.ts); RoutePending and RouteError show them,
    // DocumentTitle the title in the tab, before the page's messages have arrived.
    const routesDir = join(srcDir, "routes");
    const frames: string[] = [];
    for (const entry of readdirSync(routesDir, { recursive: true, encoding: "utf8" })) {
      if (!entry.endsWith(".tsx")) continue;
      const source = readFileSync(join(routesDir, entry), "utf8");
      for (const match of source.matchAll(/(titleId|loadingId|loadFailedId): "([^"]+)"/g)) {
        frames.push(`${entry}: ${match[2]}`);
      }
    }
    expect(frames.length).toBeGreaterThan(15);
    expect(frames.filter((frame) => !isBootMessage(frame.split(": ")[1] ?? ""))).toEqual([]);
  });
});
