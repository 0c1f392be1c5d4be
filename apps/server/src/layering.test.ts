import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The server's layers, bottom first (README "Layout"). A module may import modules of its own
 * layer and of the layers below it, never above: a feature never reaches up into the HTTP
 * pipeline, and the pipeline reaches down into the features through the handler registry.
 * A module belongs to the layer of the longest path below that names it.
 */
const layers: { name: string; paths: string[] }[] = [
  {
    // Knows nothing of calls: settings, the database, storage, SMS, messages, counters, and the
    // engines, ciphers and the signing certificate the server context holds.
    name: "platform",
    paths: [
      "config/",
      "db/",
      "files/",
      "jobs/",
      "logging/",
      "messages/",
      "metrics/",
      "request-ceiling/",
      "sms/",
      "outcome.ts",
      "package-dir.ts",
      "seeded-random.ts",
      "identity/face/",
      "identity/ocr/",
      "identity/personal-data-cipher.ts",
      "identity/identity-keys-file.ts",
      "uploads/file-addresses.ts",
      "contracts/seal/signing-certificate.ts",
      "contracts/seal/cms-signature.ts",
    ],
  },
  // Everything a handler may use, built once at start.
  { name: "context", paths: ["context.ts"] },
  // What every feature shares: a call, its caller, a handler's type, the audit log.
  { name: "calls", paths: ["calls/", "audit/"] },
  {
    // The product: each folder's libraries and its handlers. Features use each other's
    // libraries, never each other's handlers.
    name: "features",
    paths: [
      "auth/",
      "contracts/",
      "customers/",
      "identity/",
      "lenders/",
      "money/",
      "notices/",
      "service-config/",
      "templates/",
      "uploads/",
    ],
  },
  // The ways in: the HTTP pipeline (with the handler registry) and the operator's commands.
  { name: "interfaces", paths: ["http/", "operator/"] },
  // Starting a server or a command.
  { name: "entry", paths: ["server.ts", "index.ts", "main.ts", "cli.ts"] },
];

/** Helpers of tests and benchmarks: outside the layers, and no server module imports them. */
const testSupport = ["testing/", "identity/face/fixtures/", "identity/ocr/id-card-accuracy.ts"];

/** The one module that imports handler files: it maps every endpoint id to its handler. */
const handlerRegistry = "http/handler-registry.ts";

const sourceDir = dirname(fileURLToPath(import.meta.url));

interface Arrow {
  from: string;
  to: string;
}

function longestMatch(file: string, paths: readonly string[]): string | undefined {
  return paths
    .filter((path) => (path.endsWith("/") ? file.startsWith(path) : file === path))
    .sort((a, b) => b.length - a.length)[0];
}

function layerOf(file: string): number {
  let best: { index: number; length: number } | undefined;
  layers.forEach((layer, index) => {
    const match = longestMatch(file, layer.paths);
    if (match !== undefined && (best === undefined || match.length > best.length)) {
      best = { index, length: match.length };
    }
  });
  if (best === undefined) throw new Error(`${file} is in no layer: add its folder to one`);
  return best.index;
}

function isTestSupport(file: string): boolean {
  return longestMatch(file, testSupport) !== undefined;
}

function isHandlerFile(file: string): boolean {
  return /(^|\/|-)handlers\.ts$/.test(file);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts")
      ? [path]
      : [];
  });
}

/** `./call` from `http/app.ts` → `http/call.ts` (or `…/index.ts`), relative to src/. */
function resolveImport(fromFile: string, specifier: string, known: Set<string>): string {
  const base = relative(sourceDir, resolve(sourceDir, dirname(fromFile), specifier))
    .split(sep)
    .join("/");
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) {
    if (known.has(candidate)) return candidate;
  }
  throw new Error(`${fromFile}: cannot resolve ${specifier}`);
}

/** Every relative import (static, type-only, re-export or dynamic) between src/'s modules. */
function importArrows(): { files: string[]; arrows: Arrow[] } {
  const files = sourceFiles(sourceDir).map((path) =>
    relative(sourceDir, path).split(sep).join("/"),
  );
  const known = new Set(files);
  const arrows = files.flatMap((from) => {
    const text = readFileSync(join(sourceDir, from), "utf8");
    const targets = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith("."))
      .map((specifier) => resolveImport(from, specifier, known));
    return [...new Set(targets)].map((to) => ({ from, to }));
  });
  return { files, arrows };
}

const describeArrow = ({ from, to }: Arrow) =>
  `${from} (${layers[layerOf(from)]?.name}) → ${to} (${layers[layerOf(to)]?.name})`;

describe("the server's layers", () => {
  const { files, arrows } = importArrows();
  const layered = arrows.filter(({ from }) => !isTestSupport(from));

  it("puts every module in one layer", () => {
    for (const file of files.filter((file) => !isTestSupport(file))) {
      expect(() => layerOf(file), file).not.toThrow();
    }
  });

  it("has no import arrow pointing upward", () => {
    const upward = layered.filter(
      ({ from, to }) => !isTestSupport(to) && layerOf(to) > layerOf(from),
    );
    expect(
      upward.map(describeArrow),
      `${upward.length} of ${layered.length} import arrows point upward`,
    ).toEqual([]);
  });

  it("imports handler files from the handler registry only", () => {
    const reachedFor = layered.filter(
      ({ from, to }) => isHandlerFile(to) && from !== handlerRegistry,
    );
    expect(reachedFor.map(describeArrow)).toEqual([]);
  });

  it("keeps handler maps in handler files", () => {
    const misplaced = files.filter(
      (file) =>
        !isHandlerFile(file) &&
        /export const \w+Handlers\s*:/.test(readFileSync(join(sourceDir, file), "utf8")),
    );
    expect(misplaced).toEqual([]);
  });

  it("never imports a test helper into the server", () => {
    const intoTests = layered.filter(({ to }) => isTestSupport(to));
    expect(intoTests.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });
});
