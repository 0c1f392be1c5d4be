import { defaultLocale, translate } from "@chayong/i18n";
import { LinguiContext } from "@lingui/react";
import { useContext } from "react";
import type { UiMessageId } from "./ui-messages";

export type UiTranslate = (id: UiMessageId, values?: Record<string, unknown>) => string;

const withoutProvider: UiTranslate = (id, values) => translate(id, defaultLocale, values);

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
