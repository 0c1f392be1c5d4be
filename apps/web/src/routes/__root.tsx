import { createRootRouteWithContext, Outlet, redirect } from "@tanstack/react-router";
import type { RouterContext } from "../app/router";
import { loginPath, publicPaths } from "../session/login-redirect";
import { AppTabBar, useCurrentTab } from "../shell/app-tab-bar";
import { CatalogueHost } from "../shell/catalogue-host";
import { DocumentTitle } from "../shell/document-title";
import { ServiceButton } from "../shell/service-button";
import { tokenAtom } from "../state/storage";

export const Route = createRootRouteWithContext<RouterContext>()({
  // Launch (or any navigation) without a token goes to login, then back here (spec §2, §4).
  beforeLoad: ({ context, location }) => {
    if (publicPaths.has(location.pathname) || context.store.get(tokenAtom)) return;
    throw redirect({ to: loginPath, search: { redirect: location.href }, replace: true });
  },
  component: RootLayout,
});

function RootLayout() {
  const tab = useCurrentTab();
  return (
    <div className={tab ? "app-shell app-shell--with-tabs" : "app-shell"}>
      <DocumentTitle />
      <Outlet />
      {tab ? <AppTabBar selected={tab} /> : null}
      <ServiceButton aboveTabBar={tab !== undefined} />
      <CatalogueHost />
    </div>
  );
}
