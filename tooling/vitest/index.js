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
    // Files share each worker's modules rather than importing them afresh for each file: on a
    // 2-core machine domain 15 s to 5 s, transport 14 to 6, ui 26 to 4. A file that tests state
    // kept once a page load (or a process) runs in a project of its own with `isolate: true`.
    isolate: false,
    // The JSON report feeds the one-line total that ./run test prints at the end.
    reporters: ["default", ["json", { outputFile: ".test-report/vitest.json" }]],
  },
};

/** @param {import('vitest/config').UserProjectConfigExport} [overrides] */
export function defineChayongProject(overrides = {}) {
  return defineProject(mergeConfig(baseProjectConfig, overrides));
}
