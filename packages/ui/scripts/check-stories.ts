/**
 * Opens every story and every docs page of the built Storybook (storybook-static) in Debian's
 * Chromium, waits for the story's play function (or the docs page's render), and runs axe-core on
 * it. Fails when a play function fails, a story or page throws, or axe finds a serious or
 * critical violation. Prints the figures.
 *
 * The preview is loaded once and each story is then selected through Storybook's channel
 * (`setCurrentStory`, as its manager and its test runner do), with axe-core injected once: a
 * page load and @axe-core/playwright's injection per story took 2.5 s a story on a quiet 2-core
 * machine, 15 minutes of a CI run; a switch and axe.run take about 0.3 s. Storybook unmounts the
 * previous story on a switch; after a story that did not finish, the next one starts on a fresh
 * page load, and so does every docs page.
 *
 *   pnpm --filter @chayong/ui build-storybook && pnpm --filter @chayong/ui test:a11y
 *
 * Env: CHROMIUM_PATH (default /usr/bin/chromium), STORYBOOK_DIR (default storybook-static),
 * STORY_FILTER (substring of story and docs ids to check), STORY_CPU_SLOWDOWN (a factor: Chromium
 * runs the preview that many times slower, as a loaded CI machine may, to find play functions
 * that depend on timing).
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";
import type { AxeResults, ElementContext, RunOptions } from "axe-core";
import { type Browser, chromium, type Page } from "playwright-core";

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: "story" | "docs";
}

interface StoryOutcome {
  id: string;
  status: "success" | "error" | "timeout";
  errors: string[];
  violations: Array<{ id: string; impact: string; nodes: number; help: string; targets: string[] }>;
  /** Why it fails: its errors and serious or critical axe findings; empty when it passes. */
  failures: string[];
}

const failingImpacts = new Set(["serious", "critical"]);
const storybookDir = resolve(process.env.STORYBOOK_DIR ?? "storybook-static");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const storyTimeoutMs = 20_000;
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/** What axe judges of a story (its canvas) or a docs page, and by which rules. */
function axeRun(viewMode: "story" | "docs"): { context: ElementContext; options: RunOptions } {
  return {
    context: {
      include: [viewMode === "docs" ? "#storybook-docs" : "#storybook-root"],
      // Storybook's own props table (its JSON editor and markers) is the tool's markup, not the kit's.
      exclude: [".docblock-argstable"],
    },
    options: {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
      // Page-level rules judge a whole page; a story is one component on a bare canvas.
      rules: {
        region: { enabled: false },
        "landmark-one-main": { enabled: false },
        "page-has-heading-one": { enabled: false },
      },
      resultTypes: ["violations"],
    },
  };
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
};

/**
 * Storybook hides the story's root while a story takes over 100 ms to prepare, as it does on a
 * loaded machine, and shows it once React has rendered. A dialog opened with showModal() in that
 * hidden tree cannot take focus, and a canvas measures 0x0 until the next frame, so play functions
 * failed by the machine's speed. The app never renders into a hidden tree: here the root stays
 * shown while the story prepares.
 */
const keepStoryRootShown =
  "<style>.sb-show-preparing-story:not(.sb-show-main) > #storybook-root { display: block !important; }</style>";

/** A static file server for storybook-static on a random free port. */
function serve(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) {
      file = join(file, "index.html");
    }
    if (!existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      "content-type": contentTypes[extname(file)] ?? "application/octet-stream",
      // Cacheable, so the 39 page loads (the first story, then one per docs page) reuse the preview's scripts and V8's
      // code cache instead of compiling them again: 192-202 → 177-182 CPU-s for the check on a
      // 2-core machine. The build does not change while the check runs.
      ...(path === "/iframe.html" ? {} : { "cache-control": "max-age=3600" }),
    });
    const body = readFileSync(file);
    response.end(
      path === "/iframe.html"
        ? body.toString("utf8").replace("</head>", `${keepStoryRootShown}</head>`)
        : body,
    );
  });
  return new Promise((resolveServer) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolveServer({ server, origin: `http://127.0.0.1:${port}` });
    });
  });
}

/**
 * Hooks Storybook's channel as soon as the preview creates it, so the story's end (after its play
 * function and afterEach) and its errors are recorded without racing the render.
 */
