// The installable app (README "Installable app"): the web app manifest and a Workbox service
// worker that keeps the app shell for offline opening, built by vite-plugin-pwa.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { messages as koreanBoot } from "@chayong/i18n/catalogs/ko-KR-boot";
import { messages as chineseBoot } from "@chayong/i18n/catalogs/zh-TW-boot";
import type { PluginOption } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const require = createRequire(import.meta.url);

/** Paths the server answers with API envelopes (apps/server src/http/app.ts `apiPrefixes`). */
export const apiPathPattern = /^\/(?:api|auth|upload|__test)\//;

/** A catalog's text of a message without placeholders ("app.name"). */
function catalogText(messages: Record<string, unknown>, id: string): string {
  const message = messages[id];
  const text = Array.isArray(message) ? message.join("") : message;
  if (typeof text !== "string" || text === "") throw new Error(`no text for ${id} in the catalog`);
  return text;
}

/** A colour token's value from the UI kit's built styles (packages/ui src/tokens/tokens.css). */
function tokenColour(name: string): string {
  const css = readFileSync(require.resolve("@chayong/ui/styles.css"), "utf8");
  const value = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css)?.[1];
  if (!value) throw new Error(`no colour token --${name} in @chayong/ui/styles.css`);
  return value;
}

export function installableApp(): PluginOption {
  const koreanName = catalogText(koreanBoot, "app.name");
  const chineseName = catalogText(chineseBoot, "app.name");
  return VitePWA({
    // src/main.tsx registers it after the page has loaded (src/shell/service-worker), with the
    // update prompt; nothing is added to index.html's scripts.
    injectRegister: false,
    // A new version waits for the next open, or for 'reload' on the prompt.
    registerType: "prompt",
    manifest: {
      id: "/",
      name: koreanName === chineseName ? koreanName : `${koreanName} ${chineseName}`,
      short_name: koreanName,
      description: catalogText(koreanBoot, "app.title"),
      lang: "ko",
      dir: "ltr",
      // Hash routes: every screen lives under '/', the router picks the page after the '#'.
      start_url: "/",
      scope: "/",
      display: "standalone",
      orientation: "portrait",
      // The page header's surface, so the status bar runs into it; the splash is the same.
      theme_color: tokenColour("cy-color-surface"),
      background_color: tokenColour("cy-color-surface"),
      icons: [
        { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    workbox: {
      // The app shell: index.html, every script and style chunk (each page opens offline), the
      // icons and the manifest. Fonts are cached as they are used (below): there are dozens of
      // subsets and a phone needs a few. The face check (a 1.5 MB detector, models, .wasm)
      // needs the network anyway.
      globPatterns: ["**/*.{html,js,css,svg,png,webmanifest}"],
      globIgnores: ["face-check/**", "**/human.esm-*.js"],
      navigateFallback: "index.html",
      navigateFallbackDenylist: [apiPathPattern, /^\/healthz$/],
      cleanupOutdatedCaches: true,
      // No rule matches the API: the service worker leaves its requests alone (network only,
      // never cached): they are encrypted envelopes carrying the session token.
      runtimeCaching: [
        {
          urlPattern: ({ request, sameOrigin }) => sameOrigin && request.destination === "font",
          handler: "CacheFirst",
          options: {
            cacheName: "fonts",
            expiration: { maxEntries: 120, maxAgeSeconds: 365 * 24 * 60 * 60 },
          },
        },
      ],
    },
  });
}
