// `@chayong/i18n/lazy`: the languages and their catalogs loaded on demand, without any catalog
// in it. Browser bundles import this instead of `@chayong/i18n`, whose `i18n`, `translate`
// and `catalogs` hold both catalogs from the start (fine for the server, heavy for a phone).
export {
  type FormatDateOptions,
  formatCalendarDate,
  formatDate,
  formatInstant,
  formatRecordedInstant,
  withZoneOffset,
} from "./format-date";
export { type CatalogPart, catalogParts, loadCatalog, loadCatalogPart } from "./load-catalog";
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
