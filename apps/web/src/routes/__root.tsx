import { createRootRouteWithContext, Outlet, redirect } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import type { RouterContext } from "../app/router";
import { bootPaths } from "../language/language";
import { loginPath, publicPaths } from "../session/login-redirect";
import { useSessionRecheck } from "../session/use-session-recheck";
import { usePageLoaded } from "../shell/after-page-load";
import { AppTabBar, useCurrentTab } from "../shell/app-tab-bar";
import { CatalogueHost } from "../shell/catalogue-host";
import { DocumentTitle } from "../shell/document-title";
import { AppUpdate } from "../shell/service-worker/app-update";
import { tokenAtom } from "../state/storage";

// The floating button is not needed for the first contracts to show: it loads once the page has
// loaded and is idle, outside the entry route's budget (scripts/size.ts).
const ServiceButton = lazy(() =>
  import("../shell/service-button").then((module) => ({ default: module.ServiceButton })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context, location }) => {
    // Launch (or any navigation) without a token goes to login, then back here (docs/screens.md#launch-and-back).
    if (!publicPaths.has(location.pathname) && !context.store.get(tokenAtom)) {
      throw redirect({ to: loginPath, search: { redirect: location.href }, replace: true });
    }
    // The first screens need only the boot part of the catalog; any other page waits for the
    // rest, so it never shows a message id (src/language/language.ts).
    if (!bootPaths.has(location.pathname)) await context.loadAllMessages();
  },
  component: RootLayout,
});

function RootLayout() {
  const tab = useCurrentTab();
  const pageLoaded = usePageLoaded();
  // A session ended elsewhere is noticed when the app comes back to the front.
  useSessionRecheck();
  return (
    <div className={tab ? "app-shell app-shell--with-tabs" : "app-shell"}>
      <DocumentTitle />
      <Outlet />
      {tab ? <AppTabBar selected={tab} /> : null}
      {pageLoaded ? (
        <Suspense fallback={null}>
          <ServiceButton aboveTabBar={tab !== undefined} />
        </Suspense>
      ) : null}
      <CatalogueHost />
      <AppUpdate />
    </div>
  );
}
