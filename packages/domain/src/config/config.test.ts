import { describe, expect, it } from "vitest";
import { languageFromIndex, languageIndexOf, languageOptions, parseServiceConfig } from "./config";

describe("service config and languages (docs/entities.md#service-config)", () => {
  it("reads extInfoJSON into line_img, line and line_url", () => {
    const ext = JSON.stringify({
      line_img: "https://x/qr.png",
      line: "@chayong",
      line_url: "https://line.me/x",
      extra: 1,
    });
    expect(parseServiceConfig(ext)).toEqual({
      ok: true,
      value: { line_img: "https://x/qr.png", line: "@chayong", line_url: "https://line.me/x" },
    });
    expect(parseServiceConfig("{not json")).toMatchObject({
      ok: false,
      errors: [{ key: "common.invalidValue" }],
    });
    expect(parseServiceConfig("{}")).toMatchObject({
      ok: false,
      errors: [{ field: "line_img" }, { field: "line" }, { field: "line_url" }],
    });
  });

  it("has ko-KR = 0 (default) and zh-TW = 1", () => {
    expect(languageOptions).toEqual([
      { label: "ko-KR", value: 0 },
      { label: "zh-TW", value: 1 },
    ]);
    expect(languageFromIndex(1)).toBe("zh-TW");
    expect(languageFromIndex("1")).toBe("zh-TW");
    expect(languageFromIndex(7)).toBe("ko-KR");
    expect(languageFromIndex(null)).toBe("ko-KR");
    expect(languageIndexOf("zh-TW")).toBe(1);
  });
});
