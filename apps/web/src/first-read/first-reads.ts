import { contractPageSize } from "../data/contract-page-size";
import { type OrderListSearch, orderListFilterOf } from "../features/contracts/order-list-search";

/** The reads a page may ask before the app's code has arrived (their loaders ask them first). */
export type FirstReadId = "user.current" | "contract.query" | "contract.open";

/** One read as the page's route's loader will ask it: the same endpoint, the same request. */
export interface PlannedRead {
  id: FirstReadId;
  input: object;
}

const currentUser: PlannedRead = { id: "user.current", input: {} };

/**
 * The first reads of the page an address opens (its hash route), each as the route's loader
 * asks it: the order list (and `/`, which is the order list) reads the user and the first page
 * of its filter; a share link, the user and the contract it opens. Any other page: none (its
 * loader makes its calls when the app runs). The search is read plainly, without the routes'
 * schemas (too large to run before the app): a value they would read otherwise (a status that
 * does not exist, a quoted value) makes a read the loader does not take, never a wrong answer,
 * since the loader takes only a read of exactly its own request (take-first-read.ts).
 */
export function firstReadsOf(hash: string): PlannedRead[] {
  const route = hash.replace(/^#/, "");
  const queryAt = route.indexOf("?");
  const path = (queryAt < 0 ? route : route.slice(0, queryAt)) || "/";
  const search = new URLSearchParams(queryAt < 0 ? "" : route.slice(queryAt));
  if (path === "/" || path === "/pages/order/index") {
    const filter = orderListFilterOf({
      status: (search.get("status") ?? undefined) as OrderListSearch["status"],
      type: (search.get("type") ?? undefined) as OrderListSearch["type"],
    });
    return [
      currentUser,
      { id: "contract.query", input: { ...filter, pageSize: contractPageSize } },
    ];
  }
  const code = search.get("code");
  return path === "/pages/loans/sign" && code
    ? [currentUser, { id: "contract.open", input: { code } }]
    : [];
}

/** One text for requests equal as JSON, whatever the order of their keys. */
export function requestText(input: unknown): string {
  return JSON.stringify(input ?? {}, (_key, value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? // Keys by code unit: collation (localeCompare) starts ICU, which costs a slow phone
        // tens of milliseconds before its first screen.
        Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
