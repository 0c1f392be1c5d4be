// @vitest-environment node
// The build step lives in scripts/ (vite.config.ts); tests only run from src/.
import { describe, expect, it } from "vitest";
import { woff2Sources } from "../../scripts/woff2-only";

describe("woff2Sources", () => {
  it("keeps the woff2 source of a fontsource @font-face and drops its woff fallback", () => {
    expect(
      woff2Sources(
        "url(./files/noto-sans-tc-0-400-normal.woff2) format('woff2'), url(./files/noto-sans-tc-0-400-normal.woff) format('woff')",
      ),
    ).toBe("url(./files/noto-sans-tc-0-400-normal.woff2) format('woff2')");
  });

  it("leaves a rule alone when woff is all it has, or when it has no woff", () => {
    const woffOnly = 'url(a.woff) format("woff")';
    expect(woff2Sources(woffOnly)).toBe(woffOnly);
    const local = 'local("Pretendard"), url(a.woff2) format("woff2")';
    expect(woff2Sources(local)).toBe(local);
  });
});
