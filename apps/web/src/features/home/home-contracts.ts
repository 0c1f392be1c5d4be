import { queryOptions } from "@tanstack/react-query";
import { apiQuery, type CurrentUser } from "../../data/api-query";

/**
 * The contracts the home page shows: the lender's three newest; for a borrower, enough of his to
 * find those that wait for him. Its own module: the route's loader reads it without the page.
 */
export function homeContractsQuery(role: CurrentUser["role"]) {
  const request = { type: "all", pageSize: role === "lender" ? 3 : 20 } as const;
  return queryOptions({ ...apiQuery("contract.query", request), select: (page) => page.items });
}
