import type { I18n } from "@lingui/core";
import type { QueryClient } from "@tanstack/react-query";
import { createRouter, lazyRouteComponent, type RouterHistory } from "@tanstack/react-router";
import type { createStore } from "jotai";
import { routeTree } from "../routeTree.gen";
import { RouteError, RoutePending } from "../shell/route-states/route-states";

export interface RouterContext {
  store: ReturnType<typeof createStore>;
  /** Every read and write of the SDK (src/data/query-client.ts): loaders start the screens' reads. */
  queryClient: QueryClient;
  /** The app's lingui instance: loaders ask for documents in its active language. */
  i18n: I18n;
  /** Loads the messages beyond the boot part (src/language/language.ts), before other pages. */
  loadAllMessages: () => Promise<void>;
}

export function createAppRouter(options: {
  store: RouterContext["store"];
  queryClient: QueryClient;
  i18n: I18n;
  history: RouterHistory;
  loadAllMessages?: RouterContext["loadAllMessages"];
}) {
  return createRouter({
    routeTree,
    history: options.history,
    basepath: "/",
    context: {
      store: options.store,
      queryClient: options.queryClient,
      i18n: options.i18n,
      loadAllMessages: options.loadAllMessages ?? (() => Promise.resolve()),
    },
    defaultPreload: "intent",
    // The query client keeps the answers and decides when they are stale; the router always
    // runs a loader, which returns what is kept at once (ensureQueryData).
    defaultPreloadStaleTime: 0,
    // Async page load: show the pending state only after 200 ms (docs/constants.md#time-outs-and-waits).
    defaultPendingMs: 200,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
    defaultNotFoundComponent: lazyRouteComponent(
      () => import("../shell/not-found-page"),
      "NotFoundPage",
    ),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Message id of the page title (document.title), set again when the language changes. */
    titleId?: string;
    /** Pages that show the tab bar, and which tab is theirs. */
    tab?: "order" | "me";
    /** Message id of what the page says when its first read failed ('common.loadFailed'). */
    loadFailedId?: string;
    /** Message id of what its placeholders say while its first read loads ('common.loading'). */
    loadingId?: string;
  }
}
