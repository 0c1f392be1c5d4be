import { DEFAULT_SLOW_NETWORK_MS, DEFAULT_TIMEOUT_MS } from "@chayong/transport/waits";
import { ToastProvider } from "@chayong/ui";
import { type I18n, setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type RouterHistory, RouterProvider } from "@tanstack/react-router";
import { createStore, Provider as JotaiProvider } from "jotai";
import { StrictMode } from "react";
import { createQueryClient } from "../data/query-client";
import { forgetFirstReads, takeFirstRead } from "../first-read/take-first-read";
import { bindLanguage, loadAllMessagesOnFirstInput } from "../language/language";
import type { AppApi } from "../session/app-api";
import { createErrorCatalogue } from "../session/error-catalogue";
import { goToLogin } from "../session/login-redirect";
import { afterPageLoad } from "../shell/after-page-load";
import { watchConnectivity } from "../shell/connectivity";
import { forgetSessionAtom } from "../state/session-scoped";
import { deviceAtom, tokenAtom } from "../state/storage";
import { type AppRouter, createAppRouter } from "./router";
import type { RuntimeSettings } from "./runtime-settings";
import { type AppServices, ServicesProvider } from "./services";

export interface AppInstance {
  store: ReturnType<typeof createStore>;
  /** The app's own lingui instance: its active language and the catalog parts loaded so far. */
  i18n: I18n;
  router: AppRouter;
  queryClient: QueryClient;
  services: AppServices;
  /**
   * Undoes what the app started outside itself, after it is unmounted: its language binding (a
   * language still on its way is not applied, to the page's lang attribute either), the
   * window's listeners, its store subscription. The tests mount one app after another on one
   * page.
   */
  stop: () => void;
}

/** Wires state, language, router, error catalogue, query client, transport and SDK once. */
export function createApp(options: {
  history: RouterHistory;
  settings: RuntimeSettings;
  fetch?: typeof fetch;
  store?: ReturnType<typeof createStore>;
}): AppInstance {
  const store = options.store ?? createStore();
  // The device entry exists from the first launch on, and survives every storage clear.
  if (!store.get(deviceAtom)) store.set(deviceAtom);
  // Its own instance, not lingui's global: nothing outside this app (another app on the same
  // page, as in the tests, or a library) can switch its language or see its catalogs.
  const i18n = setupI18n();
  const language = bindLanguage(store, i18n);
  const stops = [language.unbind];
  if (typeof window !== "undefined") {
    stops.push(loadAllMessagesOnFirstInput(language), watchConnectivity(store));
  }
  // An ended session goes to the router's login page (the router is made below, with the
  // query client that needs this catalogue).
  const catalogue = createErrorCatalogue({
    store,
    goToLogin: (reason) => goToLogin(router, reason),
  });
  // The API chunk (transport, SDK, answer schemas) loads on the first call, or once the page has
  // loaded: the first screens show what the page's first reads answered without it.
  let api: Promise<AppApi> | undefined;
  const loadApi = () => {
    api ??= import("../session/app-api").then(
      (module) =>
        module.createAppApi({ store, catalogue, settings: options.settings, fetch: options.fetch }),
      (error: unknown) => {
        // Not there (offline, a new version deployed meanwhile): the next call tries again.
        api = undefined;
        throw error;
      },
    );
    return api;
  };
  const inBrowser = typeof window !== "undefined";
  if (inBrowser) afterPageLoad(() => void loadApi());
  const queryClient = createQueryClient({
    loadApi,
    catalogue,
    takeFirstRead: (id, input) => takeFirstRead(id, input, store.get(tokenAtom)),
    waits: {
      timeoutMs: options.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      slowNetworkMs: options.settings.slowNetworkMs ?? DEFAULT_SLOW_NETWORK_MS,
    },
    ...(inBrowser ? { afterPageLoad } : {}),
  });
  // Whatever one session read is never shown to the next (login, logout, an ended session).
  stops.push(
    store.sub(tokenAtom, () => {
      store.set(forgetSessionAtom);
      queryClient.clear();
      forgetFirstReads();
    }),
  );
  const router = createAppRouter({
    store,
    queryClient,
    i18n,
    history: options.history,
    loadAllMessages: language.loadAllMessages,
  });
  // The first screen took what it asked the page's first reads for; the rest is dropped.
  const firstScreenShown = router.subscribe("onResolved", () => {
    forgetFirstReads();
    firstScreenShown();
  });
  return {
    store,
    i18n,
    router,
    queryClient,
    services: { catalogue },
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}

export function App({ app }: { app: AppInstance }) {
  return (
    <StrictMode>
      <JotaiProvider store={app.store}>
        <I18nProvider i18n={app.i18n}>
          <QueryClientProvider client={app.queryClient}>
            <ServicesProvider services={app.services}>
              <ToastProvider>
                <RouterProvider router={app.router} />
              </ToastProvider>
            </ServicesProvider>
          </QueryClientProvider>
        </I18nProvider>
      </JotaiProvider>
    </StrictMode>
  );
}
