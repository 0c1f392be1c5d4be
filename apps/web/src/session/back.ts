import type { AnyRouter } from "@tanstack/react-router";

/** The entry page: where "back" lands when there is no previous page (docs/screens.md#launch-and-back). */
export const entryPath = "/pages/order/index";

/**
 * Goes back one page, or, when this page was the first one opened, to `parent`: the page it is
 * opened from (a template's form: the template list), the entry page by default.
 */
export function goBack(router: AnyRouter, parent: string = entryPath): void {
  if (router.history.canGoBack()) {
    router.history.back();
  } else {
    void router.navigate({ to: parent, replace: true });
  }
}
