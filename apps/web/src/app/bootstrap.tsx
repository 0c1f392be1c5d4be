import { ToastProvider } from "@chayong/ui";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { type RouterHistory, RouterProvider } from "@tanstack/react-router";
import { createStore, Provider as JotaiProvider } from "jotai";
import { StrictMode } from "react";
import { bindLanguage, loadAllMessagesOnFirstInput } from "../language/language";
import type { AppApis } from "../session/app-api";
import { createErrorCatalogue } from "../session/error-catalogue";
import { createLazyApi } from "../session/lazy-api";
import { goToLogin } from "../session/login-redirect";
import { watchConnectivity } from "../shell/connectivity";
import { forgetSessionAtom } from "../state/session-scoped";
import { deviceAtom, tokenAtom } from "../state/storage";
import { type AppRouter, createAppRouter } from "./router";
import type { RuntimeSettings } from "./runtime-settings";
import { type AppServices, ServicesProvider } from "./services";

export interface AppInstance {
  store: ReturnType<typeof createStore>;
  router: AppRouter;
  services: AppServices;
}

/** Wires state, language, router, error catalogue, transport and SDK once. */
export function createApp(options: {
  history: RouterHistory;
  settings: RuntimeSettings;
  fetch?: typeof fetch;
  store?: ReturnType<typeof createStore>;
}): AppInstance {
  const store = options.store ?? createStore();
  // The device entry exists from the first launch on, and survives every storage clear.
  if (!store.get(deviceAtom)) store.set(deviceAtom);
  const language = bindLanguage(store, i18n);
  if (typeof window !== "undefined") {
    loadAllMessagesOnFirstInput(language);
    watchConnectivity(store);
  }
  store.sub(tokenAtom, () => store.set(forgetSessionAtom));
  const router = createAppRouter({
    store,
    history: options.history,
    loadAllMessages: language.loadAllMessages,
  });
  const catalogue = createErrorCatalogue({ store, goToLogin: () => goToLogin(router, "expired") });
  // Start loading the API chunk now; the first call waits for it if it is not there yet.
  const apiModule = import("../session/app-api");
  let apis: Promise<AppApis> | undefined;
  const loadApis = () => {
    apis ??= apiModule.then((module) =>
      module.createAppApis({
        store,
        catalogue,
        settings: options.settings,
        fetch: options.fetch,
      }),
    );
    return apis;
  };
  const api = createLazyApi(async () => (await loadApis()).api);
  const backgroundApi = createLazyApi(async () => (await loadApis()).backgroundApi);
  return { store, router, services: { api, backgroundApi, catalogue } };
}

export function App({ app }: { app: AppInstance }) {
  return (
    <StrictMode>
      <JotaiProvider store={app.store}>
        <I18nProvider i18n={i18n}>
          <ServicesProvider services={app.services}>
            <ToastProvider>
              <RouterProvider router={app.router} />
            </ToastProvider>
          </ServicesProvider>
        </I18nProvider>
      </JotaiProvider>
    </StrictMode>
  );
}
