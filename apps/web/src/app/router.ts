import { createRouter, lazyRouteComponent, type RouterHistory } from "@tanstack/react-router";
import type { createStore } from "jotai";
import { routeTree } from "../routeTree.gen";

export interface RouterContext {
  store: ReturnType<typeof createStore>;
  /** Loads the messages beyond the boot part (src/language/language.ts), before other pages. */
  loadAllMessages: () => Promise<void>;
}

export function createAppRouter(options: {
  store: RouterContext["store"];
  history: RouterHistory;
  loadAllMessages?: RouterContext["loadAllMessages"];
}) {
  return createRouter({
    routeTree,
    history: options.history,
    basepath: "/",
    context: {
      store: options.store,
      loadAllMessages: options.loadAllMessages ?? (() => Promise.resolve()),
    },
    defaultPreload: "intent",
    // Async page load: show the pending state only after 200 ms (docs/constants.md#time-outs-and-waits).
    defaultPendingMs: 200,
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
  }
}
