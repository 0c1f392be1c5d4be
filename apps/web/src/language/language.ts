import {
  type CatalogPart,
  indexFromLocale,
  type Locale,
  loadCatalogPart,
  localeFromIndex,
} from "@chayong/i18n/lazy";
import type { I18n } from "@lingui/core";
import { atom, type createStore, useAtomValue, useSetAtom } from "jotai";
import { loadTraditionalChineseFont } from "../fonts/traditional-chinese-font";
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
 * The pages the boot part of the catalogs covers (@chayong/i18n src/boot-messages.ts): the
 * entry page, login, and '/' (an alias of the entry page). Every other page waits for the rest.
 * src/language/boot-messages.test.tsx checks that these pages use no other message.
 */
export const bootPaths: ReadonlySet<string> = new Set([
  "/",
  "/pages/order/index",
  "/pages/login/index",
]);

export interface LanguageBinding {
  /**
   * Loads the rest of the messages of the active language (and, from then on, of every language
   * chosen) and resolves once they are in. Never rejects: a failed fetch is tried again later.
   */
  loadAllMessages: () => Promise<void>;
  unbind: () => void;
}

/**
 * Keeps lingui's active locale and the page's lang attribute on the stored language index,
 * whoever changes it (the picker, a storage clear, another tab). A language's messages are
 * fetched the first time they are needed: at start only the boot part of the reader's language
 * (what the entry page and the shell show); the rest once `loadAllMessages` asks for it (a page
 * beyond the entry page, the reader's first touch) or a message turns out to be missing. Until a
 * chosen language has arrived the previous one stays on screen, and at start the I18nProvider
 * renders nothing. When choices overlap, the latest wins. zh-TW also brings its web font.
 */
export function bindLanguage(store: ReturnType<typeof createStore>, i18n: I18n): LanguageBinding {
  const partLoads = new Map<string, Promise<void>>();
  const loadPart = (locale: Locale, part: CatalogPart) => {
    const key = `${locale}/${part}`;
    let load = partLoads.get(key);
    if (!load) {
      load = loadCatalogPart(locale, part).then((messages) => i18n.load(locale, messages));
      // A failed fetch (offline) is tried again on the next need, not remembered.
      load.catch(() => partLoads.delete(key));
      partLoads.set(key, load);
    }
    return load;
  };
  let allMessages = false;
  const loadLocale = (locale: Locale) =>
    Promise.all([
      loadPart(locale, "boot"),
      ...(allMessages ? [loadPart(locale, "rest")] : []),
    ]).then(() => undefined);

  let wanted: Locale | undefined;
  const apply = () => {
    const locale = store.get(localeAtom);
    wanted = locale;
    // zh-TW's web font comes with its messages, never before (apps/web/README.md "Fonts").
    if (locale === "zh-TW") {
      void loadTraditionalChineseFont();
    }
    loadLocale(locale).then(
      () => {
        if (wanted !== locale) return; // a later choice is on its way
        if (i18n.locale !== locale) i18n.activate(locale);
        if (typeof document !== "undefined") document.documentElement.lang = locale;
      },
      (error: unknown) => console.error(`the ${locale} catalog did not load`, error),
    );
  };

  const loadAllMessages = () => {
    allMessages = true;
    return loadLocale(store.get(localeAtom)).catch((error: unknown) => {
      console.error("the rest of the messages did not load", error);
    });
  };
  // A screen of the first pages showing a message outside the boot part: it shows its id for a
  // moment, then the text (i18n.load re-renders every translated component).
  const onMissing = () => void loadAllMessages();
  i18n.on("missing", onMissing);

  apply();
  const unsubscribe = store.sub(localeAtom, apply);
  return {
    loadAllMessages,
    unbind: () => {
      // A language still on its way is no longer applied (to the page's lang attribute either).
      wanted = undefined;
      unsubscribe();
      i18n.removeListener("missing", onMissing);
    },
  };
}

/**
 * Starts loading the rest of the messages at the reader's first touch, click or key press: the
 * next page they open then need not wait for it. Nothing is fetched for a reader who only looks.
 */
export function loadAllMessagesOnFirstInput(binding: LanguageBinding): () => void {
  const events = ["pointerdown", "keydown"] as const;
  const start = () => {
    stop();
    void binding.loadAllMessages();
  };
  const stop = () => {
    for (const event of events) window.removeEventListener(event, start, true);
  };
  for (const event of events) {
    window.addEventListener(event, start, { capture: true, passive: true });
  }
  return stop;
}
