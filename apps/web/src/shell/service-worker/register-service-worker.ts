import { registerSW } from "virtual:pwa-register";
import type { createStore } from "jotai";
import { appUpdateAtom } from "./app-update-state";

/** How often an open app asks the server for a new version (a hash-routed app never navigates). */
const updateCheckIntervalMs = 60 * 60 * 1000;

/**
 * Registers the service worker vite-plugin-pwa generates (the app shell for offline opening;
 * never the API: vite.config.ts). A new version waits until every tab of the app is closed, so it
 * activates on the next open; meanwhile the update prompt offers to switch now.
 * main.tsx imports this after the page has loaded: it is not on the entry route's path.
 */
export function registerServiceWorker(store: ReturnType<typeof createStore>): void {
  const updateServiceWorker = registerSW({
    // The page has loaded already: without this, registerSW would wait for a `load` event.
    immediate: true,
    onNeedRefresh: () => store.set(appUpdateAtom, { reload: () => updateServiceWorker(true) }),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => {});
      }, updateCheckIntervalMs);
    },
  });
}
