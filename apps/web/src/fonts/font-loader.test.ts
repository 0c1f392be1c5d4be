import { afterEach, describe, expect, it, vi } from "vitest";
import { fontLoader } from "./font-loader";

describe("fontLoader", () => {
  afterEach(() => vi.restoreAllMocks());

  it("adds the stylesheet once however often it is called", async () => {
    const importStylesheet = vi.fn(() => Promise.resolve({}));
    const load = fontLoader("Test", importStylesheet);
    await Promise.all([load(), load()]);
    await load();
    expect(importStylesheet).toHaveBeenCalledTimes(1);
  });

  it("logs a failed load with the font's name, never rejects, and tries again on the next call", async () => {
    const failure = new Error("network");
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const importStylesheet = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce({});
    const load = fontLoader("Korean (Pretendard)", importStylesheet);
    await expect(load()).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledWith("the Korean (Pretendard) font did not load", failure);
    await load();
    expect(importStylesheet).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
