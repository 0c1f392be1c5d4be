import { messages as korean } from "@chayong/i18n/catalogs/ko-KR-boot";
import { type I18n, setupI18n } from "@lingui/core";
import { LinguiContext } from "@lingui/react";
import { useContext } from "react";
import type { UiMessageId } from "./ui-messages";

export type UiTranslate = (id: UiMessageId, values?: Record<string, unknown>) => string;

// Only the boot part of the Korean catalog (every built-in string is in it), made on first use:
// an app that mounts an I18nProvider (and loads its catalogs lazily) never pays here for a second
// language or for the messages its first screen does not show.
let koreanI18n: I18n | undefined;
const withoutProvider: UiTranslate = (id, values) => {
  koreanI18n ??= setupI18n({ locale: "ko-KR", messages: { "ko-KR": korean } });
  return koreanI18n._(id, values);
};

/**
 * Translates the kit's built-in strings with the app's lingui instance when an I18nProvider is
 * mounted (and re-renders when its locale changes), and in Korean, the product's default
 * language, otherwise: every component also works on its own. Reading the context directly,
 * instead of useLingui(), avoids its throw when no provider is mounted.
 */
export function useUiText(): UiTranslate {
  const context = useContext(LinguiContext);
  if (!context) {
    return withoutProvider;
  }
  const { i18n } = context;
  return (id, values) => i18n._(id, values);
}

/**
 * The language the kit writes dates and numbers in: the app's lingui locale when an I18nProvider
 * is mounted (re-rendering when it changes), Korean, the product's default, otherwise.
 */
export function useUiLocale(): string {
  return useContext(LinguiContext)?.i18n.locale || "ko-KR";
}
