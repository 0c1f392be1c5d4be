import { expect, type Page, type Response, test } from "@playwright/test";
import { baseUrl, logIn } from "../support/app";

// The installable app (README "Installable app"): the manifest and its icons, the service worker
// that keeps the app shell, the app opening offline with the offline notice, and the API never
// answered from the service worker or its caches.

const apiPath = /^\/(?:api|auth|upload|__test)\//;
const koreanOffline = "인터넷에 연결되어 있지 않습니다";

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** `#fff` as `#ffffff`: the built styles are minified, the manifest is not. */
function fullHex(colour: string): string {
  return /^#[0-9a-f]{3}$/i.test(colour)
    ? colour.replace(/[0-9a-f]/gi, (digit) => digit + digit)
    : colour;
}

/** The state of the page's active service worker, once there is one (its app shell cached). */
function activeServiceWorker(page: Page): Promise<string | undefined> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
}

test("the manifest is linked and valid, and its icons load", async ({ page, request }) => {
  await page.goto(`${baseUrl()}/`);
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");

  const answer = await request.get(`${baseUrl()}${href}`);
  expect(answer.ok()).toBe(true);
  expect(answer.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = await answer.json();
  // The catalogues' app name (ko-KR 차용, zh-TW Chayong), the kit's surface colour.
  const surface = fullHex(
    await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--cy-color-surface").trim(),
    ),
  );
  expect(manifest).toMatchObject({
    name: "차용 Chayong",
    short_name: "차용",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: surface,
    background_color: surface,
  });
  const icons = manifest.icons as ManifestIcon[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of icons) {
    const image = await request.get(new URL(icon.src, `${baseUrl()}${href}`).href);
    expect(image.ok(), icon.src).toBe(true);
    expect(image.headers()["content-type"]).toBe(icon.type);
    expect(pngSize(await image.body())).toBe(icon.sizes);
  }
  // The favicon and the iOS home-screen icon, beside the manifest's.
  const linkedIcons = await page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(linkedIcons).toContain("/favicon.svg");
  expect(linkedIcons).toContain("/apple-touch-icon.png");
  for (const icon of linkedIcons) {
    expect((await request.get(`${baseUrl()}${icon}`)).ok(), icon).toBe(true);
  }

  // The service worker is checked again at every open, or a phone would keep an old version.
  const worker = await request.get(`${baseUrl()}/sw.js`);
  expect(worker.headers()["content-type"]).toMatch(/javascript/);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
});

test("the service worker keeps the app shell: offline, the app opens with the offline notice", async ({
  page,
  context,
}) => {
  const apiAnswers: Response[] = [];
  const failedApiCalls: string[] = [];
  page.on("response", (response) => {
    if (apiPath.test(new URL(response.url()).pathname)) apiAnswers.push(response);
  });
  page.on("requestfailed", (request) => {
    const path = new URL(request.url()).pathname;
    if (apiPath.test(path)) failedApiCalls.push(path);
  });

  await page.goto(`${baseUrl()}/`);
  // It registers once the page has loaded and is idle, then caches the shell before activating.
  await expect.poll(() => activeServiceWorker(page), { timeout: 30_000 }).toBe("activated");
  // The first load was not under its control; the next one is.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  await logIn(page, "01055550001");
  await expect(page.getByRole("heading", { name: "주문 내역" })).toBeVisible();
  await expect(page.locator(".contract-list")).toHaveAttribute("aria-busy", "false");
  expect(apiAnswers.length).toBeGreaterThan(0);

  await context.setOffline(true);
  await page.reload();
  // The shell came from the service worker's cache: the page, its header and tabs, and the notice.
  await expect(page.getByRole("heading", { name: "주문 내역" })).toBeVisible();
  await expect(page.getByRole("navigation")).toBeVisible();
  await expect(page.getByText(koreanOffline)).toBeVisible();
  // The contracts could not be fetched: the list is not answered from any cache.
  await expect.poll(() => failedApiCalls.length).toBeGreaterThan(0);

  // Back online, the notice goes and the list loads from the server.
  await context.setOffline(false);
  await expect(page.getByText(koreanOffline)).toBeHidden();

  // No API answer ever came from the service worker, and none sits in its caches.
  expect(apiAnswers.filter((response) => response.fromServiceWorker())).toEqual([]);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(cached.some((url) => new URL(url).pathname === "/index.html")).toBe(true);
  expect(cached.filter((url) => apiPath.test(new URL(url).pathname))).toEqual([]);
});
