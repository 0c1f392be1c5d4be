import type { Api } from "@chayong/sdk";
import { atom, useAtomValue } from "jotai";
import { useApi } from "../app/services";
import { type Loaded, useLoad } from "../data/use-load";
import { tokenAtom } from "./storage";

export type CurrentUser = Awaited<ReturnType<Api["user"]["current"]>>;

// One request per session token and API: every screen asking for the user shares it.
const requests = new WeakMap<Api, Map<string, Promise<CurrentUser>>>();

/** `via` makes the request when none is shared yet (the background API for a re-check). */
function currentUser(api: Api, token: string, via: Api = api): Promise<CurrentUser> {
  let byToken = requests.get(api);
  if (!byToken) {
    byToken = new Map();
    requests.set(api, byToken);
  }
  let request = byToken.get(token);
  if (!request) {
    request = via.user.current();
    byToken.set(token, request);
    request.catch(() => byToken.delete(token));
  }
  return request;
}

/** Counts the fresh answers of `recheckCurrentUser`: screens showing the user read them. */
export const currentUserRoundAtom = atom(0);

/**
 * Asks the server for the user again, whatever was asked before: the session check when the app
 * comes back to the front (session/use-session-recheck.ts). A session ended on the server
 * (logged out on another device) answers envelope 301, which the error catalogue turns into
 * login with the 'session expired' message. Screens asking meanwhile share this request. It is
 * made `via` the background API: no modal for a check the person did not ask for.
 */
export function recheckCurrentUser(api: Api, token: string, via: Api = api): Promise<CurrentUser> {
  requests.get(api)?.delete(token);
  return currentUser(api, token, via);
}

/** The signed-in user: role ('lender' | 'borrower'), phone and, for lenders, their profile. */
export function useCurrentUser(): Loaded<CurrentUser> & { reload: () => void } {
  const api = useApi();
  const token = useAtomValue(tokenAtom);
  // A re-check's fresh answer is shown (the request is shared, nothing is asked twice).
  const round = useAtomValue(currentUserRoundAtom);
  return useLoad(async () => {
    if (!token) throw new Error("no session");
    return currentUser(api, token);
  }, [api, token, round]);
}
