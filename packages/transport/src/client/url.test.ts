import { describe, expect, it } from "vitest";
import { resolveUrl } from "./url.ts";

describe("resolveUrl", () => {
  it.each([
    [
      "https://api.example.com",
      "/api/v1/contract/add",
      "https://api.example.com/api/v1/contract/add",
    ],
    [
      "https://api.example.com/",
      "api/v1/contract/add",
      "https://api.example.com/api/v1/contract/add",
    ],
    ["https://example.com/gateway//", "//api/x".slice(1), "https://example.com/gateway/api/x"],
    ["https://example.com/gateway", "upload/image", "https://example.com/gateway/upload/image"],
    [
      "https://example.com",
      "/api/v1/config?configKey=line",
      "https://example.com/api/v1/config?configKey=line",
    ],
  ])("prefixes %s + %s", (base, path, expected) => {
    expect(resolveUrl(base, path)).toBe(expected);
  });

  it("leaves absolute URLs alone", () => {
    expect(resolveUrl("https://api.example.com", "https://files.example.com/a")).toBe(
      "https://files.example.com/a",
    );
  });

  it("resolves a relative base against the page in a browser, and refuses it without one", () => {
    const global = globalThis as { location?: { href: string } };
    expect(() => resolveUrl("/", "api/x")).toThrow(TypeError);
    global.location = { href: "https://app.example.com/#/pages/login/index" };
    try {
      expect(resolveUrl("/", "api/x")).toBe("https://app.example.com/api/x");
      expect(resolveUrl("", "/api/x")).toBe("https://app.example.com/api/x");
      expect(resolveUrl("https://api.example.com", "//cdn.example.com/a")).toBe(
        "https://cdn.example.com/a",
      );
    } finally {
      delete global.location;
    }
  });
});
