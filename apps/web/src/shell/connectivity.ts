import { atom, type createStore } from "jotai";
import { networkDownAtom } from "../session/error-catalogue";

type Store = ReturnType<typeof createStore>;

/** The browser says it has no network (`navigator.onLine` false). */
export const browserOfflineAtom = atom(false);

/**
 * What the connection notice says, if anything: `offline` when the browser has no network,
 * `unreachable` when it has one but the last request got no answer (the server is down or
 * restarting, or the network goes nowhere). Telling a person "no internet" while his phone
 * plainly has it sends him to fix the wrong thing.
 */
export const connectionProblemAtom = atom<"offline" | "unreachable" | null>((get) =>
  get(browserOfflineAtom) ? "offline" : get(networkDownAtom) ? "unreachable" : null,
);

/**
 * Follows the browser's online/offline events into the store. Back online also drops a past
 * 'could not get out': the next request will tell again. Returns the unsubscribe.
 */
export function watchConnectivity(store: Store, target: Window = window): () => void {
  const update = () => {
    const offline = target.navigator.onLine === false;
    store.set(browserOfflineAtom, offline);
    if (!offline) store.set(networkDownAtom, false);
  };
  update();
  target.addEventListener("online", update);
  target.addEventListener("offline", update);
  return () => {
    target.removeEventListener("online", update);
    target.removeEventListener("offline", update);
  };
}
