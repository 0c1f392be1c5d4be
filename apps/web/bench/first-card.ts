// How long a user on a slow phone waits for the app's first useful screen, against the first
// paint of a blank Vite + React 19 app served the same way: the figures issue "[5/6] Speed a user
// feels" asks for (target: app / blank ≤ 1.5). It prints figures; it is not a test and checks no
// budget. Three cases, each against the same blank app, under the same slow phone (4x CPU
// slowdown, 400 ms latency and 400 kbit/s each way per request, 390x844 at 2x), each with its
// runs alternating blank, app after one warm-up pair not counted:
//   list   a signed-in lender's first visit to the order list (#/pages/order/index): cold cache,
//          service workers blocked; navigation start -> the first contract card painted, against
//          the blank app's first visit, navigation start -> its <h1> painted.
//   warm   the same lender's repeat visit: a first visit (not timed, not slowed down) lets the
//          app's service worker precache the shell; then a new tab of the same context (warm
//          HTTP cache, the worker stopped and started again by the visit, serving the shell) is
//          timed the same way to the first card, against the blank app loaded a second time the
//          same way (warm HTTP cache, no service worker). Also where the answers came from
//          (network, service worker, HTTP cache: CDP Network.* events) and the worker's fetches.
//   share  a new borrower's cold share-link open (#/pages/loans/sign?code=..., a contract the
//          lender makes per run for a new phone): no session, cold cache, service workers
//          blocked. (a) navigation start -> the login form's phone field painted, against the
//          blank app's cold <h1>; then, untimed, the bench types the phone, sends the code, reads
//          it from the server's test route (GET /__test/sms) and types it; (b) 'log in' pressed
//          (the form's submit event) -> the sign page's contract document painted (its frame
//          loaded, visible, its heading naming the contract), in ms, against the blank app's
//          cold paint for scale. Bytes and requests before each.
// The cases run in that order (share adds contracts to the lender's book, so it runs after the
// lender's cases), then a summary prints one line per case: `case: app X ms, blank Y ms, ratio Z`.
//
// What it does, all on this machine:
//   1. starts the built server (apps/server/dist, test mode) on a fresh temp data folder, serving
//      the built web app (apps/web/dist), adds a lender with the CLI and seeds 20 contracts
//      through the SDK;
//   2. builds a blank Vite + React app (an <h1>) in bench/.blank-app/ and serves it with a second
//      instance of the same server (same static-file settings, same HTTP stack);
//   3. runs the cases in fresh browser contexts, timing inside the page (performance.now(), from
//      navigation start) up to just after the frame showing the element was painted;
//   4. prints each run, a table of each case with the medians, the summary and the machine's load
//      average, then stops both servers and removes every temp folder.
//
// Run after building the server and the web app (pnpm turbo run build --filter=@chayong/web...):
//   pnpm --filter @chayong/web bench:first-card
// BENCH_RUNS=<n> changes the number of measured runs of each app in each case (default 5);
// BENCH_CASES=list,warm,share picks cases (default all). BENCH_PROFILE=<file> writes the page's
// CPU profile of the list case's first app run (open it in DevTools' Performance panel).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { extname, join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { createApi } from "@chayong/sdk";
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  type Page,
  type Request,
} from "@playwright/test";

const webDir = resolve(import.meta.dirname, "..");
const webDist = join(webDir, "dist");
const serverDir = resolve(webDir, "..", "server");
const serverMain = join(serverDir, "dist", "main.js");
const serverCli = join(serverDir, "dist", "cli.js");
/** Inside apps/web so that vite, react and @vitejs/plugin-react resolve from its node_modules. */
const blankDir = join(import.meta.dirname, ".blank-app");

/** The environment as launched: Vite's build() sets NODE_ENV=production in this process, which the
 * server refuses in test mode. */
const launchEnv = { ...process.env };
const runs = Number(process.env.BENCH_RUNS ?? 5);
/** The cases, in the order they run (BENCH_CASES picks some; they still run in this order). */
const caseNames = ["list", "warm", "share"] as const;
type CaseName = (typeof caseNames)[number];
const lenderPhone = "01012340000";
const borrowerPhone = "01055550000";
const seededContracts = 20;
/** A contract card (packages/ui ContractCard is an <article>) in the order list. */
const cardSelector = ".contract-list article";
/** The login page's fields (routes/pages/login) and the sign page's contract document
 * (features/signing/contract-document.tsx). */
const phoneInputSelector = 'input[name="phone"]';
const codeInputSelector = 'input[name="code"]';
const contractDocumentSelector = "iframe.contract-document";

/** The slow phone. Request-level throttling by Chromium (DevTools "Slow 3G"-like figures). */
const network = {
  latencyMs: 400,
  downloadBytesPerSecond: 50_000, // 400 kbit/s
  uploadBytesPerSecond: 50_000, // 400 kbit/s
};
const cpuSlowdown = 4;
const phone = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: "ko-KR",
  // Every run is a first visit: nothing cached, no service worker answering from its cache.
  serviceWorkers: "block" as const,
};
/** A run that has not painted by then has failed (a broken build, a server error). */
const runTimeoutMs = 180_000;

// ---------------------------------------------------------------------------------------------
// Servers

/** A port nobody listens on right now (never a fixed port: others share this machine). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? done(address.port) : fail()));
    });
  });
}

interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * The built server in test mode on a fresh data folder, serving `staticDir` (as
 * e2e/support/global-setup.ts starts it). `beforeStart` runs operator CLI commands with the same
 * environment before the server holds the data folder.
 */
