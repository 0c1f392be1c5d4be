import { setupI18n } from "@lingui/core";
import { createStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadTraditionalChineseFont } from "../fonts/traditional-chinese-font";
import { languageIndexAtom } from "../state/storage";
import { bindLanguage, chooseLanguageAtom, loadAllMessagesOnFirstInput } from "./language";

// The font's stylesheet is a browser matter (e2e/language/cjk-font.spec.ts): here, who asks for it.
vi.mock("../fonts/traditional-chinese-font", () => ({
  loadTraditionalChineseFont: vi.fn(() => Promise.resolve()),
}));

afterEach(() => {
  localStorage.clear();
  vi.mocked(loadTraditionalChineseFont).mockClear();
});

describe("bindLanguage", () => {
  it("starts with no active language until the stored language's catalog has loaded", async () => {
    localStorage.setItem("languageIndex", "1");
    const i18n = setupI18n();
    const { unbind } = bindLanguage(createStore(), i18n);

    // Nothing to show yet: the I18nProvider renders nothing rather than untranslated ids.
    expect(i18n.locale).toBeFalsy();
    await vi.waitFor(() => expect(i18n.locale).toBe("zh-TW"));
    expect(i18n._("tab.orderList")).toBe("訂單列表");
    expect(document.documentElement.lang).toBe("zh-TW");
    unbind();
  });

  it("applies nothing once unbound, not even a language still on its way", async () => {
    document.documentElement.lang = "ko-KR";
    localStorage.setItem("languageIndex", "1");
    const i18n = setupI18n();
    const { loadAllMessages, unbind } = bindLanguage(createStore(), i18n);
    unbind();

    // The catalog still arrives (the fetch is not cancelled), but nothing is switched to it.
    await loadAllMessages();
    expect(i18n.locale).toBeFalsy();
    expect(document.documentElement.lang).toBe("ko-KR");
  });

  it("keeps the previous language on screen until the chosen one has loaded", async () => {
    const i18n = setupI18n();
    const store = createStore();
    const { unbind } = bindLanguage(store, i18n);
    await vi.waitFor(() => expect(i18n.locale).toBe("ko-KR"));

    store.set(chooseLanguageAtom, "zh-TW");
    expect(i18n.locale).toBe("ko-KR");
    expect(store.get(languageIndexAtom)).toBe(1);
    await vi.waitFor(() => expect(i18n.locale).toBe("zh-TW"));
    expect(i18n._("tab.orderList")).toBe("訂單列表");
    unbind();
  });

  it("brings the Traditional Chinese font with zh-TW, never for a Korean reader", async () => {
    const i18n = setupI18n();
    const store = createStore();
    const { unbind } = bindLanguage(store, i18n);
    await vi.waitFor(() => expect(i18n.locale).toBe("ko-KR"));
    expect(loadTraditionalChineseFont).not.toHaveBeenCalled();

    store.set(chooseLanguageAtom, "zh-TW");
    expect(loadTraditionalChineseFont).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(i18n.locale).toBe("zh-TW"));
    unbind();
  });

  it("ends on the latest choice when choices overlap", async () => {
    const i18n = setupI18n();
    const store = createStore();
    const { unbind } = bindLanguage(store, i18n);
    await vi.waitFor(() => expect(i18n.locale).toBe("ko-KR"));

    // zh-TW is still loading when the reader goes back to Korean.
    store.set(chooseLanguageAtom, "zh-TW");
    store.set(chooseLanguageAtom, "ko-KR");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.locale).toBe("ko-KR");
    expect(document.documentElement.lang).toBe("ko-KR");
    unbind();
  });

  it("loads only the boot part at start, and the rest when asked, for every later language too", async () => {
    const i18n = setupI18n();
    const store = createStore();
    const binding = bindLanguage(store, i18n);
    await vi.waitFor(() => expect(i18n.locale).toBe("ko-KR"));
    expect(i18n._("tab.orderList")).toBe("주문 내역");
    expect(i18n.messages["stats.title"]).toBeUndefined();

    await binding.loadAllMessages();
    expect(i18n._("stats.title")).toBe("통계");

    // From now on a chosen language comes whole: the me page never shows an id after a switch.
    store.set(chooseLanguageAtom, "zh-TW");
    await vi.waitFor(() => expect(i18n.locale).toBe("zh-TW"));
    expect(i18n._("stats.title")).toBe("統計");
    binding.unbind();
  });

  it("loads the rest when a screen asks for a message outside the boot part", async () => {
    const i18n = setupI18n();
    const binding = bindLanguage(createStore(), i18n);
    await vi.waitFor(() => expect(i18n.locale).toBe("ko-KR"));
    expect(i18n._("stats.title")).toBe("stats.title");
    await vi.waitFor(() => expect(i18n._("stats.title")).toBe("통계"));
    binding.unbind();
  });

  it("starts loading the rest at the reader's first touch or key, once", async () => {
    const binding = { loadAllMessages: vi.fn(() => Promise.resolve()), unbind: () => {} };
    const stop = loadAllMessagesOnFirstInput(binding);
    expect(binding.loadAllMessages).not.toHaveBeenCalled();
    window.dispatchEvent(new Event("pointerdown"));
    window.dispatchEvent(new Event("keydown"));
    expect(binding.loadAllMessages).toHaveBeenCalledTimes(1);
    stop();
  });
});
