import { indexFromLocale, type Locale, localeFromIndex } from "@chayong/i18n";
import type { I18n } from "@lingui/core";
import { atom, type createStore, useAtomValue, useSetAtom } from "jotai";
import { languageIndexAtom, setLanguageIndexAtom } from "../state/storage";

/** The active locale, from the stored language index (0 ko-KR, 1 zh-TW). */
export const localeAtom = atom((get) => localeFromIndex(get(languageIndexAtom)));

/** The user picks a language: both stored entries change, and with them the whole app. */
export const chooseLanguageAtom = atom(null, (_get, set, locale: Locale) => {
  const index = indexFromLocale(locale);
  set(languageIndexAtom, index);
  set(setLanguageIndexAtom, index);
});

export function useLanguage(): { locale: Locale; choose: (locale: Locale) => void } {
  return { locale: useAtomValue(localeAtom), choose: useSetAtom(chooseLanguageAtom) };
}

/**
 * Keeps lingui's active locale and the page's lang attribute on the stored language index,
 * whoever changes it (the picker, a storage clear, another tab). Returns the unsubscribe.
 */
export function bindLanguage(store: ReturnType<typeof createStore>, i18n: I18n): () => void {
  const apply = () => {
    const locale = store.get(localeAtom);
    if (i18n.locale !== locale) i18n.activate(locale);
    if (typeof document !== "undefined") document.documentElement.lang = locale;
  };
  apply();
  return store.sub(localeAtom, apply);
}
