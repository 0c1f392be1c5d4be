import type { Messages } from "@lingui/core";
import { defaultLocale, type Locale } from "./locale";

/**
 * A catalog comes in two parts (src/boot-messages.ts): `boot`, what a phone's first screens
 * need, and `rest`, everything else.
 */
export type CatalogPart = "boot" | "rest";

export const catalogParts: readonly CatalogPart[] = ["boot", "rest"];

type Loader = () => Promise<{ messages: Messages }>;

// Dynamic imports, one per locale and part: a bundler splits each into its own chunk, and a
// browser fetches only the parts of the language the reader uses, when it needs them.
const loaders: Readonly<Record<Locale, Readonly<Record<CatalogPart, Loader>>>> = {
  "ko-KR": {
    boot: () => import("./catalogs/ko-KR-boot"),
    rest: () => import("./catalogs/ko-KR-rest"),
  },
  "zh-TW": {
    boot: () => import("./catalogs/zh-TW-boot"),
    rest: () => import("./catalogs/zh-TW-rest"),
  },
};

/**
 * One part of one locale's compiled catalog, loaded on demand, as a new object. Load it into an
 * I18n with `i18n.load(locale, messages)` (parts add up). A value that is not a locale (storage edited by
 * hand) gets the default locale's.
 */
export function loadCatalogPart(locale: Locale, part: CatalogPart): Promise<Messages> {
  const load = (loaders[locale] ?? loaders[defaultLocale])[part];
  // A copy: lingui merges a later part into the object it was first given, which must not be
  // the module's own (another I18n, e.g. the UI kit's Korean fallback, may hold it).
  return load().then((module) => ({ ...module.messages }));
}

/**
 * The whole compiled catalog of one locale (both parts), loaded on demand. Load it into an I18n
 * with `i18n.load(locale, messages)` before activating the locale.
 */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  const parts = await Promise.all(catalogParts.map((part) => loadCatalogPart(locale, part)));
  return Object.assign({}, ...parts);
}
