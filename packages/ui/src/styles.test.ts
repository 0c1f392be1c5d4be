// @vitest-environment node
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { cssFiles, keepAllOutsideKorean } from "@chayong/vitest-config/css";
import { describe, expect, it } from "vitest";

const srcDir = fileURLToPath(new URL(".", import.meta.url));

describe("styles.css", () => {
  it("imports every component's stylesheet, so @chayong/ui/styles.css styles them all", () => {
    const entry = readFileSync(join(srcDir, "styles.css"), "utf8");
    const imported = new Set(
      [...entry.matchAll(/@import "\.\/([^"]+)";/g)].map((match) => match[1]),
    );
    const files = cssFiles(srcDir)
      .map((file) => relative(srcDir, file))
      .filter((file) => file !== "styles.css" && file !== "fonts.css");
    expect(files.filter((file) => !imported.has(file))).toEqual([]);
    expect(files.length).toBeGreaterThan(20);
  });

  it("leaves the web font out, to fonts.css alone, as a bare import for the app's bundler", () => {
    const styles = readFileSync(join(srcDir, "styles.css"), "utf8");
    const fonts = readFileSync(join(srcDir, "fonts.css"), "utf8");
    const imports = (css: string) => [...css.matchAll(/@import "([^"]+)";/g)].map((m) => m[1]);
    expect(imports(styles).filter((path) => !path?.startsWith("./"))).toEqual([]);
    expect(styles).not.toContain("@font-face");
    expect(imports(fonts)).toEqual([
      "pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css",
    ]);
  });

  it("keeps words whole (word-break: keep-all) only under a Korean :lang rule", () => {
    // Chinese has no spaces: keep-all makes a sentence one word, and a comma starts a line.
    expect(keepAllOutsideKorean(srcDir)).toEqual([]);
  });
});
