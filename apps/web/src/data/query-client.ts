import {
  DEFAULT_SLOW_NETWORK_MS,
  DEFAULT_TIMEOUT_MS,
  timeoutFailure,
} from "@chayong/transport/waits";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { type SentRead, type Waits, waitForFirstRead } from "../first-read/take-first-read";
import type { AppApi } from "../session/app-api";
import type { ErrorCatalogue } from "../session/error-catalogue";
import type { QueryEndpointId } from "./api-endpoints";
import type { ApiQueryKey } from "./api-query";

declare module "@tanstack/react-query" {
  interface Register {
    /** `timeoutMs`: a read that needs longer than the transport's time-out (a download). */
    queryMeta: { timeoutMs?: number };
    /** `timeoutMs`: a write that needs longer than the transport's time-out (the face check). */
    mutationMeta: { timeoutMs?: number };
  }
}

/** How long an answer counts as just read: a screen opening meanwhile shows it as it is. */
export const freshForMs = 5_000;

/**
 * The app's one query client: every read and write of the SDK goes through it, and its caches
 * apply the error catalogue once for every screen (docs/errors.md#what-the-app-does):
 * - a read that fails with nothing on screen yet, and every failed write: the catalogue decides
 *   (login on an ended session, the modals, the offline notice); what it leaves is the screen's;
 * - a read that fails while its earlier answer is on screen (a refresh after a write, the
 *   session check): quiet, but an ended session still goes to login;
 * - any answer means the network is up (the offline notice goes);
 * - a write that succeeded marks stale the reads it changes (src/data/invalidations.ts), and
 *   settles once those a screen shows have been read again.
 * `loadApi` gives the SDK once its chunk has loaded (src/session/app-api.ts). A read the page
 * made before the app's code arrived (`takeFirstRead`, src/first-read/) is answered from it when
 * the server said 200, waited for as the transport waits for a call (`waits`, counted from when
 * it was sent: the slow-network notice, the time-out); its answer is checked against the SDK's
 * schema once the page has loaded (`afterPageLoad`), and read again through the SDK if it does
 * not pass. Any other first answer (a refusal, none at all) leaves the call to the SDK, with its
 * error handling.
 */
export function createQueryClient(options: {
  loadApi: () => Promise<AppApi>;
  catalogue: Pick<
    ErrorCatalogue,
    "handle" | "reachedServer" | "slowRequestStarted" | "slowRequestSettled"
  >;
  takeFirstRead?: (id: string, input: unknown) => SentRead | undefined;
  waits?: Waits;
  afterPageLoad?: (task: () => void) => void;
}): QueryClient {
  const {
    loadApi,
    catalogue,
    takeFirstRead,
    waits = { timeoutMs: DEFAULT_TIMEOUT_MS, slowNetworkMs: DEFAULT_SLOW_NETWORK_MS },
    afterPageLoad = (task) => task(),
  } = options;
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        catalogue.handle(error, { quiet: query.state.data !== undefined });
      },
      onSuccess: () => catalogue.reachedServer(),
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        catalogue.handle(error);
      },
      // Returned, so the write settles (`mutateAsync` resolves) once the reads it changed that a
      // screen shows have been asked again: a page the write then opens reads what the write did,
      // not the answer from before it (the face check going on to the ID card page, which sent
      // the borrower back to the face check on the stale 'not verified').
      // The write has loaded the API, which names what it changed (src/data/invalidations.ts).
      onSuccess: async (_data, _variables, _result, mutation) => {
        catalogue.reachedServer();
        const changed = (await loadApi()).changedBy(String(mutation.options.mutationKey?.[0]));
        await Promise.all(changed.map((read) => client.invalidateQueries({ queryKey: [read] })));
      },
    }),
    defaultOptions: {
      queries: {
        // The key names the endpoint and its request (src/data/api-query.ts); an infinite query
        // adds the page's cursor.
        queryFn: async ({ queryKey, pageParam, signal, meta }) => {
          const [id, input] = queryKey as unknown as ApiQueryKey<QueryEndpointId>;
          const early = pageParam ? undefined : takeFirstRead?.(id, input);
          const envelope = early
            ? await waitForFirstRead(early, waits, {
                started: () => catalogue.slowRequestStarted(),
                settled: () => catalogue.slowRequestSettled(),
              })
            : null;
          if (envelope === "timed-out") throw timeoutFailure(waits.timeoutMs);
          if (envelope?.status === 200) {
            const body = envelope.body;
            afterPageLoad(() => {
              loadApi()
                .then((api) => {
                  // The checked answer (its defaults applied, unknown fields left out) in the
                  // place of the one shown, unless a newer answer has taken it since.
                  const checked = api.check(id, body);
                  client.setQueryData(queryKey, (shown: unknown) => replaced(shown, body, checked));
                })
                .catch(() => client.invalidateQueries({ queryKey, exact: true }));
            });
            return body;
          }
          const request = pageParam ? { ...(input as object), cursor: pageParam } : input;
          return (await loadApi()).call(id, request, { signal, timeoutMs: meta?.timeoutMs });
        },
        // The catalogue answers every failure at once (a time-out has already waited 15 s); a
        // retry is the person's, from the screen.
        retry: false,
        // Requests go out whatever the browser thinks of its connection: a request that cannot
        // get out is what shows the offline notice (src/shell/connectivity.ts).
        networkMode: "always",
        // A screen reads again when it opens (its loader shows what is kept meanwhile), unless
        // what is kept was read moments ago (its own loader just did); a write marks what it
        // changed stale at once. Coming back to the app asks only for the session
        // (src/session/use-session-recheck.ts).
        staleTime: freshForMs,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: {
        mutationFn: async (variables, { mutationKey, meta }) =>
          (await loadApi()).call(String(mutationKey?.[0]), variables, {
            timeoutMs: meta?.timeoutMs,
          }),
        retry: false,
        networkMode: "always",
      },
    },
  });
  return client;
}

/**
 * `shown` with `raw` replaced by `checked` where it is still there: the answer itself, or the
 * first page of an infinite query.
 */
function replaced(shown: unknown, raw: unknown, checked: unknown): unknown {
  if (shown === raw) return checked;
  const pages = (shown as { pages?: unknown[] } | undefined)?.pages;
  if (Array.isArray(pages) && pages[0] === raw) {
    return { ...(shown as object), pages: [checked, ...pages.slice(1)] };
  }
  return shown;
}
