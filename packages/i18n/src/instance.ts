import { type I18n, i18n as linguiI18n, setupI18n } from "@lingui/core";
import { catalogs } from "./catalogs";
import { defaultLocale, type Locale } from "./locale";

/** A fresh lingui I18n with both catalogs loaded and `locale` active. */
export function createI18n(locale: Locale = defaultLocale): I18n {
  return setupI18n({ locale, messages: { ...catalogs } });
}

/**
 * lingui's own global `i18n` from @lingui/core, with both catalogs: code compiled by the lingui
 * macro (which imports that global) and code calling `i18n._(id)` read the same catalogs and
 * active locale. Storybook passes it to @lingui/react's I18nProvider. The web app does not: each
 * app makes its own instance and loads its catalogs as needed (apps/web, `createApp`).
 */
export const i18n: I18n = linguiI18n;
i18n.load({ ...catalogs });
i18n.activate(defaultLocale);

// One private instance per locale: `translate` never reads or changes an active locale, so
// concurrent server requests in different languages cannot disturb each other.
const fixed: Readonly<Record<Locale, I18n>> = {
  "ko-KR": createI18n("ko-KR"),
  "zh-TW": createI18n("zh-TW"),
};

/**
 * The sentence for a message id in `locale`, with `{placeholder}` values filled in. For the
 * server and other code without an active locale. An unknown id comes back as the id itself
 * (lingui's behaviour); `hasMessage` tells the two apart.
 */
export function translate(id: string, locale: Locale, values?: Record<string, unknown>): string {
  // A caller outside TypeScript may hand over any string; such a caller gets Korean.
  return (fixed[locale] ?? fixed[defaultLocale])._(id, values);
}
