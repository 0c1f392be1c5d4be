import { useQueryClient } from "@tanstack/react-query";
import { useStore } from "jotai";
import { useEffect } from "react";
import { currentUserQuery } from "../data/api-query";
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
 * person to login with the 'session expired' message at once, from any page. It reads the
 * current user again (the query the screens showing the user read, so 'me' shows the fresh
 * answer); the query client's error catalogue does the rest: envelope 301 clears and goes to
 * login, while a check that times out or finds no network shows nothing, as the answer is
 * already on screen (src/data/query-client.ts).
 */
export function useSessionRecheck(): void {
  const queryClient = useQueryClient();
  const store = useStore();
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === "hidden") return;
      // Offline there is nothing to learn; the offline notice already says so.
      if (navigator.onLine === false) return;
      if (!store.get(tokenAtom)) return;
      // An answer younger than the interval is kept; a check under way is shared.
      void queryClient
        .fetchQuery({ ...currentUserQuery(), staleTime: sessionRecheckIntervalMs })
        .catch(() => {});
    };
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, [queryClient, store]);
}
