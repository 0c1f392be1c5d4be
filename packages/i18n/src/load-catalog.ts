import type { Messages } from "@lingui/core";
import { defaultLocale, type Locale } from "./locale";

// Dynamic imports, one per locale: a bundler splits each catalog into its own chunk, and a
// browser fetches only the catalog of the language the reader uses.
const loaders: Readonly<Record<Locale, () => Promise<{ messages: Messages }>>> = {
  "ko-KR": () => import("./catalogs/ko-KR"),
  "zh-TW": () => import("./catalogs/zh-TW"),
};

/**
 * The compiled catalog of one locale, loaded on demand. Load it into an I18n with
 * `i18n.load(locale, messages)` before activating the locale. A value that is not a locale
 * (storage edited by hand) gets the default locale's catalog.
 */
export function loadCatalog(locale: Locale): Promise<Messages> {
  const load = loaders[locale] ?? loaders[defaultLocale];
  return load().then((module) => module.messages);
}
