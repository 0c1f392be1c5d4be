import { CIPHER_IV_ENV, CIPHER_KEY_ENV, codecSettingsFromEnv } from "@chayong/transport";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bootWait } from "./scripts/boot-wait-plugin";
import { entryRoutePreload } from "./scripts/entry-route-preload-plugin";
import { faceModels } from "./scripts/face-models-plugin";
import { firstRead } from "./scripts/first-read-plugin";
import { phoneMetadataForRegions } from "./scripts/phone-metadata-plugin";
import { precompressedAssets } from "./scripts/precompress-plugin";
import { installableApp } from "./scripts/pwa-plugin";
import { reactOnPreact } from "./scripts/react-on-preact";
import { woff2Only } from "./scripts/woff2-only";

// The cipher key and IV are deployment settings shared with the server (docs/wire-protocol.md#encryption-is-not-security). They are
// read when the app is built; empty means "use the transport's development defaults" at run time.
// A half-set or malformed pair fails the build here, with the variable's name.
codecSettingsFromEnv(process.env);
const cipherKey = process.env[CIPHER_KEY_ENV]?.trim() ?? "";
const cipherIv = process.env[CIPHER_IV_ENV]?.trim() ?? "";
const apiServer = process.env.CHAYONG_DEV_API ?? "http://127.0.0.1:3000";

export default defineConfig({
  base: "/",
  resolve: { alias: reactOnPreact },
  plugins: [
    // The router plugin must run before react() so it can split each route into its own chunk.
    tanstackRouter({ target: "react", autoCodeSplitting: true, quoteStyle: "double" }),
    react(),
    phoneMetadataForRegions(["KR", "TW"]),
    // The face check's detector model and TensorFlow.js .wasm files, served as static files.
    faceModels(),
    // The manifest and the service worker (offline app shell; never the API).
    installableApp(),
    // A signed-in reader's first calls leave with the page (src/first-read/).
    firstRead(process.env),
    // What the page shows until the app's first words (src/boot-wait/).
    bootWait(),
    // The entry route's own chunks fetched with the shell's, not after it runs.
    entryRoutePreload(),
    // .br and .gz beside every text file, last: the server sends what the browser accepts.
    precompressedAssets(),
  ],
  // Font stylesheets name only their woff2 files (scripts/woff2-only.ts).
  css: { postcss: { plugins: [woff2Only] } },
  define: {
    __CHAYONG_CIPHER_KEY__: JSON.stringify(cipherKey),
    __CHAYONG_CIPHER_IV__: JSON.stringify(cipherIv),
  },
  build: {
    manifest: true,
    target: "es2022",
    // Font files stay files, never data: URLs in a stylesheet: a page downloads only the slices
    // its text uses, and the contract document's policy (font-src 'self') loads them (README "Fonts").
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
    rolldownOptions: {
      // Besides the app, the contract document's fonts as a stylesheet of their own: the server
      // links it from the document, finding its hashed name in the manifest (README "Fonts").
      // Required by experimentalInlineCommonChunks below; the app's entries export nothing.
      preserveEntrySignatures: false,
      input: { index: "index.html", "document-fonts": "src/fonts/document-fonts.css" },
      output: {
        codeSplitting: {
          // Small shared chunks (the packages' own tsup chunks, a few hundred bytes each) copied
          // into the chunks that use them: the order list needed 42 requests before its first
          // card, each paying a round trip on a slow phone; now 15 (README "First screen on a
          // slow phone"). It implies strictExecutionOrder, so modules still run in source order.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          // No group for the API: src/app/bootstrap.tsx imports src/session/app-api.ts on the
          // first call (or once the page has loaded) and Rolldown's own split keeps transport,
          // SDK, ky and the answer schemas in the chunks that import needs. A manual group would also capture everything those modules import
          // (includeDependenciesRecursively), dragging the domain's phone and draft rules and
          // libphonenumber, which only the create-contract form uses, onto the boot path.
          groups: [
            // What every page needs: Preact (React's API), the router, state and lingui, in one
            // chunk. The catalogs (@chayong/i18n) and the UI kit stay out: each catalog is its own
            // chunk, loaded for the reader's language only, and each kit component goes to the
            // pages that use it.
            {
              name: "app",
              test: /[\\/]node_modules[\\/]\.pnpm[\\/](preact|use-sync-external-store|@tanstack\+(react-router|router-core|history|react-store|store)|jotai|@lingui\+(core|react))@/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": apiServer,
      "/auth": apiServer,
      "/upload": apiServer,
      "/__test": apiServer,
    },
  },
});
