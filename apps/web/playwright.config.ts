import { defineConfig } from "@playwright/test";

// Debian's Chromium, never a downloaded browser (see the repository rules).
const chromiumPath = process.env.CHAYONG_CHROMIUM ?? "/usr/bin/chromium";
const launchOptions = {
  executablePath: chromiumPath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
};
export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  // One server for the whole run, started fresh (temp data folder, random port) in globalSetup.
  globalSetup: "./e2e/support/global-setup.ts",
  // Three spec files at a time, each test in a browser context of its own: every spec has its
  // own lender and borrowers (e2e/support/people.ts) and changes no setting of the server that
  // another spec reads, so none waits on or sees another. The tests of a file run in order. The
  // suite waits on the server and the page as much as it computes: alone on a 2-core machine it
  // took 289 s with two workers (1.5 cores busy) and 244 s with three; 387 s with one.
  fullyParallel: false,
  workers: 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds the one-line total that ./run test prints at the end.
  reporter: [["list"], ["json", { outputFile: ".test-report/playwright.json" }]],
  outputDir: "test-results",
  use: {
    baseURL: process.env.CHAYONG_E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "ko-KR",
    permissions: ["clipboard-read", "clipboard-write"],
    // A failed test keeps its trace: each action's DOM snapshot and the sources. Not the
    // screencast: its frames cost 61 of 500 CPU-seconds of the suite (Chromium's GPU process
    // 57 → 16 s) on a 2-core machine, for what the snapshots and the failure screenshot show.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
    browserName: "chromium",
    launchOptions,
  },
  projects: [{ name: "phone" }],
});
