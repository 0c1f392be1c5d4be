import {
  createBrowserHistory,
  createMemoryHistory,
  type RouterHistory,
} from "@tanstack/react-router";

/**
 * The app's addresses live after the '#' (`/#/pages/loans/sign?code=...`). The router's own hash
 * history appends the page's query (before the '#') to the route's: a share link that a messenger
 * or a social app decorated (`/?fbclid=...#/pages/loans/sign?code=X`) read the code as
 * `X?fbclid=...` and the contract did not open. Here the page's query is left to the page
 * (app/runtime-settings.ts reads its own keys there) and routes read only what follows the '#'.
 */
export function createAppHashHistory(win: Window = window): RouterHistory {
  return createBrowserHistory({
    window: win,
    parseLocation: () => {
      const hash = win.location.hash;
      let end = hash.indexOf("#", 1);
      if (end < 0) end = hash.length;
      const href = `${hash.slice(1, end) || "/"}${hash.slice(end)}`;
      // The router's own parsing of an address, through its public API.
      const parsed = createMemoryHistory({ initialEntries: [href] }).location;
      return win.history.state ? { ...parsed, state: win.history.state } : parsed;
    },
    createHref: (href) => `${win.location.pathname}${win.location.search}#${href}`,
  });
}
