// `@chayong/i18n`: everything in `@chayong/i18n/lazy`, plus both catalogs loaded from the start
// (`catalogs`, the shared `i18n`, `translate`) for the server and Storybook.
export { bootMessageRules, isBootMessage } from "./boot-messages";
export { catalogs, hasMessage, messageIds } from "./catalogs";
export { createI18n, i18n, translate } from "./instance";
export * from "./lazy";