function recordStoryEvents() {
  const record = window as unknown as {
    __cyStory: { finished?: { status: string }; errors: string[] };
    __STORYBOOK_ADDONS_CHANNEL__?: unknown;
  };
  record.__cyStory = { errors: [] };
  let channel: unknown;
  const attach = (value: unknown) => {
    const on = (value as { on?: (event: string, listener: (payload: unknown) => void) => void }).on;
    if (typeof on !== "function") return;
    const listen = on.bind(value);
    listen("storyFinished", (payload) => {
      record.__cyStory.finished = payload as { status: string };
    });
    // A docs page has no play function: it is done once rendered.
    listen("docsRendered", () => {
      record.__cyStory.finished = { status: "success" };
    });
    for (const event of [
      "playFunctionThrewException",
      "storyThrewException",
      "storyErrored",
      "unhandledErrorsWhilePlaying",
    ]) {
      listen(event, (payload) => {
        record.__cyStory.errors.push(`${event}: ${JSON.stringify(payload).slice(0, 600)}`);
      });
    }
  };
  Object.defineProperty(window, "__STORYBOOK_ADDONS_CHANNEL__", {
    configurable: true,
    get: () => channel,
    set: (value) => {
      channel = value;
      attach(value);
    },
  });
}

/** Page loads so far: the preview reloads itself when it tears down a story still rendering. */
let pageLoads = 0;
/**
 * The page load whose preview holds axe and can switch stories; -1 when none can (none yet, or
 * the last story left it in doubt). Any later load means a reload: that preview is gone.
 */
let loadWhenReady = -1;
const previewReady = () => loadWhenReady === pageLoads;
const forgetPreview = () => {
  loadWhenReady = -1;
};

/** The preview reloaded during a check: the story it then shows is not the one asked for. */
class PreviewReloaded extends Error {}

/**
 * Shows `entry` in the preview: a story by a switch through the channel when a ready preview is
 * there; else (a docs page, the first story, or the preview reloaded itself or is reloading) by a
 * page load with axe injected.
 */
async function showStory(page: Page, origin: string, entry: IndexEntry, viewMode: string) {
  // Docs pages get a page load each: a switch between two left the previous page's embedded
  // stories in the document while axe ran (their findings moved to the next page).
  if (viewMode === "story" && previewReady()) {
    const switched = await page
      .evaluate(
        ({ storyId, viewMode }) => {
          const preview = window as unknown as {
            __cyStory: { finished?: { status: string }; errors: string[] };
            __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, payload: unknown): void };
            axe?: unknown;
          };
          const channel = preview.__STORYBOOK_ADDONS_CHANNEL__;
          if (channel === undefined || preview.axe === undefined) return false;
          preview.__cyStory = { errors: [] };
          channel.emit("setCurrentStory", { storyId, viewMode });
          return true;
        },
        { storyId: entry.id, viewMode },
      )
      .catch(() => false);
    if (switched) return;
  }
  await page.goto(`${origin}/iframe.html?id=${encodeURIComponent(entry.id)}&viewMode=${viewMode}`);
  await page.addScriptTag({ content: axeSource });
  loadWhenReady = pageLoads;
}

/**
 * Checks one story. Storybook reloads the preview when a switch tears down a story whose render
 * has not finished (a docs page's embedded stories, say); the story is then checked again on a
 * fresh load.
 */
async function checkStory(page: Page, origin: string, entry: IndexEntry): Promise<StoryOutcome> {
  try {
    return await checkStoryOnce(page, origin, entry);
  } catch (error) {
    if (!(error instanceof PreviewReloaded) && !/context was destroyed/i.test(String(error))) {
      throw error;
    }
    forgetPreview();
    return checkStoryOnce(page, origin, entry);
  }
}

async function checkStoryOnce(
  page: Page,
  origin: string,
  entry: IndexEntry,
): Promise<StoryOutcome> {
  const { id } = entry;
  const viewMode = entry.type === "docs" ? "docs" : "story";
  const errors: string[] = [];
  const onPageError = (error: Error) => errors.push(`pageerror: ${error.message}`);
  page.on("pageerror", onPageError);
  try {
    // A docs page renders many stories at once, their entry animations staggered by the load
    // of the machine: it is judged at rest, with the kit's reduced-motion styles.
    await page.emulateMedia({ reducedMotion: viewMode === "docs" ? "reduce" : "no-preference" });
    await showStory(page, origin, entry, viewMode);
    const loadsShown = pageLoads;
    let status: StoryOutcome["status"] = "timeout";
    try {
      const handle = await page.waitForFunction(
        () =>
          (window as unknown as { __cyStory: { finished?: { status: string } } }).__cyStory
            .finished,
        undefined,
        { timeout: storyTimeoutMs },
      );
      status =
        ((await handle.jsonValue()) as { status: string }).status === "success"
          ? "success"
          : "error";
    } catch {
      errors.push(`story did not finish within ${storyTimeoutMs} ms`);
    }
    // Colours are judged at rest: a toast fading in has not its contrast yet.
    await page
      .waitForFunction(
        () =>
          document
            .getAnimations()
            .every(
              (animation) =>
                animation.playState !== "running" ||
                animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
            ),
        undefined,
        { timeout: 3_000 },
      )
      .catch(() => undefined);
    errors.push(
      ...(await page.evaluate(
        () => (window as unknown as { __cyStory: { errors: string[] } }).__cyStory.errors,
      )),
    );
    if (pageLoads !== loadsShown) throw new PreviewReloaded(id);
    const results = await page.evaluate(
      ({ context, options }) =>
        (
          window as unknown as {
            axe: { run(context: unknown, options: unknown): Promise<AxeResults> };
          }
        ).axe.run(context, options),
      axeRun(viewMode),
    );
    const violations = results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "unknown",
      nodes: violation.nodes.length,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
    }));
    if (status === "success" && errors.length > 0) status = "error";
    // A story that hung or threw may have left the preview in any state: reload for the next.
    if (status !== "success") forgetPreview();
    const failures = [
      ...errors,
      ...violations
        .filter((violation) => failingImpacts.has(violation.impact))
        .map(
          (violation) =>
            `axe ${violation.impact} ${violation.id}: ${violation.help} [${violation.targets.join(", ")}]`,
        ),
    ];
    if (status !== "success" && failures.length === 0) failures.push(`story ended: ${status}`);
    return { id, status, errors, violations, failures };
  } finally {
    page.off("pageerror", onPageError);
  }
}

