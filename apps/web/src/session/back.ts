import type { AnyRouter } from "@tanstack/react-router";

/** The entry page: where "back" lands when there is no previous page (docs/screens.md#launch-and-back). */
export const entryPath = "/pages/order/index";

/** Goes back one page, or to the entry page when this page was the first one opened. */
export function goBack(router: AnyRouter): void {
  if (router.history.canGoBack()) {
    router.history.back();
  } else {
    void router.navigate({ to: entryPath, replace: true });
  }
}
