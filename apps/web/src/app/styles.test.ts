// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const srcDir = join(import.meta.dirname, "..");

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? cssFiles(join(dir, entry.name))
      : entry.name.endsWith(".css")
        ? [join(dir, entry.name)]
        : [],
  );
}

describe("the app's stylesheets", () => {
  it("keep words whole (word-break: keep-all) only under a Korean :lang rule", () => {
    // Korean inherits it from the page (app.css); Chinese has no spaces, so keep-all would make a
    // sentence one word and start a line with its comma.
    const files = cssFiles(srcDir);
    const outsideKorean = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/([^{};]+)\{([^{}]*)\}/g)]
        .filter(
          ([, selector, body]) => body?.includes("keep-all") && !selector?.includes(":lang(ko)"),
        )
        .map(([, selector]) => `${relative(srcDir, file)}: ${selector?.trim()}`),
    );
    expect(files.length).toBeGreaterThan(5);
    expect(outsideKorean).toEqual([]);
  });
});
