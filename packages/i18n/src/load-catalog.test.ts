import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { isBootMessage } from "./boot-messages";
import { catalogs } from "./catalogs";
import { loadCatalog, loadCatalogPart } from "./load-catalog";
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
    expect(i18n._("login.sms.cooldown", { seconds: 42 })).toBe("42초 후에 다시 받을 수 있습니다");

    i18n.load("zh-TW", await loadCatalog("zh-TW"));
    i18n.activate("zh-TW");
    expect(i18n._("login.sms.cooldown", { seconds: 42 })).toBe("請於 42 秒後重新發送");
  });

  it("gives the default locale's catalog for a value that is not a locale", async () => {
    // Callers outside TypeScript (a hand-edited storage entry) may hand over anything.
    expect(await loadCatalog("en-US" as Locale)).toEqual(catalogs["ko-KR"]);
  });

  it("is its boot and rest parts together, each id in exactly one of them", async () => {
    for (const locale of locales) {
      const boot = await loadCatalogPart(locale, "boot");
      const rest = await loadCatalogPart(locale, "rest");
      expect(Object.keys(boot).every(isBootMessage)).toBe(true);
      expect(Object.keys(rest).some(isBootMessage)).toBe(false);
      expect({ ...boot, ...rest }).toEqual(catalogs[locale]);
      expect(Object.keys(boot).length + Object.keys(rest).length).toBe(
        Object.keys(catalogs[locale]).length,
      );
    }
  });

  it("loads the boot part alone first, the rest adding to it", async () => {
    const i18n = setupI18n();
    i18n.load("zh-TW", await loadCatalogPart("zh-TW", "boot"));
    i18n.activate("zh-TW");
    expect(i18n._("tab.orderList")).toBe("訂單列表");
    expect(i18n._("stats.title")).toBe("stats.title");
    i18n.load("zh-TW", await loadCatalogPart("zh-TW", "rest"));
    expect(i18n._("stats.title")).toBe("統計");
    expect(i18n._("tab.orderList")).toBe("訂單列表");
    // The part it started with is untouched: another instance gets the boot part alone.
    expect((await loadCatalogPart("zh-TW", "boot"))["stats.title"]).toBeUndefined();
  });
});