async function startServer(
  staticDir: string,
  beforeStart: (env: NodeJS.ProcessEnv) => void = () => {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "chayong-bench-"));
  const port = await freePort();
  const env = {
    ...launchEnv,
    PORT: String(port),
    HOST: "127.0.0.1",
    CHAYONG_DATA_DIR: dataDir,
    CHAYONG_TEST_MODE: "1",
    CHAYONG_WEB_DIR: staticDir,
    // The share case logs a new borrower in per run, every one from 127.0.0.1 (default: 30 codes
    // an hour per IP address).
    CHAYONG_SMS_IP_HOURLY_LIMIT: "10000",
  };
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    beforeStart(env);
  } catch (error) {
    cleanUp();
    throw error;
  }
  let output = "";
  const server: ChildProcess = spawn(process.execPath, [serverMain], {
    cwd: serverDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((done) => server.once("exit", done));
      server.kill("SIGTERM");
      await exited;
    }
    cleanUp();
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) {
      cleanUp();
      throw new Error(`the server exited (${server.exitCode}) before serving:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not serve ${url}/ within 60 s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

// ---------------------------------------------------------------------------------------------
// The lender and his contracts

/** `YYYY-MM-DD` this many days from today in Seoul (the lender's business time zone). */
function seoulDateInDays(days: number): string {
  return new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** Contract `index` of the lender's book: alternately three monthly instalments (about 2%
 * interest in all) and one payment of 1% more in a month, within the legal interest cap as the
 * e2e specs' drafts are. */
function contractTerms(index: number, name: string, borrower: string) {
  const instalment = index % 2 === 0;
  const loanAmount = 500_000 + index * 50_000;
  return {
    name,
    borrowerPhone: borrower,
    loanAmount,
    disbursedAmount: loanAmount,
    loanDate: seoulDateInDays(-index),
    repaymentDate: seoulDateInDays(30 - index),
    instalment,
    instalmentCount: instalment ? 3 : 1,
    instalmentAmount: instalment ? Math.round(loanAmount * 0.34) : Math.round(loanAmount * 1.01),
    interval: "monthly" as const,
    overdueRatePercent: 15,
    lender: "김대여",
    merchantName: "김씨상회",
  };
}

interface Lender {
  /** The session token the page will find in its storage, as a returning lender's phone would. */
  token: string;
  /** The SDK signed in as the lender (the share case adds a contract per run with it). */
  api: ReturnType<typeof createApi>;
}

/** The last login code the server's test SMS provider "sent" to a phone (CHAYONG_TEST_MODE=1). */
async function lastSmsCode(baseUrl: string, phone: string): Promise<string> {
  const sms = await fetch(`${baseUrl}/__test/sms?phone=${encodeURIComponent(phone)}`);
  if (!sms.ok) throw new Error(`GET /__test/sms?phone=${phone} answered ${sms.status}`);
  const { code } = (await sms.json()) as { code: string };
  return code;
}

/** Logs the lender in through the SDK (SMS code from the test route) and adds his contracts. */
async function seedLender(baseUrl: string): Promise<Lender> {
  // The workspace packages' builds (dist/), imported late: a missing build fails with its name.
  const { createApi } = await import("@chayong/sdk");
  const { codecSettingsFromEnv, createCodec, createTransport } = await import("@chayong/transport");
  const apiWithToken = (token: string | null) =>
    createApi(
      createTransport({
        baseUrl,
        codec: createCodec(codecSettingsFromEnv({})),
        session: {
          getToken: () => token,
          getLoginInfo: () => null,
          getDevice: () => ({ adid: "bench-setup" }),
          getLocale: () => "ko-KR",
        },
        slowNetworkMs: Number.POSITIVE_INFINITY,
      }),
    );
  const anonymous = apiWithToken(null);
  await anonymous.auth.sendCode({ phone: lenderPhone });
  const code = await lastSmsCode(baseUrl, lenderPhone);
  const { token } = await anonymous.auth.login({ phone: lenderPhone, code });
  const lender = apiWithToken(token);
  const surnames = ["정", "박", "이", "최", "한", "김", "윤", "장", "임", "오"];
  for (let index = 0; index < seededContracts; index++) {
    const name = `${surnames[index % surnames.length]}씨 대출 ${index + 1}`;
    await lender.contract.add(contractTerms(index, name, borrowerPhone));
  }
  return { token, api: lender };
}

/** A contract the lender made for the share case, and the borrower it was sent to. */
interface SharedContract {
  /** The share link, absolute (the server answers it relative to the app). */
  link: string;
  name: string;
  borrowerPhone: string;
}

/**
 * The lender makes contract `n` of the share case for a borrower no one has logged in with yet
 * (a phone gets a login code once a minute and five an hour): every run is a new borrower.
 */
async function shareContract(lender: Lender, appUrl: string, n: number): Promise<SharedContract> {
  const borrower = `0106600${String(n).padStart(4, "0")}`;
  const added = await lender.api.contract.add(contractTerms(0, `공유 대출 ${n}`, borrower));
  const link = new URL(added.link, `${appUrl}/`).href;
  if (!link.startsWith(`${appUrl}/#/pages/loans/sign?code=`))
    throw new Error(`contract.add answered the link ${added.link}, not one to the sign page`);
  return { link, name: added.name, borrowerPhone: borrower };
}

// ---------------------------------------------------------------------------------------------
// The blank app

/** The same rule as the web build's precompression (scripts/precompress-plugin.ts), mirrored so
 * that both apps get the same encoding from the server, whatever the server does with it. */
function precompress(dir: string): void {
  const text = new Set([".html", ".js", ".css", ".json", ".svg"]);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !text.has(extname(file)) || statSync(file).size < 1024) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    });
    const gzip = gzipSync(content, { level: 9 });
    if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
  }
}

