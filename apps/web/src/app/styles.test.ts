// @vitest-environment node
import { join } from "node:path";
import { cssFiles, keepAllOutsideKorean } from "@chayong/vitest-config/css";
import { describe, expect, it } from "vitest";

const srcDir = join(import.meta.dirname, "..");

describe("the app's stylesheets", () => {
  it("keep words whole (word-break: keep-all) only under a Korean :lang rule", () => {
    // Korean inherits it from the page (app.css); Chinese has no spaces, so keep-all would make a
    // sentence one word and start a line with its comma.
    expect(cssFiles(srcDir).length).toBeGreaterThan(5);
    expect(keepAllOutsideKorean(srcDir)).toEqual([]);
  });
});
