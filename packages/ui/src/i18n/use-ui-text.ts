import { LinguiContext } from "@lingui/react";
import { useContext } from "react";
import { type UiMessageId, uiMessages } from "./ui-messages";

export type UiTranslate = (id: UiMessageId, values?: Record<string, unknown>) => string;

/**
 * Translates the kit's built-in strings with the app's lingui instance when an I18nProvider is
 * mounted, and falls back to Korean otherwise, so every component also works on its own (tests,
 * a page without i18n). Reading the context directly, instead of useLingui(), avoids its throw.
 */
export function useUiText(): UiTranslate {
  const context = useContext(LinguiContext);
  if (!context) {
    return (id) => uiMessages[id];
  }
  const i18n = context.i18n;
  return (id, values) => i18n._({ id, message: uiMessages[id], values });
}
