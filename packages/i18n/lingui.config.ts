// The one lingui config of the monorepo (the root lingui.config.ts re-exports it, so tools that
// search upward from apps/web or packages/ui find it). It lives here because @lingui/conf and
// @lingui/format-po are dependencies of this package, not of the workspace root.
import { fileURLToPath } from "node:url";
import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

export default defineConfig({
  rootDir: repoRoot,
  locales: ["ko-KR", "zh-TW"],
  sourceLocale: "ko-KR",
  // A zh-TW gap must show up as a failing test, not silently as Korean text.
  fallbackLocales: false,
  catalogs: [
    {
      path: "<rootDir>/packages/i18n/src/locales/{locale}/messages",
      include: ["<rootDir>/apps/web/src", "<rootDir>/packages/ui/src", "<rootDir>/apps/server/src"],
      exclude: ["**/node_modules/**", "**/*.test.*"],
    },
  ],
  // Every msgid is an explicit dotted id (`contract.loanAmount.required`), never a sentence.
  format: formatter({ explicitIdAsDefault: true, origins: false }),
  orderBy: "messageId",
  // `export const messages = ...` in src/locales/<locale>/messages.js, bundled by tsup.
  compileNamespace: "es",
});
