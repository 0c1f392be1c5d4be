// Shared test settings. Packages call `defineChayongProject({ ... })` from their vitest.config.ts
// so every package reports, times out and isolates the same way.
import { defineProject, mergeConfig } from "vitest/config";

/** @type {import('vitest/config').UserProjectConfigExport} */
export const baseProjectConfig = {
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    exclude: ["**/node_modules/**", "**/dist/**", "**/*.browser.test.*", "e2e/**"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    restoreMocks: true,
    // The JSON report feeds the one-line total that ./run test prints at the end.
    reporters: ["default", ["json", { outputFile: ".test-report/vitest.json" }]],
  },
};

/** @param {import('vitest/config').UserProjectConfigExport} [overrides] */
export function defineChayongProject(overrides = {}) {
  return defineProject(mergeConfig(baseProjectConfig, overrides));
}
