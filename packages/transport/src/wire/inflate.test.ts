import { afterEach, describe, expect, it, vi } from "vitest";
import { canInflateEnvelopes } from "./inflate.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("canInflateEnvelopes", () => {
  it("is true where raw DEFLATE can be read (Node, current browsers)", () => {
    expect(canInflateEnvelopes()).toBe(true);
  });

  it("is false where DecompressionStream exists without raw DEFLATE (Chrome 80-102)", () => {
    vi.stubGlobal(
      "DecompressionStream",
      class {
        constructor(format: string) {
          if (format !== "gzip" && format !== "deflate") throw new TypeError("unsupported");
        }
      },
    );
    expect(canInflateEnvelopes()).toBe(false);
  });

  it("is false without DecompressionStream", () => {
    vi.stubGlobal("DecompressionStream", undefined);
    expect(canInflateEnvelopes()).toBe(false);
  });
});
