import type { ContractQuery } from "@chayong/sdk";
import { type InfiniteData, infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { ApiAnswer, ApiInput, QueryEndpointId } from "./api-endpoints";
import { contractPageSize } from "./contract-page-size";

/**
 * A read's key: its endpoint id, its request, and what else its answer depends on (the
 * contract document's language). Every query of one endpoint starts with its id, so a write
 * invalidates them all by that prefix (src/data/invalidations.ts).
 */
export type ApiQueryKey<Id extends QueryEndpointId = QueryEndpointId> = readonly [
  Id,
  ApiInput<Id> | undefined,
  ...unknown[],
];

/** A request is optional where the SDK's function takes none (`user.current`). */
type InputArgs<Id extends QueryEndpointId> =
  undefined extends ApiInput<Id> ? [input?: ApiInput<Id>] : [input: ApiInput<Id>];

/**
 * The query of one read endpoint: its key and answer type come from the SDK's table; the query
 * client's default query function makes the call (src/data/query-client.ts). Used as it is by a
 * route's loader (`ensureQueryData`) and by the screen (`useSuspenseQuery`).
 */
export function apiQuery<Id extends QueryEndpointId>(id: Id, ...[input]: InputArgs<Id>) {
  return queryOptions<ApiAnswer<Id>, Error, ApiAnswer<Id>, ApiQueryKey<Id>>({
    queryKey: [id, input],
  });
}

/**
 * The signed-in user. Screens read it once a session: what changes it (verification gives a
 * borrower his name and his verified state) marks it stale (src/data/invalidations.ts), and the
 * session check (src/session/use-session-recheck.ts) asks again when the app comes back to the
 * front.
 */
export function currentUserQuery() {
  return queryOptions({ ...apiQuery("user.current"), staleTime: Number.POSITIVE_INFINITY });
}

export type CurrentUser = ApiAnswer<"user.current">;

/** The contract document in the reader's language: a language switch reads it again. */
export function contractDocumentQuery(id: string, locale: string) {
  return queryOptions<
    ApiAnswer<"contract.view">,
    Error,
    ApiAnswer<"contract.view">,
    ApiQueryKey<"contract.view">
  >({ queryKey: ["contract.view", { id }, locale] });
}

/** The list's filters: everything of a `contract.query` request but where a page starts. */
export type ContractListFilter = Omit<ContractQuery, "cursor" | "pageSize" | "includeTotal">;

export type ContractPage = ApiAnswer<"contract.query">;

/**
 * The contract list, a page at a time from the server's keyset cursor (`nextCursor`, null after
 * the last page): the default query function adds each page's cursor to the request.
 */
export function contractListQuery(filter: ContractListFilter, pageSize = contractPageSize) {
  const request: ApiInput<"contract.query"> = { ...filter, pageSize };
  return infiniteQueryOptions<
    ContractPage,
    Error,
    InfiniteData<ContractPage, string | null>,
    ApiQueryKey<"contract.query">,
    string | null
  >({
    queryKey: ["contract.query", request, "pages"],
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The downloads: read when the person asks for the file. */
export type DownloadEndpointId = "contract.pdf" | "contract.statement" | "contract.export";

/**
 * A download as a read the person asks for (`queryClient.fetchQuery`): never kept once it is
 * saved, given the time a whole file needs to be prepared (`timeoutMs`, the transport's own
 * time-out otherwise); `queryClient.cancelQueries` gives it up.
 */
export function downloadQuery<Id extends DownloadEndpointId>(
  id: Id,
  input: ApiInput<Id>,
  timeoutMs: number,
) {
  return queryOptions<ApiAnswer<Id>, Error, ApiAnswer<Id>, ApiQueryKey<Id>>({
    queryKey: [id, input, "download"],
    gcTime: 0,
    staleTime: 0,
    meta: { timeoutMs },
  });
}

/**
 * What a route's loader returns: nothing. Its reads are kept by the query client alone, which
 * forgets them when the session changes; the router would keep a loader's answer past it.
 */
export async function readsDone(...reads: Array<Promise<unknown> | null>): Promise<void> {
  await Promise.all(reads);
}
