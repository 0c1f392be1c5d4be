import { indexFromLocale, type Locale, loadCatalog, localeFromIndex } from "@chayong/i18n/lazy";
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
 * whoever changes it (the picker, a storage clear, another tab). A language's catalog is
 * fetched the first time it is needed (only the reader's language is downloaded at start);
 * until it arrives the previous language stays on screen, and at start the I18nProvider renders
 * nothing. When choices overlap, the latest wins. Returns the unsubscribe.
 */
export function bindLanguage(store: ReturnType<typeof createStore>, i18n: I18n): () => void {
  const catalogLoads = new Map<Locale, Promise<void>>();
  const loadInto = (locale: Locale) => {
    let load = catalogLoads.get(locale);
    if (!load) {
      load = loadCatalog(locale).then((messages) => i18n.load(locale, messages));
      // A failed fetch (offline) is tried again on the next change, not remembered.
      load.catch(() => catalogLoads.delete(locale));
      catalogLoads.set(locale, load);
    }
    return load;
  };
  let wanted: Locale | undefined;
  const apply = () => {
    const locale = store.get(localeAtom);
    wanted = locale;
    loadInto(locale).then(
      () => {
        if (wanted !== locale) return; // a later choice is on its way
        if (i18n.locale !== locale) i18n.activate(locale);
        if (typeof document !== "undefined") document.documentElement.lang = locale;
      },
      (error: unknown) => console.error(`the ${locale} catalog did not load`, error),
    );
  };
  apply();
  return store.sub(localeAtom, apply);
}