async function main() {
  const indexFile = join(storybookDir, "index.json");
  if (!existsSync(indexFile)) {
    console.error(`No Storybook build at ${storybookDir}; run "pnpm build-storybook" first.`);
    process.exit(2);
  }
  if (!existsSync(chromiumPath)) {
    console.error(
      `No Chromium at ${chromiumPath}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(2);
  }
  const index = JSON.parse(readFileSync(indexFile, "utf8")) as {
    entries: Record<string, IndexEntry>;
  };
  const filter = process.env.STORY_FILTER;
  const entries = Object.values(index.entries).filter(
    (entry) => !filter || entry.id.includes(filter),
  );
  const stories = entries.filter((entry) => entry.type === "story");
  const docsPages = entries.filter((entry) => entry.type === "docs");
  const components = new Set(stories.map((story) => story.title));
  const { server, origin } = await serve(storybookDir);
  let browser: Browser | undefined;
  const outcomes: StoryOutcome[] = [];
  const started = performance.now();
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    });
    // A phone: 390 CSS px wide at 2x, with touch, like the product's users.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      hasTouch: true,
      locale: "ko-KR",
      permissions: ["clipboard-read", "clipboard-write"],
    });
    await context.addInitScript(recordStoryEvents);
    const page = await context.newPage();
    const slowdown = Number(process.env.STORY_CPU_SLOWDOWN ?? 1);
    if (slowdown > 1) {
      const devtools = await context.newCDPSession(page);
      await devtools.send("Emulation.setCPUThrottlingRate", { rate: slowdown });
    }
    page.on("load", () => {
      pageLoads++;
    });
    for (const story of [...stories, ...docsPages]) {
      const outcome = await checkStory(page, origin, story);
      outcomes.push(outcome);
      if (outcome.failures.length > 0) {
        console.error(`✗ ${story.id} (${outcome.status})`);
        for (const failure of outcome.failures) console.error(`    ${failure}`);
      }
    }
  } finally {
    await browser?.close();
    server.close();
  }
  const byImpact = new Map<string, number>();
  for (const outcome of outcomes) {
    for (const violation of outcome.violations) {
      byImpact.set(violation.impact, (byImpact.get(violation.impact) ?? 0) + violation.nodes);
    }
  }
  const failedPlays = outcomes.filter((outcome) => outcome.status !== "success").length;
  const seriousStories = outcomes.filter((outcome) =>
    outcome.violations.some((violation) => failingImpacts.has(violation.impact)),
  ).length;
  const failed = outcomes.filter((outcome) => outcome.failures.length > 0).length;
  const minorIds = new Set(
    outcomes.flatMap((outcome) =>
      outcome.violations
        .filter((violation) => !failingImpacts.has(violation.impact))
        .map((violation) => violation.id),
    ),
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(
    `Stories checked: ${stories.length} (${components.size} components), docs pages: ${docsPages.length}, in ${seconds} s with ${chromiumPath}`,
  );
  console.info(
    `axe violations (nodes) by impact: critical ${byImpact.get("critical") ?? 0}, serious ${byImpact.get("serious") ?? 0}, moderate ${byImpact.get("moderate") ?? 0}, minor ${byImpact.get("minor") ?? 0}` +
      (minorIds.size > 0 ? ` (non-failing rules: ${[...minorIds].join(", ")})` : ""),
  );
  console.info(
    `Play functions / render failures: ${failedPlays}; stories with serious or critical axe violations: ${seriousStories}`,
  );
  // Same shape as vitest's JSON report, so ./run test counts the stories in its closing total.
  mkdirSync(".test-report", { recursive: true });
  writeFileSync(
    ".test-report/stories.json",
    JSON.stringify(
      {
        numPassedTests: outcomes.length - failed,
        numFailedTests: failed,
        numPendingTests: 0,
        outcomes,
      },
      null,
      2,
    ),
  );
  console.info(`${outcomes.length - failed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

await main();
