import { describe, expect, it } from "vitest";
import * as full from "./index";
import * as lazy from "./lazy";

describe("@chayong/i18n/lazy", () => {
  it("offers the locale helpers, the date formatters and the catalog loaders of the full entry, and no catalog", () => {
    expect(Object.keys(lazy).sort()).toEqual([
      "catalogParts",
      "defaultLocale",
      "formatCalendarDate",
      "formatDate",
      "formatInstant",
      "formatRecordedInstant",
      "indexFromLocale",
      "isLocale",
      "languageOptions",
      "loadCatalog",
      "loadCatalogPart",
      "localeFromIndex",
      "locales",
      "negotiateLocale",
      "withZoneOffset",
    ]);
    const fullExports = new Map(Object.entries(full));
    for (const [name, value] of Object.entries(lazy)) {
      expect(fullExports.get(name)).toBe(value);
    }
  });
});
