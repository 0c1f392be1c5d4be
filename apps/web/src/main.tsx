import "@chayong/ui/styles.css";
import "./app/app.css";
import { createRoot } from "react-dom/client";
import { App, createApp } from "./app/bootstrap";
import { createAppHashHistory } from "./app/hash-history";
import { readRuntimeSettings } from "./app/runtime-settings";
import { loadKoreanFont } from "./fonts/korean-font";
import { afterPageLoad } from "./shell/after-page-load";

const app = createApp({ history: createAppHashHistory(), settings: readRuntimeSettings() });

const root = document.getElementById("app");
if (root) createRoot(root).render(<App app={app} />);

// The kit's web font once the first screen is shown, not beside its scripts
// (src/fonts/korean-font.ts). Should it fail, it is logged and the platform's font stays.
afterPageLoad(() => void loadKoreanFont());

// The service worker (the app shell offline, updates) registers once the page has loaded and the
// main thread is idle: never on the entry route's critical path (README "Installable app").
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  afterPageLoad(
    () =>
      void import("./shell/service-worker/register-service-worker").then((module) =>
        module.registerServiceWorker(app.store),
      ),
  );
}
