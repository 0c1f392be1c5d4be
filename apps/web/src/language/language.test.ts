import { setupI18n } from "@lingui/core";
import { createStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { languageIndexAtom } from "../state/storage";
import { bindLanguage, chooseLanguageAtom } from "./language";

afterEach(() => localStorage.clear());

describe("bindLanguage", () => {
  it("starts with no active language until the stored language's catalog has loaded", async () => {
    localStorage.setItem("languageIndex", "1");
    const i18n = setupI18n();
    const unbind = bindLanguage(createStore(), i18n);

    // Nothing to show yet: the I18nProvider renders nothing rather than untranslated ids.
    expect(i18n.locale).toBeFalsy();
    await vi.waitFor(() => expect(i18n.locale).toBe("zh-TW"));
    expect(i18n._("tab.orderList")).toBe("訂單列表");
    expect(document.documentElement.lang).toBe("zh-TW");
    unbind();
  });

  it("keeps the previous language on screen until the chosen one has loaded", async () => {
    const i18n = setupI18n();
    const store = createStore();
    const unbind = bindLanguage(store, i18n);
    await vi.waitFor(() => expect(i18n.locale).toBe("ko-KR"));

    store.set(chooseLanguageAtom, "zh-TW");
    expect(i18n.locale).toBe("ko-KR");
    expect(store.get(languageIndexAtom)).toBe(1);
    await vi.waitFor(() => expect(i18n.locale).toBe("zh-TW"));
    expect(i18n._("tab.orderList")).toBe("訂單列表");
    unbind();
  });

  it("ends on the latest choice when choices overlap", async () => {
    const i18n = setupI18n();
    const store = createStore();
    const unbind = bindLanguage(store, i18n);
    await vi.waitFor(() => expect(i18n.locale).toBe("ko-KR"));

    // zh-TW is still loading when the reader goes back to Korean.
    store.set(chooseLanguageAtom, "zh-TW");
    store.set(chooseLanguageAtom, "ko-KR");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.locale).toBe("ko-KR");
    expect(document.documentElement.lang).toBe("ko-KR");
    unbind();
  });
});
