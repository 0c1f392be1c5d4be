import { atom, type createStore } from "jotai";
import { networkDownAtom } from "../session/error-catalogue";

type Store = ReturnType<typeof createStore>;

/** The browser says it has no network (`navigator.onLine` false). */
export const browserOfflineAtom = atom(false);

/** Show the offline notice: the browser is offline, or the last request could not get out. */
export const offlineAtom = atom((get) => get(browserOfflineAtom) || get(networkDownAtom));

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
