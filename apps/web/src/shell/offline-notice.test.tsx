import { i18n } from "@chayong/i18n";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { slowRequestCountAtom } from "../session/error-catalogue";
import { languageIndexAtom } from "../state/storage";
import { renderApp } from "../test/render-app";

// The offline notice (src/shell/catalogue-host.tsx): shown while the browser says it is offline,
// or since a request could not get out (transport kind `unreachable`), in the reader's language.

const koreanOffline = "인터넷에 연결되어 있지 않습니다";
const chineseOffline = "目前沒有網路連線";

let online = true;
beforeEach(() => {
  online = true;
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  i18n.activate("ko-KR");
  Reflect.deleteProperty(navigator, "onLine");
});

function goOffline(isOffline: boolean) {
  online = !isOffline;
  window.dispatchEvent(new Event(isOffline ? "offline" : "online"));
}

const notice = (text: string) => screen.queryByText(text);

/** The API server's one answer, or a connection that never gets out while `down`. */
function flakyNetwork() {
  const network = { down: false };
  const route = () => {
    if (network.down) throw new TypeError("Failed to fetch");
    return { body: { configKey: "line", extInfoJSON: "{}" } };
  };
  return { network, routes: { "/api/v1/config": route } };
}

describe("the offline notice", () => {
  it("shows while the browser is offline, from the start and after, and goes when back", async () => {
    online = false;
    renderApp("/pages/login/index", { signedIn: false });
    expect(await screen.findByText(koreanOffline)).toBeTruthy();

    goOffline(false);
    await vi.waitFor(() => expect(notice(koreanOffline)).toBeNull());

    goOffline(true);
    await vi.waitFor(() => expect(notice(koreanOffline)).toBeTruthy());
  });

  it("shows when a request cannot get out, with no modal, until a request gets through", async () => {
    const { network, routes } = flakyNetwork();
    const { services } = renderApp("/pages/login/index", { signedIn: false, routes });
    await screen.findByRole("heading", { name: "로그인" });

    network.down = true;
    await expect(services.api.config.service({ configKey: "line" })).rejects.toMatchObject({
      kind: "unreachable",
    });
    await vi.waitFor(() => expect(notice(koreanOffline)).toBeTruthy());
    // The 'check the API address' tip is not put on top of it.
    expect(screen.queryByRole("dialog")).toBeNull();

    network.down = false;
    await services.api.config.service({ configKey: "line" });
    await vi.waitFor(() => expect(notice(koreanOffline)).toBeNull());
  });

  it("a browser back online forgets the failed request too", async () => {
    const { network, routes } = flakyNetwork();
    const { services } = renderApp("/pages/login/index", { signedIn: false, routes });
    await screen.findByRole("heading", { name: "로그인" });
    network.down = true;
    await services.api.config.service({ configKey: "line" }).catch(() => {});
    await vi.waitFor(() => expect(notice(koreanOffline)).toBeTruthy());

    goOffline(true);
    goOffline(false);
    await vi.waitFor(() => expect(notice(koreanOffline)).toBeNull());
  });

  it("speaks the reader's language, and says offline rather than 'slow' when both apply", async () => {
    online = false;
    const { store } = renderApp("/pages/login/index", { signedIn: false });
    store.set(languageIndexAtom, 1);
    store.set(slowRequestCountAtom, 1);
    expect(await screen.findByText(chineseOffline)).toBeTruthy();
    expect(notice("網路狀況不佳，請稍候")).toBeNull();

    goOffline(false);
    await vi.waitFor(() => expect(notice("網路狀況不佳，請稍候")).toBeTruthy());
    expect(notice(chineseOffline)).toBeNull();
  });
});
