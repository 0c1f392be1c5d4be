export { catalogs, hasMessage, messageIds } from "./catalogs";
export { createI18n, i18n, translate } from "./instance";
export { loadCatalog } from "./load-catalog";
export {
  defaultLocale,
  indexFromLocale,
  isLocale,
  type LanguageIndex,
  type LanguageOption,
  type Locale,
  languageOptions,
  localeFromIndex,
  locales,
  negotiateLocale,
} from "./locale";
