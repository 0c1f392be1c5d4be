import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiQuery } from "../data/api-query";
import { slowRequestCountAtom } from "../session/error-catalogue";
import { languageIndexAtom } from "../state/storage";
import { renderApp } from "../test/render-app";

/**
 * The customer-service contact, read under a key of the test's own: the service button observes
 * the contact's usual key, and remounted while the read was in flight (a loaded CI machine) it
 * cancelled the read the test was waiting for.
 */
const contact = apiQuery("config.service", { configKey: "line" });
const serviceConfig = {
  ...contact,
  // The query function reads the endpoint and its input from the first two elements.
  queryKey: [...contact.queryKey, "offline-notice-test"] as unknown as typeof contact.queryKey,
};

// The connection notice (src/shell/catalogue-host.tsx): "no internet" while the browser says it is
// offline; "cannot reach the server" since a request could not get out while the browser is
// online (transport kind `unreachable`: a stopped server, say), in the reader's language.

const koreanOffline = "인터넷에 연결되어 있지 않습니다";
const chineseOffline = "目前沒有網路連線";
const koreanUnreachable = "서버에 연결할 수 없습니다";
const chineseUnreachable = "無法連線到伺服器";

let online = true;
beforeEach(() => {
  online = true;
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
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

  it("says the server cannot be reached when a request cannot get out while the phone is online, with no modal, until a request gets through", async () => {
    const { network, routes } = flakyNetwork();
    const { queryClient } = renderApp("/pages/login/index", { signedIn: false, routes });
    await screen.findByRole("heading", { name: "로그인" });

    network.down = true;
    await expect(queryClient.fetchQuery(serviceConfig)).rejects.toMatchObject({
      kind: "unreachable",
    });
    await vi.waitFor(() => expect(notice(koreanUnreachable)).toBeTruthy());
    // The phone has a network: it is not told it has none.
    expect(notice(koreanOffline)).toBeNull();
    // The 'check the API address' tip is not put on top of it.
    expect(screen.queryByRole("dialog")).toBeNull();

    network.down = false;
    await queryClient.fetchQuery(serviceConfig);
    await vi.waitFor(() => expect(notice(koreanUnreachable)).toBeNull());
  });

  it("says 'no internet' rather than 'server' when the phone goes offline after a failed request, in Chinese too", async () => {
    const { network, routes } = flakyNetwork();
    const { queryClient, store } = renderApp("/pages/login/index", { signedIn: false, routes });
    await screen.findByRole("heading", { name: "로그인" });
    store.set(languageIndexAtom, 1);
    network.down = true;
    await queryClient.fetchQuery(serviceConfig).catch(() => {});
    await vi.waitFor(() => expect(notice(chineseUnreachable)).toBeTruthy());

    goOffline(true);
    await vi.waitFor(() => expect(notice(chineseOffline)).toBeTruthy());
    expect(notice(chineseUnreachable)).toBeNull();
  });

  it("a browser back online forgets the failed request too", async () => {
    const { network, routes } = flakyNetwork();
    const { queryClient } = renderApp("/pages/login/index", { signedIn: false, routes });
    await screen.findByRole("heading", { name: "로그인" });
    network.down = true;
    await queryClient.fetchQuery(serviceConfig).catch(() => {});
    await vi.waitFor(() => expect(notice(koreanUnreachable)).toBeTruthy());

    goOffline(true);
    goOffline(false);
    await vi.waitFor(() => expect(notice(koreanUnreachable)).toBeNull());
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
