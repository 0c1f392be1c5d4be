import type { Api } from "@chayong/sdk";
import { useAtomValue } from "jotai";
import { useApi } from "../app/services";
import { type Loaded, useLoad } from "../data/use-load";
import { tokenAtom } from "./storage";

export type CurrentUser = Awaited<ReturnType<Api["user"]["current"]>>;

// One request per session token and API: every screen asking for the user shares it.
const requests = new WeakMap<Api, Map<string, Promise<CurrentUser>>>();

function currentUser(api: Api, token: string): Promise<CurrentUser> {
  let byToken = requests.get(api);
  if (!byToken) {
    byToken = new Map();
    requests.set(api, byToken);
  }
  let request = byToken.get(token);
  if (!request) {
    request = api.user.current();
    byToken.set(token, request);
    request.catch(() => byToken.delete(token));
  }
  return request;
}

/** The signed-in user: role ('lender' | 'borrower'), phone and, for lenders, their profile. */
export function useCurrentUser(): Loaded<CurrentUser> & { reload: () => void } {
  const api = useApi();
  const token = useAtomValue(tokenAtom);
  return useLoad(async () => {
    if (!token) throw new Error("no session");
    return currentUser(api, token);
  }, [api, token]);
}
