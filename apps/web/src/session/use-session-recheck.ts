import { useSetAtom, useStore } from "jotai";
import { useEffect } from "react";
import { useServices } from "../app/services";
import { currentUserRoundAtom, recheckCurrentUser } from "../state/current-user";
import { tokenAtom } from "../state/storage";

/**
 * Two checks closer than this are one: coming back to the app fires both `visibilitychange` and
 * `focus`, and a page that just loaded has checked the session with its own calls.
 */
export const sessionRecheckIntervalMs = 5_000;

/**
 * Checks the session again whenever the app comes back to the front (the tab or the phone's
 * browser shown again, the window focused), instead of waiting for the next call: a session ended
 * on the server (logged out on another device, docs/login.md#session-end-in-the-app) sends the
 * person to login with the 'session expired' message at once, from any page. It asks for the
 * current user (one request, shared with the screens that show the user, which then show the fresh
 * answer, e.g. 'me'); the error catalogue does the rest (envelope 301: clear, login). A check
 * that times out or finds no network shows nothing (app-api.ts, backgroundCatalogue).
 */
export function useSessionRecheck(): void {
  const { api, backgroundApi } = useServices();
  const store = useStore();
  const bump = useSetAtom(currentUserRoundAtom);
  useEffect(() => {
    let last = Date.now();
    const check = () => {
      if (document.visibilityState === "hidden") return;
      // Offline there is nothing to learn; the offline notice already says so.
      if (navigator.onLine === false) return;
      const token = store.get(tokenAtom);
      const now = Date.now();
      if (!token || now - last < sessionRecheckIntervalMs) return;
      last = now;
      recheckCurrentUser(api, token, backgroundApi).then(
        () => bump((round) => round + 1),
        // An ended session went to login; any other failure (a time-out, no network) stays
        // quiet: the person did not ask for this call, and the next one they make will tell.
        () => {},
      );
    };
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, [api, backgroundApi, store, bump]);
}
