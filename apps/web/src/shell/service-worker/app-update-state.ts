import { atom } from "jotai";

/** A new version of the app is installed and waiting; `reload` switches to it now. */
export interface AppUpdate {
  reload: () => Promise<void>;
}

/** Set by the service worker registration when a new version waits; null when none or dismissed. */
export const appUpdateAtom = atom<AppUpdate | null>(null);
