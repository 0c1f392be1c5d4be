// One locale's compiled catalog as its own module (`@chayong/i18n/catalogs/zh-TW`), so a
// browser bundle carries only the catalogs it imports or loads (see load-catalog.ts).
export { messages } from "../locales/zh-TW/messages.mjs";
