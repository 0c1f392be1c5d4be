import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  expect,
  type Page,
  test,
} from "@playwright/test";
import { loggedInSession, seoulDateInDays } from "../support/api";
import { baseUrl, specLenderPhones } from "../support/app";

// The app's fonts on a phone with no CJK font of its own (apps/web README "Fonts"): this spec's
// Chromium sees only DejaVu (a fontconfig of its own), so any Chinese or Korean glyph on screen
// comes from the fonts the app ships, or shows as an empty box.

const chromiumPath = process.env.CHAYONG_CHROMIUM ?? "/usr/bin/chromium";
/** Screenshots for people to look at, when asked for (CHAYONG_SHOTS_DIR=/tmp/shots/fonts). */
const shotsDir = process.env.CHAYONG_SHOTS_DIR;
const notoRequest = /noto-sans-tc/i;
const phones = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
] as const;

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

// Two phone sizes per test, in a browser of its own that starts cold: more than the default time.
test.describe.configure({ timeout: 180_000 });

let browser: Browser;
let token: string;
let contractId: string;

test.beforeAll(async () => {
  const fontconfigDir = mkdtempSync(join(tmpdir(), "chayong-fontconfig-"));
  const fontsConf = join(fontconfigDir, "fonts.conf");
  writeFileSync(
    fontsConf,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>/usr/share/fonts/truetype/dejavu</dir>
  <cachedir>${join(fontconfigDir, "cache")}</cachedir>
</fontconfig>
`,
  );
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    env: { ...process.env, FONTCONFIG_FILE: fontsConf },
  });

  const session = await loggedInSession(specLenderPhones.font);
  token = session.token;
  const contract = await session.api.contract.add({
    name: "陳先生 借款",
    // A phone no other spec uses (the wrong-phone spec logs 01066667777 in).
    borrowerPhone: "01066669999",
    loanAmount: 1_000_000,
    disbursedAmount: 1_000_000,
    loanDate: seoulDateInDays(0),
    repaymentDate: seoulDateInDays(30),
    instalment: false,
    instalmentCount: 1,
    instalmentAmount: 1_010_000,
    interval: "monthly",
    overdueRatePercent: 15,
    lender: "김대여",
    merchantName: "김씨상회",
  });
  contractId = contract.id;
});

test.afterAll(async () => {
  await browser?.close();
});

/** A phone-sized page of this spec's browser, logged in as the lender, in `language`. */
async function lenderPage(
  language: "ko-KR" | "zh-TW",
  viewport: { width: number; height: number } = phones[0],
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: language,
  });
  await context.addInitScript(
    ({ value, index }) => {
      if (!localStorage.getItem("token")) localStorage.setItem("token", JSON.stringify(value));
      localStorage.setItem("languageIndex", String(index));
      localStorage.setItem("setLanguageIndex", String(index));
    },
    { value: token, index: language === "zh-TW" ? 1 : 0 },
  );
  return { context, page: await context.newPage() };
}

/**
 * The fonts Chromium really drew a node's text with (DevTools' "Rendered Fonts"), not what CSS
 * asked for. `frameSelector` looks inside that iframe's document.
 */
async function renderedFonts(
  page: Page,
  selector: string,
  frameSelector?: string,
): Promise<PlatformFont[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1, pierce: true });
  let scope = root.nodeId;
  if (frameSelector) {
    const { nodeId: frameId } = await cdp.send("DOM.querySelector", {
      nodeId: root.nodeId,
      selector: frameSelector,
    });
    const { node } = await cdp.send("DOM.describeNode", { nodeId: frameId, pierce: true });
    const backendId = node.contentDocument?.backendNodeId;
    if (backendId === undefined) throw new Error(`${frameSelector} has no document`);
    const pushed = await cdp.send("DOM.pushNodesByBackendIdsToFrontend", {
      backendNodeIds: [backendId],
    });
    scope = pushed.nodeIds[0] ?? scope;
  }
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: scope, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts;
}

/**
 * The shipped web fonts a node was drawn with, by their CSS family: a platform font (an empty
 * box here) keeps its own name. The files name their instance ("Noto Sans TC Thin").
 */
function familiesOf(fonts: PlatformFont[]): string[] {
  const shipped = ["Noto Sans TC", "Pretendard Variable"];
  return [
    ...new Set(
      fonts.map((font) =>
        font.isCustomFont
          ? (shipped.find((family) => font.familyName.startsWith(family)) ?? font.familyName)
          : font.familyName,
      ),
    ),
  ];
}

/** Marks the element whose own text holds `text`, for `renderedFonts` (its direct text only). */
async function probeText(target: Pick<Page, "evaluate">, text: string): Promise<string> {
  const found = await target.evaluate((needle) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.textContent?.includes(needle) && node.parentElement) {
        node.parentElement.setAttribute("data-font-probe", needle);
        return true;
      }
    }
    return false;
  }, text);
  if (!found) throw new Error(`no text "${text}" on the page`);
  return `[data-font-probe="${text}"]`;
}

/** Every font face of a document that has finished loading, by family. */
function loadedFaces(target: Pick<Page, "evaluate">): Promise<string[]> {
  return target.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.status === "loaded")
      .map((face) => face.family.replaceAll('"', ""));
  });
}

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage });
}

test("zh-TW text is drawn in the shipped Noto Sans TC, with no system CJK font", async () => {
  for (const viewport of phones) {
    const { context, page } = await lenderPage("zh-TW", viewport);
    await page.goto(`${baseUrl()}/#/pages/order/index`);
    const tabs = page.getByRole("navigation");
    await expect(tabs.getByRole("button", { name: "訂單列表" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("陳先生 借款").first()).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-TW");

    await expect.poll(() => loadedFaces(page)).toContain("Noto Sans TC");
    // The tab label and the contract's name: every glyph from Noto Sans TC, none left to the
    // platform (here that would be an empty box).
    for (const text of ["訂單列表", "陳先生 借款"]) {
      const selector = await probeText(page, text);
      await expect
        .poll(async () => familiesOf(await renderedFonts(page, selector)))
        .toEqual(["Noto Sans TC"]);
    }
    expect(
      await page.evaluate(() => getComputedStyle(document.body).fontFamily.split(",")[0]),
    ).toBe('"Noto Sans TC"');
    await shoot(page, `zh-TW-order-list-${viewport.width}x${viewport.height}`);
    await context.close();
  }
});

test("a Korean reader's entry route never asks for Noto Sans TC; choosing zh-TW brings it", async () => {
  const { context, page } = await lenderPage("ko-KR");
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await page.goto(`${baseUrl()}/#/pages/order/index`);
  await expect(page.getByRole("navigation").getByRole("button", { name: "주문 내역" })).toBeVisible(
    { timeout: 30_000 },
  );
  await expect(page.getByText("陳先生 借款").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(requested.filter((url) => notoRequest.test(url))).toEqual([]);
  // Korean is drawn in Pretendard (the kit's font), not a platform font.
  const tabLabel = await probeText(page, "주문 내역");
  await expect
    .poll(async () => familiesOf(await renderedFonts(page, tabLabel)))
    .toEqual(["Pretendard Variable"]);

  await page.getByRole("navigation").getByRole("button", { name: "내 정보" }).click();
  await page.getByRole("radio", { name: "繁體中文" }).check();
  await expect(page.getByRole("navigation").getByRole("button", { name: "我的" })).toBeVisible();
  await expect.poll(() => loadedFaces(page)).toContain("Noto Sans TC");
  expect(requested.filter((url) => notoRequest.test(url)).length).toBeGreaterThan(0);
  await context.close();
});

for (const language of ["ko-KR", "zh-TW"] as const) {
  test(`the contract document (${language}) draws in the app's fonts, same origin, no policy refusal`, async () => {
    for (const viewport of phones) {
      const { context, page } = await lenderPage(language, viewport);
      const refusals: string[] = [];
      page.on("console", (message) => {
        if (/Refused to (load|apply)|Content Security Policy/i.test(message.text())) {
          refusals.push(message.text());
        }
      });
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await page.goto(`${baseUrl()}/#/pages/loans/signDetail?id=${contractId}`);
      const contractDocument = page.frameLocator("iframe.contract-document");
      await expect(contractDocument.getByRole("heading", { level: 1 })).toContainText(
        "陳先生 借款",
        { timeout: 30_000 },
      );

      const frame = page.frames().find((candidate) => candidate.url() === "about:srcdoc");
      if (!frame) throw new Error("the contract document's frame is missing");
      const webFont = language === "zh-TW" ? "Noto Sans TC" : "Pretendard Variable";
      await expect.poll(() => loadedFaces(frame)).toContain(webFont);
      // The title (a Chinese name) and the first table: every glyph from a shipped font.
      for (const selector of ["h1", "table th"]) {
        await expect
          .poll(async () =>
            (await renderedFonts(page, selector, "iframe.contract-document")).every(
              (font) => font.isCustomFont,
            ),
          )
          .toBe(true);
      }
      expect(
        familiesOf(await renderedFonts(page, "table th", "iframe.contract-document")),
      ).toContain(webFont);
      expect(refusals).toEqual([]);
      // The screen, and the whole document (its frame is as tall as its content).
      const name = `contract-document-${language}-${viewport.width}x${viewport.height}`;
      await shoot(page, name);
      await shoot(page, `${name}-full`, true);
      await context.close();
    }
  });
}