/** Builds an <h1> rendered by React 19 with Vite's defaults and @vitejs/plugin-react. */
async function buildBlankApp(): Promise<string> {
  rmSync(blankDir, { recursive: true, force: true });
  mkdirSync(join(blankDir, "src"), { recursive: true });
  writeFileSync(
    join(blankDir, "index.html"),
    `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Blank</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
  );
  writeFileSync(
    join(blankDir, "src", "main.tsx"),
    `import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <h1>주문 내역</h1>
  </StrictMode>,
);
`,
  );
  // The config inline (configFile: false): a vite.config.ts here would be picked up by nothing
  // else, and apps/web's own config must not apply.
  const { build } = await import("vite");
  const { default: react } = await import("@vitejs/plugin-react");
  const outDir = join(blankDir, "dist");
  await build({
    configFile: false,
    root: blankDir,
    logLevel: "warn",
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  // Served as the web app is: precompressed copies when its build writes them.
  if (existsSync(join(webDist, "index.html.br")) || existsSync(join(webDist, "index.html.gz")))
    precompress(outDir);
  return outDir;
}

// ---------------------------------------------------------------------------------------------
// A page's probe: an element painted

interface Probe {
  /** performance.now() when the element was first in the DOM (a MutationObserver's callback). */
  inserted: number | null;
  /** performance.now() just after the next frame was painted (rAF, then a task). */
  painted: number | null;
}

interface BenchWindow {
  __benchProbe?: Probe;
  /** Exposed by the bench (exposeMarks): the page tells it a mark was reached. */
  __benchMark?: (mark: string) => void;
}

/**
 * Installed before any script of the page: watches the DOM for `selector` and records when it
 * arrives and when the frame showing it has been painted (the task after the frame's rAF runs
 * once that frame is rendered). Cheap (a querySelector per mutation batch) and the same for both
 * apps, so it costs both the same.
 */
function installProbe(selector: string) {
  const bench = window as unknown as BenchWindow;
  const probe: Probe = { inserted: null, painted: null };
  bench.__benchProbe = probe;
  const observer = new MutationObserver(() => {
    if (probe.inserted !== null || !document.querySelector(selector)) return;
    probe.inserted = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        probe.painted = performance.now();
        bench.__benchMark?.("painted");
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

interface PageFigures {
  probe: Probe;
  firstContentfulPaint: number | null;
  /** Resource timing up to the paint of the element (the document included). */
  bytesBefore: number;
  /** The same bytes by kind (scripts, stylesheets, fonts, API answers). */
  jsBytesBefore: number;
  cssBytesBefore: number;
  fontBytesBefore: number;
  apiBytesBefore: number;
  requestsBefore: number;
  /** startTime of the first /api/ or /auth/ request, and of the contract list query. */
  firstApiStart: number | null;
  listQueryStart: number | null;
  listQueryEnd: number | null;
  /** responseEnd of the last script and of the last stylesheet the element waited for. */
  lastScriptEnd: number | null;
  lastStyleEnd: number | null;
}

/**
 * Read in the page once the element has painted. The paint entry of first-contentful-paint comes
 * when the compositor reports the frame shown, which can be after the probe's task: waited for
 * (at most 2 s).
 */
async function readFigures(): Promise<PageFigures> {
  const firstContentfulPaint = await new Promise<number | null>((done) => {
    const entryTime = () =>
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    if (entryTime() !== null) return done(entryTime());
    const observer = new PerformanceObserver(() => {
      if (entryTime() === null) return;
      observer.disconnect();
      done(entryTime());
    });
    observer.observe({ type: "paint", buffered: true });
    setTimeout(() => {
      observer.disconnect();
      done(entryTime());
    }, 2_000);
  });
  const bench = window as unknown as BenchWindow;
  const probe = bench.__benchProbe ?? { inserted: null, painted: null };
  const until = probe.painted ?? Number.POSITIVE_INFINITY;
  const navigation = performance.getEntriesByType("navigation")[0] as
    | PerformanceNavigationTiming
    | undefined;
  const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  const before = resources.filter((entry) => entry.responseEnd <= until);
  const path = (entry: PerformanceResourceTiming) => new URL(entry.name).pathname;
  const api = resources.filter((entry) => /^\/(api|auth)\//.test(path(entry)));
  const query = api.find((entry) => path(entry).endsWith("/contract/query"));
  const lastEnd = (entries: PerformanceResourceTiming[]) =>
    entries.length > 0 ? Math.max(...entries.map((entry) => entry.responseEnd)) : null;
  const bytesOf = (test: (path: string) => boolean) =>
    before.filter((entry) => test(path(entry))).reduce((sum, entry) => sum + entry.transferSize, 0);
  return {
    probe,
    firstContentfulPaint,
    bytesBefore:
      (navigation?.transferSize ?? 0) + before.reduce((sum, entry) => sum + entry.transferSize, 0),
    jsBytesBefore: bytesOf((name) => name.endsWith(".js")),
    cssBytesBefore: bytesOf((name) => name.endsWith(".css")),
    fontBytesBefore: bytesOf((name) => /\.(woff2?|ttf|otf)$/.test(name)),
    apiBytesBefore: bytesOf((name) => /^\/(api|auth)\//.test(name)),
    requestsBefore: before.length + 1,
    firstApiStart: api.length > 0 ? Math.min(...api.map((entry) => entry.startTime)) : null,
    listQueryStart: query?.startTime ?? null,
    listQueryEnd: query?.responseEnd ?? null,
    lastScriptEnd: lastEnd(before.filter((entry) => path(entry).endsWith(".js"))),
    lastStyleEnd: lastEnd(before.filter((entry) => path(entry).endsWith(".css"))),
  };
}

// ---------------------------------------------------------------------------------------------
// The share case's page: the login form, then the contract document

interface ShareProbe {
  /** The login form's phone field: first in the DOM, then the frame showing it painted, and
   * whether it was visible then. */
  formInserted: number | null;
  formPainted: number | null;
  formVisible: boolean | null;
  /** The login form's submit event ('log in' pressed; the last one). */
  pressed: number | null;
  /** The contract document's frame: in the DOM, loaded (its load event, its heading naming the
   * contract, the frame visible), then the frame showing it painted. */
  documentInserted: number | null;
  documentLoaded: number | null;
  documentPainted: number | null;
}

interface ShareWindow {
  __benchShare?: ShareProbe;
  __benchMark?: (mark: string) => void;
}

/**
 * The share case's probe, installed before any script of the page (the same way of timing as
 * installProbe): marks "form" once the phone field has painted, records when the login form is
 * submitted, and marks "document" once the contract document's frame has loaded the document
 * whose heading names `heading`, is visible, and a frame has been painted since.
 */
function installShareProbe(options: { form: string; document: string; heading: string }) {
  const bench = window as unknown as ShareWindow;
  const probe: ShareProbe = {
    formInserted: null,
    formPainted: null,
    formVisible: null,
    pressed: null,
    documentInserted: null,
    documentLoaded: null,
    documentPainted: null,
  };
  bench.__benchShare = probe;
  const afterPaint = (then: () => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = then;
      channel.port2.postMessage(null);
    });
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  };
  document.addEventListener(
    "submit",
    () => {
      probe.pressed = performance.now();
    },
    true,
  );
  const watchDocument = (frame: HTMLIFrameElement) => {
    const loaded = () => {
      if (probe.documentLoaded !== null) return;
      const heading = frame.contentDocument?.querySelector("h1")?.textContent ?? "";
      if (!heading.includes(options.heading)) return;
      // Loaded but not shown yet (a hidden subtree): looked at again each frame.
      if (!visible(frame)) return void requestAnimationFrame(loaded);
      probe.documentLoaded = performance.now();
      afterPaint(() => {
        probe.documentPainted = performance.now();
        bench.__benchMark?.("document");
      });
    };
    frame.addEventListener("load", loaded);
    // Loaded before this ran (a srcdoc frame loads on its own task, so this is a safeguard).
    if (
      frame.contentDocument?.readyState === "complete" &&
      frame.contentDocument.URL !== "about:blank"
    )
      loaded();
  };
  const observer = new MutationObserver(() => {
    if (probe.formInserted === null) {
      const input = document.querySelector(options.form);
      if (input) {
        probe.formInserted = performance.now();
        afterPaint(() => {
          probe.formPainted = performance.now();
          probe.formVisible = visible(input);
          bench.__benchMark?.("form");
        });
      }
    }
    if (probe.documentInserted === null) {
      const frame = document.querySelector(options.document);
      if (frame instanceof HTMLIFrameElement) {
        probe.documentInserted = performance.now();
        observer.disconnect();
        watchDocument(frame);
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

interface ShareFigures {
  probe: ShareProbe;
  /** Up to the login form painted: bytes (the document included), of which JS; requests. */
  formBytes: number;
  formJsBytes: number;
  formRequests: number;
  /** Started after 'log in' was pressed and arrived by the document painted (the document
   * frame's own requests included): bytes, of which JS and API answers; requests. */
  loginBytes: number;
  loginJsBytes: number;
  loginApiBytes: number;
  loginRequests: number;
  /** responseEnd of the login call, of the contract's opening and of the document's answer. */
  loginAnswered: number | null;
  openAnswered: number | null;
  documentAnswered: number | null;
}

/** Read in the page once the document has painted (resource timing of the page and of the
 * document's frame, on the page's clock). */
function readShareFigures(options: {
  document: string;
  loginPath: string;
  openPath: string;
  viewPath: string;
}): ShareFigures {
  const bench = window as unknown as ShareWindow;
  const probe = bench.__benchShare;
  if (!probe) throw new Error("the share probe is missing");
  interface Entry {
    path: string;
    startTime: number;
    responseEnd: number;
    transferSize: number;
  }
  const entriesOf = (win: Window): Entry[] => {
    const shift = win.performance.timeOrigin - performance.timeOrigin;
    return (win.performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map(
      (entry) => ({
        path: new URL(entry.name).pathname,
        startTime: entry.startTime + shift,
        responseEnd: entry.responseEnd + shift,
        transferSize: entry.transferSize,
      }),
    );
  };
  const frame = document.querySelector(options.document);
  const frameWindow = frame instanceof HTMLIFrameElement ? frame.contentWindow : null;
  const entries = [...entriesOf(window), ...(frameWindow ? entriesOf(frameWindow) : [])];
  const navigation = performance.getEntriesByType("navigation")[0] as
    | PerformanceNavigationTiming
    | undefined;
  const sum = (list: Entry[]) => list.reduce((total, entry) => total + entry.transferSize, 0);
  const isScript = (entry: Entry) => entry.path.endsWith(".js");
  const isApi = (entry: Entry) => /^\/(api|auth)\//.test(entry.path);
  const formPainted = probe.formPainted ?? Number.POSITIVE_INFINITY;
  const beforeForm = entries.filter((entry) => entry.responseEnd <= formPainted);
  const pressed = probe.pressed ?? Number.POSITIVE_INFINITY;
  const documentPainted = probe.documentPainted ?? Number.POSITIVE_INFINITY;
  const afterPress = entries.filter(
    (entry) => entry.startTime >= pressed && entry.responseEnd <= documentPainted,
  );
  const answered = (path: string) =>
    entries.find((entry) => entry.startTime >= pressed && entry.path === path)?.responseEnd ?? null;
  return {
    probe,
    formBytes: (navigation?.transferSize ?? 0) + sum(beforeForm),
    formJsBytes: sum(beforeForm.filter(isScript)),
    formRequests: beforeForm.length + 1,
    loginBytes: sum(afterPress),
    loginJsBytes: sum(afterPress.filter(isScript)),
    loginApiBytes: sum(afterPress.filter(isApi)),
    loginRequests: afterPress.length,
    loginAnswered: answered(options.loginPath),
    openAnswered: answered(options.openPath),
    documentAnswered: answered(options.viewPath),
  };
}

// ---------------------------------------------------------------------------------------------
// Watching a page, slowing it down, hearing its marks

/** What Chromium's network events say about one page (the page's own requests, its frames'
 * included; not the requests a service worker makes itself). */
interface NetworkLog {
  /** Every request sent (Network.requestWillBeSent) and the bytes of every finished one. */
  requests: number;
  bytes: number;
  /** content-encoding of the scripts the server sent ("identity" when none). */
  scriptEncodings: Set<string>;
  /** Each http(s) request by id: where its answer came from and its bytes once finished. */
  byId: Map<string, { source: AnswerSource; bytes: number }>;
}

interface Traffic {
  requests: number;
  bytes: number;
}

/** "network": the server answered (a 304 too); "service worker": the page's service worker did
 * from its caches; "cache": the browser's HTTP cache (disk or memory) did. */
type AnswerSource = "network" | "service worker" | "cache";

function watchNetwork(cdp: CDPSession): NetworkLog {
  const log: NetworkLog = { requests: 0, bytes: 0, scriptEncodings: new Set(), byId: new Map() };
  const record = (requestId: string) => log.byId.get(requestId);
  cdp.on("Network.requestWillBeSent", (event) => {
    log.requests++;
    if (/^https?:/.test(event.request.url) && !log.byId.has(event.requestId))
      log.byId.set(event.requestId, { source: "network", bytes: 0 });
  });
  cdp.on("Network.requestServedFromCache", (event) => {
    const request = record(event.requestId);
    if (request) request.source = "cache";
  });
  cdp.on("Network.loadingFinished", (event) => {
    log.bytes += event.encodedDataLength;
    const request = record(event.requestId);
    if (request) request.bytes = event.encodedDataLength;
  });
  cdp.on("Network.responseReceived", (event) => {
    const { response } = event;
    const request = record(event.requestId);
    if (request && response.fromServiceWorker && response.serviceWorkerResponseSource !== "network")
      request.source = "service worker";
    else if (request && (response.fromDiskCache || response.fromPrefetchCache))
      request.source = "cache";
    if (!new URL(response.url).pathname.endsWith(".js")) return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    log.scriptEncodings.add(String(headers["content-encoding"] ?? "identity"));
  });
  return log;
}

/** The requests of a log whose answer came from `source`, and their bytes. */
function answeredBy(log: NetworkLog, source: AnswerSource): Traffic {
  const requests = [...log.byId.values()].filter((request) => request.source === source);
  return {
    requests: requests.length,
    bytes: requests.reduce((sum, request) => sum + request.bytes, 0),
  };
}

interface RunResult extends PageFigures {
  /** From the CDP network events: everything that finished loading by the time it was read. */
  cdpBytes: number;
  cdpRequests: number;
  /** content-encoding of the scripts the server sent ("identity" when none). */
  scriptEncodings: string[];
}

function networkFigures(
  log: NetworkLog,
): Pick<RunResult, "cdpBytes" | "cdpRequests" | "scriptEncodings"> {
  return {
    cdpBytes: log.bytes,
    cdpRequests: log.requests,
    scriptEncodings: [...log.scriptEncodings].sort(),
  };
}

/** Slows the page down as a mid-range phone on a poor connection (before it navigates). */
async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: network.downloadBytesPerSecond,
    uploadThroughput: network.uploadBytesPerSecond,
  });
}

/** Watches the page's network events, then slows it down (before it navigates). */
async function watchAndThrottle(context: BrowserContext, page: Page): Promise<NetworkLog> {
  const cdp = await context.newCDPSession(page);
  const log = watchNetwork(cdp);
  await throttle(cdp);
  return log;
}

/** BENCH_PROFILE=<file>: the page's CPU profile of the list case's first app run is written there. */
const profilePath = process.env.BENCH_PROFILE;
let profiled = false;

/**
 * Starts the page's CPU profiler (DevTools' .cpuprofile, for the Performance panel or a script)
 * when BENCH_PROFILE asks for one and none was taken yet; answers what stops it and writes it.
 */
async function startProfile(
  context: BrowserContext,
  page: Page,
): Promise<(() => Promise<void>) | null> {
  if (!profilePath || profiled) return null;
  profiled = true;
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  return async () => {
    const { profile } = await cdp.send("Profiler.stop");
    writeFileSync(profilePath, JSON.stringify(profile));
    console.info(`CPU profile of the first app run: ${profilePath}`);
  };
}

/** The session a returning lender's phone holds (as the e2e specs hand it to a page). */
async function holdSession(page: Page, token: string | null): Promise<void> {
  if (token === null) return;
  await page.addInitScript((value) => {
    localStorage.setItem("token", JSON.stringify(value));
  }, token);
}

/**
 * Exposes window.__benchMark to the page (its probe calls it); answers a function that resolves
 * once the page has reached a mark, or fails with `failure` after the run's time limit.
 */
async function exposeMarks(page: Page): Promise<(mark: string, failure: string) => Promise<void>> {
  const reached = new Set<string>();
  const waiting = new Map<string, () => void>();
  await page.exposeFunction("__benchMark", (mark: string) => {
    reached.add(mark);
    waiting.get(mark)?.();
  });
  return async (mark, failure) => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((done) => (reached.has(mark) ? done() : waiting.set(mark, done))),
      new Promise((_, fail) => {
        timer = setTimeout(() => fail(new Error(failure)), runTimeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  };
}

// ---------------------------------------------------------------------------------------------
// The runs: a first visit, a share-link open, a repeat visit

/** A first visit (the list case, and the blank app of every cold comparison): a fresh context,
 * so a cold cache and no service worker; timed from navigation start to `selector` painted. */
async function measure(
  browser: Browser,
  url: string,
  selector: string,
  token: string | null,
): Promise<RunResult> {
  const context = await browser.newContext(phone);
  try {
    const page: Page = await context.newPage();
    await holdSession(page, token);
    await page.addInitScript(installProbe, selector);
    const reached = await exposeMarks(page);
    const log = await watchAndThrottle(context, page);
    const profile = token !== null ? await startProfile(context, page) : null;

    await page.goto(url, { waitUntil: "commit", timeout: runTimeoutMs });
    await reached("painted", `${selector} did not paint within ${runTimeoutMs} ms at ${url}`);
    await profile?.();
    const figures = await page.evaluate(readFigures);
    return { ...figures, ...networkFigures(log) };
  } finally {
    await context.close();
  }
}

interface ShareResult extends ShareFigures {
  cdpBytes: number;
  cdpRequests: number;
}

/** The API paths the share case's page calls (from the SDK's endpoint table). */
interface SharePaths {
  loginPath: string;
  openPath: string;
  viewPath: string;
}

/**
 * A borrower's cold share-link open (the share case): a fresh context (cold cache, no service
 * worker, no session) opens the link; the app shows the login form (mark "form"). The bench,
 * untimed, types the borrower's phone, asks for a code, reads it from the server's test route and
 * types it, then presses 'log in': the app goes back to the sign page, whose contract document
 * is timed from that press to its painted frame (mark "document").
 */
async function measureShare(
  browser: Browser,
  shared: SharedContract,
  smsCode: (phone: string) => Promise<string>,
  paths: SharePaths,
): Promise<ShareResult> {
  const context = await browser.newContext(phone);
  context.setDefaultTimeout(runTimeoutMs);
  try {
    const page = await context.newPage();
    await page.addInitScript(installShareProbe, {
      form: phoneInputSelector,
      document: contractDocumentSelector,
      heading: shared.name,
    });
    const reached = await exposeMarks(page);
    const log = await watchAndThrottle(context, page);

    await page.goto(shared.link, { waitUntil: "commit", timeout: runTimeoutMs });
    await reached(
      "form",
      `the login form did not paint within ${runTimeoutMs} ms at ${shared.link}`,
    );
    await page.locator(phoneInputSelector).fill(shared.borrowerPhone);
    await page.getByRole("button", { name: "인증번호 받기" }).click();
    // 'sent' (and a countdown to 'resend'): the server has made the code.
    await page
      .getByRole("button", { name: "발송됨" })
      .waitFor()
      .catch(async (error: unknown) => {
        const form = await page
          .locator("form")
          .textContent()
          .catch(() => "");
        throw new Error(`the login code was not sent to ${shared.borrowerPhone}: ${form}`, {
          cause: error,
        });
      });
    await page.locator(codeInputSelector).fill(await smsCode(shared.borrowerPhone));
    await page.getByRole("button", { name: "로그인", exact: true }).click();
    await reached(
      "document",
      `the contract document did not paint within ${runTimeoutMs} ms after 'log in' (${page.url()})`,
    );
    if (!page.url().includes("#/pages/loans/sign?code="))
      throw new Error(`the document painted on ${page.url()}, not on the sign page`);
    const figures = await page.evaluate(readShareFigures, {
      document: contractDocumentSelector,
      ...paths,
    });
    const { formPainted, pressed, documentPainted } = figures.probe;
    if (
      formPainted === null ||
      pressed === null ||
      documentPainted === null ||
      pressed < formPainted
    )
      throw new Error(
        "the page did not keep its marks from the login form to the document (reloaded?)",
      );
    if (!figures.probe.formVisible) throw new Error("the phone field was painted but not visible");
    return { ...figures, cdpBytes: log.bytes, cdpRequests: log.requests };
  } finally {
    await context.close();
  }
}

interface WarmResult extends RunResult {
  /** The page had a service worker (navigator.serviceWorker.controller) when read. */
  controlled: boolean;
  /** The page's requests by where their answers came from (CDP network events, at read). */
  toNetwork: Traffic;
  fromServiceWorker: Traffic;
  fromCache: Traffic;
  /** Requests the service worker made itself (its fetch()), and those the network answered. */
  workerFetches: number;
  workerToNetwork: Traffic;
}

/**
 * The bytes a request received (its encoded body and headers, as Network.loadingFinished's
 * encodedDataLength: 0 when the HTTP cache answered), once it has finished; null when it has
 * not within 10 s, or failed (counted as gone to the network).
 */
async function bytesReceived(request: Request): Promise<number | null> {
  const finished = request.response().then(async (response) => {
    if (!response || (await response.finished()) !== null) return null;
    const sizes = await request.sizes();
    return Math.max(0, sizes.responseHeadersSize + sizes.responseBodySize);
  });
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    finished.catch(() => null),
    new Promise<null>((done) => {
      timer = setTimeout(() => done(null), 10_000);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * A repeat visit (the warm case). The first visit, in a context that allows service workers,
 * is neither timed nor slowed down: it fills the HTTP cache and, for the app, lets its service
 * worker register (once the page has loaded and is idle), precache the shell and activate
 * (navigator.serviceWorker.ready). It then closes, and the worker is stopped, as on a phone
 * where the app was closed a while ago. The second visit is a new tab of the same context,
 * slowed down and timed as a first visit is, from navigation start to `selector` painted. The
 * slowdown is set on the page's target only, none on the worker's own target: its fetches are
 * counted (workerToNetwork) so that any reaching the network shows.
 */
async function measureWarm(
  browser: Browser,
  url: string,
  selector: string,
  token: string | null,
  serviceWorker: boolean,
): Promise<WarmResult> {
  const context = await browser.newContext({ ...phone, serviceWorkers: "allow" });
  context.setDefaultTimeout(runTimeoutMs);
  try {
    const first = await context.newPage();
    await holdSession(first, token);
    await first.goto(url, { waitUntil: "load", timeout: runTimeoutMs });
    await first.locator(selector).first().waitFor();
    if (serviceWorker) {
      const active = await first.evaluate(
        (ms) =>
          Promise.race([
            navigator.serviceWorker.ready.then((registration) => registration.active !== null),
            new Promise<false>((done) => setTimeout(() => done(false), ms)),
          ]),
        runTimeoutMs,
      );
      if (!active) throw new Error(`no service worker became active within ${runTimeoutMs} ms`);
    }
    await first.close();

    const page = await context.newPage();
    await holdSession(page, token);
    await page.addInitScript(installProbe, selector);
    const reached = await exposeMarks(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.stopAllWorkers");
    const log = watchNetwork(cdp);
    await throttle(cdp);
    const workerFetches: Promise<number | null>[] = [];
    const watchWorkerFetch = (request: Request) => {
      if (request.serviceWorker()) workerFetches.push(bytesReceived(request));
    };
    context.on("request", watchWorkerFetch);

    await page.goto(url, { waitUntil: "commit", timeout: runTimeoutMs });
    await reached("painted", `${selector} did not paint within ${runTimeoutMs} ms at ${url}`);
    const figures = await page.evaluate(readFigures);
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    context.off("request", watchWorkerFetch);
    const workerBytes = await Promise.all(workerFetches);
    if (serviceWorker && !controlled)
      throw new Error(`the service worker did not control the repeat visit of ${url}`);
    return {
      ...figures,
      ...networkFigures(log),
      controlled,
      toNetwork: answeredBy(log, "network"),
      fromServiceWorker: answeredBy(log, "service worker"),
      fromCache: answeredBy(log, "cache"),
      workerFetches: workerBytes.length,
      workerToNetwork: {
        requests: workerBytes.filter((received) => received === null || received > 0).length,
        bytes: workerBytes.reduce<number>((sum, received) => sum + (received ?? 0), 0),
      },
    };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

const ms = (value: number | null) => (value === null ? "—" : `${Math.round(value)} ms`);
const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
const ratio = (value: number) => `${value.toFixed(2)}x`;

type Row = [label: string, values: string[], median: string];

function printTable(rows: Row[]): void {
  const header = ["", ...Array.from({ length: runs }, (_, index) => `run ${index + 1}`), "median"];
  const lines = [header, ...rows.map(([label, values, mid]) => [label, ...values, mid])];
  const widths = header.map((_, column) =>
    Math.max(...lines.map((line) => (line[column] ?? "").length)),
  );
  for (const line of lines) {
    console.info(
      line
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join("  "),
    );
  }
}

/** A row of a table: the value of each run, then their median (of the runs that have one). */
function column<T>(
  label: string,
  results: T[],
  pick: (result: T) => number | null,
  format: (value: number | null) => string,
): Row {
  const values = results.map(pick);
  const known = values.filter((value): value is number => value !== null);
  return [label, values.map(format), format(known.length > 0 ? median(known) : null)];
}

/** app / blank per run (run i against run i), and median(app) / median(blank). */
function ratioRow(label: string, app: number[], blank: number[]): Row {
  return [
    label,
    app.map((value, index) => ratio(value / (blank[index] ?? Number.NaN))),
    ratio(median(app) / median(blank)),
  ];
}

const bytes = (value: number | null) => (value === null ? "—" : kb(value));
const count = (value: number | null) => (value === null ? "—" : String(value));
const paintOf = (result: RunResult) => result.probe.painted ?? Number.NaN;

/** One line of the summary printed at the end: `case: app X ms, blank Y ms, ratio Z`. */
interface Summary {
  label: string;
  app: number;
  blank: number;
  /** What the blank figure is, when it is not the same kind of wait as the app's. */
  blankNote?: string;
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");

/** What every case shares: the phone, the servers and the machine. */
function printPreface(): void {
  console.info("");
  console.info(
    `Phone: ${phone.viewport.width}x${phone.viewport.height} @${phone.deviceScaleFactor}x, ` +
      `touch, ko-KR; CPU ${cpuSlowdown}x slower (Emulation.setCPUThrottlingRate); network ` +
      `${network.latencyMs} ms latency, ${(network.downloadBytesPerSecond * 8) / 1000} kbit/s ` +
      `down, ${(network.uploadBytesPerSecond * 8) / 1000} kbit/s up ` +
      "(Network.emulateNetworkConditions, per request).",
  );
  console.info(
    "Both apps served by the built server (apps/server/dist/main.js, its static-file settings). " +
      "Times are performance.now() in the page, up to just after the frame showing the element " +
      "was painted; in each case runs alternate blank, app, after one warm-up pair not counted.",
  );
  console.info(
    `Machine: ${availableParallelism()} cores, load average ${loadAverage()} (1 / 5 / 15 min).`,
  );
}

function reportList(blank: RunResult[], app: RunResult[]): Summary[] {
  console.info("");
  console.info(
    "Case list: a signed-in lender's first visit to the order list, to the first contract card " +
      "painted; the blank app's first visit, to its <h1> painted. Cold cache, service workers " +
      `blocked. Scripts sent as: app ${[...new Set(app.flatMap((r) => r.scriptEncodings))].join("/")}, ` +
      `blank ${[...new Set(blank.flatMap((r) => r.scriptEncodings))].join("/")}.`,
  );
  console.info("");
  printTable([
    column("blank: <h1> painted", blank, (r) => r.probe.painted, ms),
    column("blank: FCP", blank, (r) => r.firstContentfulPaint, ms),
    column("app: first card painted", app, (r) => r.probe.painted, ms),
    column("app: first card in DOM", app, (r) => r.probe.inserted, ms),
    column("app: FCP", app, (r) => r.firstContentfulPaint, ms),
    ratioRow("ratio app / blank (≤ 1.5)", app.map(paintOf), blank.map(paintOf)),
    column("app: first API request start", app, (r) => r.firstApiStart, ms),
    column("app: contract query start", app, (r) => r.listQueryStart, ms),
    column("app: contract query end", app, (r) => r.listQueryEnd, ms),
    column("app: last script arrived", app, (r) => r.lastScriptEnd, ms),
    column("app: last stylesheet arrived", app, (r) => r.lastStyleEnd, ms),
    column("app: bytes before card", app, (r) => r.bytesBefore, bytes),
    column("app:   of which JS", app, (r) => r.jsBytesBefore, bytes),
    column("app:   of which CSS", app, (r) => r.cssBytesBefore, bytes),
    column("app:   of which fonts", app, (r) => r.fontBytesBefore, bytes),
    column("app:   of which API answers", app, (r) => r.apiBytesBefore, bytes),
    column("app: requests before card", app, (r) => r.requestsBefore, count),
    column("app: bytes (CDP, at read)", app, (r) => r.cdpBytes, bytes),
    column("app: requests (CDP, at read)", app, (r) => r.cdpRequests, count),
    column("blank: bytes before <h1>", blank, (r) => r.bytesBefore, bytes),
    column("blank: requests before <h1>", blank, (r) => r.requestsBefore, count),
  ]);
  return [{ label: "list", app: median(app.map(paintOf)), blank: median(blank.map(paintOf)) }];
}

function reportWarm(blank: WarmResult[], app: WarmResult[]): Summary[] {
  console.info("");
  console.info(
    "Case warm: the same lender's second visit to the order list, to the first contract card " +
      "painted: a first visit (not timed, not slowed down) let the service worker precache the " +
      "shell, then a new tab of the same context (warm HTTP cache, the worker stopped and " +
      "started by the visit, serving the shell). The blank app's page loaded a second time in " +
      "the same way (warm HTTP cache; it has no service worker). Requests by where their " +
      "answers came from (CDP: fromServiceWorker, fromDiskCache, requestServedFromCache).",
  );
  console.info("");
  printTable([
    column("blank: <h1> painted (2nd load)", blank, (r) => r.probe.painted, ms),
    column("blank: FCP", blank, (r) => r.firstContentfulPaint, ms),
    column("app: first card painted (2nd visit)", app, (r) => r.probe.painted, ms),
    column("app: first card in DOM", app, (r) => r.probe.inserted, ms),
    column("app: FCP", app, (r) => r.firstContentfulPaint, ms),
    ratioRow("ratio app / blank (≤ 1.5)", app.map(paintOf), blank.map(paintOf)),
    column("app: first API request start", app, (r) => r.firstApiStart, ms),
    column("app: contract query start", app, (r) => r.listQueryStart, ms),
    column("app: contract query end", app, (r) => r.listQueryEnd, ms),
    column("app: last script arrived", app, (r) => r.lastScriptEnd, ms),
    column("app: page requests to the network", app, (r) => r.toNetwork.requests, count),
    column("app:   their bytes", app, (r) => r.toNetwork.bytes, bytes),
    column("app: answered by the service worker", app, (r) => r.fromServiceWorker.requests, count),
    column("app: answered by the HTTP cache", app, (r) => r.fromCache.requests, count),
    column("app: the worker's own fetches", app, (r) => r.workerFetches, count),
    column("app:   of which to the network", app, (r) => r.workerToNetwork.requests, count),
    column("app:   their bytes", app, (r) => r.workerToNetwork.bytes, bytes),
    column("blank: requests to the network", blank, (r) => r.toNetwork.requests, count),
    column("blank:   their bytes", blank, (r) => r.toNetwork.bytes, bytes),
    column("blank: answered by the HTTP cache", blank, (r) => r.fromCache.requests, count),
  ]);
  return [{ label: "warm", app: median(app.map(paintOf)), blank: median(blank.map(paintOf)) }];
}

function reportShare(blank: RunResult[], app: ShareResult[]): Summary[] {
  console.info("");
  console.info(
    "Case share: a new borrower (no session, cold cache, service workers blocked) opens the " +
      "share link of a contract the lender made (#/pages/loans/sign?code=...). (a) From " +
      "navigation start to the login form's phone field painted, against the blank app's first " +
      "visit to its <h1> painted. Then, untimed, the bench types a new phone per run, sends the " +
      "code, reads it from GET /__test/sms and types it. (b) From 'log in' pressed (the form's " +
      "submit event) to the sign page's contract document painted (its frame loaded, visible, " +
      "its heading naming the contract): times after the press; ratio against the blank app's " +
      "cold paint, for scale only.",
  );
  console.info("");
  const formOf = (result: ShareResult) => result.probe.formPainted ?? Number.NaN;
  const documentWait = (result: ShareResult) =>
    (result.probe.documentPainted ?? Number.NaN) - (result.probe.pressed ?? Number.NaN);
  const afterPress = (value: number | null, result: ShareResult) =>
    value === null || result.probe.pressed === null ? null : value - result.probe.pressed;
  printTable([
    column("blank: <h1> painted", blank, (r) => r.probe.painted, ms),
    column("app: login form painted", app, (r) => r.probe.formPainted, ms),
    column("app: login form in DOM", app, (r) => r.probe.formInserted, ms),
    ratioRow("ratio form / blank (≤ 1.5)", app.map(formOf), blank.map(paintOf)),
    column("app: 'log in' pressed", app, (r) => r.probe.pressed, ms),
    column("after 'log in': login answered", app, (r) => afterPress(r.loginAnswered, r), ms),
    column("after 'log in': contract opened", app, (r) => afterPress(r.openAnswered, r), ms),
    column("after 'log in': document answered", app, (r) => afterPress(r.documentAnswered, r), ms),
    column("after 'log in': frame in DOM", app, (r) => afterPress(r.probe.documentInserted, r), ms),
    column("after 'log in': frame loaded", app, (r) => afterPress(r.probe.documentLoaded, r), ms),
    column("after 'log in': document painted", app, documentWait, ms),
    ratioRow("ratio document wait / blank", app.map(documentWait), blank.map(paintOf)),
    column("app: bytes before form", app, (r) => r.formBytes, bytes),
    column("app:   of which JS", app, (r) => r.formJsBytes, bytes),
    column("app: requests before form", app, (r) => r.formRequests, count),
    column("app: bytes 'log in' → document", app, (r) => r.loginBytes, bytes),
    column("app:   of which JS", app, (r) => r.loginJsBytes, bytes),
    column("app:   of which API answers", app, (r) => r.loginApiBytes, bytes),
    column("app: requests 'log in' → document", app, (r) => r.loginRequests, count),
    column("app: bytes (CDP, at read)", app, (r) => r.cdpBytes, bytes),
    column("app: requests (CDP, at read)", app, (r) => r.cdpRequests, count),
    column("blank: bytes before <h1>", blank, (r) => r.bytesBefore, bytes),
    column("blank: requests before <h1>", blank, (r) => r.requestsBefore, count),
  ]);
  const blankPaint = median(blank.map(paintOf));
  return [
    { label: "share, login form", app: median(app.map(formOf)), blank: blankPaint },
    {
      label: "share, 'log in' → document",
      app: median(app.map(documentWait)),
      blank: blankPaint,
      blankNote: "its cold paint, for scale",
    },
  ];
}

function printSummary(summaries: Summary[], startedAt: number, loadAtStart: string): void {
  console.info("");
  console.info(
    `Medians of ${runs} run(s); ratio = median(app) / median(blank), per run: app run i / ` +
      "blank run i.",
  );
  for (const { label, app, blank, blankNote } of summaries) {
    console.info(
      `${label}: app ${ms(app)}, blank ${ms(blank)}${blankNote ? ` (${blankNote})` : ""}, ` +
        `ratio ${ratio(app / blank)}`,
    );
  }
  console.info(
    `Whole bench: ${((Date.now() - startedAt) / 1000).toFixed(0)} s; load average at start ` +
      `${loadAtStart}, at the end ${loadAverage()}.`,
  );
}

// ---------------------------------------------------------------------------------------------

/** The cases BENCH_CASES names ("list,share,warm"; all when unset), in the order they run. */
function selectedCases(setting: string | undefined): CaseName[] {
  if (setting === undefined || setting.trim() === "") return [...caseNames];
  const asked = setting.split(",").map((name) => name.trim());
  const unknown = asked.filter((name) => !(caseNames as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_CASES: no case ${unknown.map((name) => `"${name}"`).join(", ")} ` +
        `(the cases: ${caseNames.join(", ")})`,
    );
  }
  return caseNames.filter((name) => asked.includes(name));
}

