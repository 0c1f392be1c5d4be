import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  defaultLocale,
  indexFromLocale,
  isLocale,
  languageOptions,
  localeFromIndex,
  locales,
  negotiateLocale,
} from "./locale";

describe("language index", () => {
  it("maps 0 to ko-KR and 1 to zh-TW, as numbers or stored strings", () => {
    expect(localeFromIndex(0)).toBe("ko-KR");
    expect(localeFromIndex(1)).toBe("zh-TW");
    expect(localeFromIndex("0")).toBe("ko-KR");
    expect(localeFromIndex("1")).toBe("zh-TW");
    expect(localeFromIndex(" 1 ")).toBe("zh-TW");
  });

  it("falls back to ko-KR for anything else", () => {
    for (const value of [2, -1, 0.5, Number.NaN, "", "2", "zh-TW", "01x", null, undefined]) {
      expect(localeFromIndex(value), String(value)).toBe("ko-KR");
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer().filter((n) => n !== 1),
          fc.string().filter((s) => s.trim() !== "1"),
        ),
        (value) => localeFromIndex(value) === "ko-KR",
      ),
    );
  });

  it("round-trips every locale, and locales are in index order", () => {
    expect(defaultLocale).toBe("ko-KR");
    expect(locales).toEqual(["ko-KR", "zh-TW"]);
    for (const locale of locales) {
      expect(localeFromIndex(indexFromLocale(locale))).toBe(locale);
      expect(locales[indexFromLocale(locale)]).toBe(locale);
    }
    expect(indexFromLocale("ko-KR")).toBe(0);
    expect(indexFromLocale("zh-TW")).toBe(1);
  });

  it("offers each language under its own name, value = index", () => {
    expect(languageOptions).toEqual([
      { label: "ko-KR", value: 0, name: "한국어" },
      { label: "zh-TW", value: 1, name: "繁體中文" },
    ]);
    for (const option of languageOptions) {
      expect(indexFromLocale(option.label)).toBe(option.value);
      expect(isLocale(option.label)).toBe(true);
    }
    expect(isLocale("zh-CN")).toBe(false);
  });
});

describe("negotiateLocale", () => {
  it.each([
    [undefined, "ko-KR"],
    ["", "ko-KR"],
    ["ko-KR", "ko-KR"],
    ["ko", "ko-KR"],
    ["zh-TW", "zh-TW"],
    ["zh-Hant", "zh-TW"],
    ["zh-HK", "zh-TW"],
    ["zh-Hant-HK", "zh-TW"],
    ["zh-MO", "zh-TW"],
    ["ZH-tw", "zh-TW"],
    ["en-US,en;q=0.9", "ko-KR"],
    ["en-US,en;q=0.9,zh-TW;q=0.5", "zh-TW"],
    ["zh-TW;q=0.5,ko;q=0.8", "ko-KR"],
    ["ko;q=0,zh-TW", "zh-TW"],
    ["zh-TW,ko-KR", "zh-TW"],
    ["ko-KR,zh-TW", "ko-KR"],
    ["zh-CN", "zh-TW"],
    ["zh-CN,zh;q=0.9", "zh-TW"],
    ["zh-CN,ko;q=0.5", "ko-KR"],
    ["zh-CN,zh-TW;q=0.2,ko;q=0.1", "zh-TW"],
    ["*", "ko-KR"],
    [",,;q=abc, ;", "ko-KR"],
  ] as const)("%s -> %s", (header, expected) => {
    expect(negotiateLocale(header)).toBe(expected);
  });

  it("always answers a supported locale", () => {
    fc.assert(fc.property(fc.string(), (header) => isLocale(negotiateLocale(header))));
  });
});
