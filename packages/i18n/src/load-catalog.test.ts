import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { catalogs } from "./catalogs";
import { loadCatalog } from "./load-catalog";
import { type Locale, locales } from "./locale";

describe("loadCatalog", () => {
  it("gives each locale its own compiled catalog, the same one `catalogs` holds", async () => {
    for (const locale of locales) {
      expect(await loadCatalog(locale)).toEqual(catalogs[locale]);
    }
    expect(await loadCatalog("zh-TW")).not.toEqual(await loadCatalog("ko-KR"));
  });

  it("fills an instance that started without catalogs, one language at a time", async () => {
    const i18n = setupI18n();
    i18n.load("ko-KR", await loadCatalog("ko-KR"));
    i18n.activate("ko-KR");
    expect(i18n._("login.sms.cooldown", { seconds: 42 })).toBe("42초 후에 다시 요청할 수 있습니다");

    i18n.load("zh-TW", await loadCatalog("zh-TW"));
    i18n.activate("zh-TW");
    expect(i18n._("login.sms.cooldown", { seconds: 42 })).toBe("請於 42 秒後再重新發送");
  });

  it("gives the default locale's catalog for a value that is not a locale", async () => {
    // Callers outside TypeScript (a hand-edited storage entry) may hand over anything.
    expect(await loadCatalog("en-US" as Locale)).toEqual(catalogs["ko-KR"]);
  });
});