/** Runs a case: one warm-up pair not counted (the servers' and the OS's first reads of every
 * file), then `runs` pairs, blank first. */
async function alternate<B, A>(
  name: CaseName,
  blankRun: () => Promise<B>,
  appRun: () => Promise<A>,
  describe: (blank: B, app: A) => string,
): Promise<{ blank: B[]; app: A[] }> {
  console.info(`${name}: warm-up pair (not counted)…`);
  await blankRun();
  await appRun();
  const blank: B[] = [];
  const app: A[] = [];
  for (let run = 1; run <= runs; run++) {
    const blankResult = await blankRun();
    const appResult = await appRun();
    blank.push(blankResult);
    app.push(appResult);
    console.info(`${name}: run ${run}/${runs}: ${describe(blankResult, appResult)}`);
  }
  return { blank, app };
}

interface Bench {
  browser: Browser;
  appUrl: string;
  blankUrl: string;
  lender: Lender;
}

/** Measures a case, prints its table and answers its summary lines. */
async function runCase(name: CaseName, bench: Bench): Promise<Summary[]> {
  const { browser, appUrl, blankUrl, lender } = bench;
  const orderList = `${appUrl}/#/pages/order/index`;
  switch (name) {
    case "list": {
      const { blank, app } = await alternate(
        name,
        () => measure(browser, blankUrl, "h1", null),
        () => measure(browser, orderList, cardSelector, lender.token),
        (b, a) => `blank ${ms(b.probe.painted)}, app ${ms(a.probe.painted)}`,
      );
      return reportList(blank, app);
    }
    case "warm": {
      const { blank, app } = await alternate(
        name,
        () => measureWarm(browser, blankUrl, "h1", null, false),
        () => measureWarm(browser, orderList, cardSelector, lender.token, true),
        (b, a) =>
          `blank ${ms(b.probe.painted)}, app ${ms(a.probe.painted)} ` +
          `(app: ${a.toNetwork.requests} requests to the network, ` +
          `${a.fromServiceWorker.requests} answered by the service worker)`,
      );
      return reportWarm(blank, app);
    }
    case "share": {
      const { findEndpoint } = await import("@chayong/sdk/server");
      const paths: SharePaths = {
        loginPath: findEndpoint("auth.login").path,
        openPath: findEndpoint("contract.open").path,
        viewPath: findEndpoint("contract.view").path,
      };
      let shared = 0;
      const { blank, app } = await alternate(
        name,
        () => measure(browser, blankUrl, "h1", null),
        async () =>
          measureShare(
            browser,
            await shareContract(lender, appUrl, ++shared),
            (phone) => lastSmsCode(appUrl, phone),
            paths,
          ),
        (b, a) =>
          `blank ${ms(b.probe.painted)}, app: login form ${ms(a.probe.formPainted)}, ` +
          `'log in' → document ${ms((a.probe.documentPainted ?? Number.NaN) - (a.probe.pressed ?? Number.NaN))}`,
      );
      return reportShare(blank, app);
    }
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const loadAtStart = loadAverage();
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error("BENCH_RUNS must be a whole number >= 1");
  const cases = selectedCases(process.env.BENCH_CASES);
  if (!existsSync(join(webDist, "index.html"))) {
    throw new Error(`${webDist}/index.html is missing: build the web app first (vite build)`);
  }
  if (!existsSync(serverMain) || !existsSync(serverCli)) {
    throw new Error(
      `${serverMain} is missing: build the server first (pnpm turbo run build --filter=@chayong/web...)`,
    );
  }
  const cleanUps: (() => Promise<void> | void)[] = [];
  // Ctrl-C still stops the servers and removes the temp folders.
  const interrupted = () => {
    void Promise.allSettled([...cleanUps].reverse().map((cleanUp) => cleanUp())).then(() =>
      process.exit(130),
    );
  };
  process.once("SIGINT", interrupted);
  try {
    console.info(`Cases: ${cases.join(", ")}; ${runs} run(s) each.`);
    console.info("Starting the server and seeding the lender's contracts…");
    const appServer = await startServer(webDist, (env) => {
      execFileSync(
        process.execPath,
        [
          serverCli,
          "lender:add",
          "--phone",
          lenderPhone,
          "--name",
          "김대여",
          "--merchant",
          "김씨상회",
        ],
        { cwd: serverDir, env, stdio: "pipe" },
      );
    });
    cleanUps.push(appServer.stop);
    const lender = await seedLender(appServer.url);

    console.info("Building the blank Vite + React app…");
    cleanUps.push(() => rmSync(blankDir, { recursive: true, force: true }));
    const blankDist = await buildBlankApp();
    const blankServer = await startServer(blankDist);
    cleanUps.push(blankServer.stop);

    const browser = await chromium.launch({
      executablePath: process.env.CHAYONG_CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    });
    cleanUps.push(() => browser.close());

    const bench: Bench = {
      browser,
      appUrl: appServer.url,
      blankUrl: `${blankServer.url}/`,
      lender,
    };
    printPreface();
    // Each case's table is printed once it is measured: a later case failing leaves it printed.
    const summaries: Summary[] = [];
    for (const name of cases) summaries.push(...(await runCase(name, bench)));
    printSummary(summaries, startedAt, loadAtStart);
  } finally {
    for (const cleanUp of [...cleanUps].reverse()) await cleanUp();
    process.off("SIGINT", interrupted);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
