import { verifyBorrower } from "@chayong/server/testing";
import { expect, type Page, test } from "@playwright/test";
import { loggedInSession, seoulDateInDays, signaturePng } from "../support/api";
import { baseUrl, specLenderPhones } from "../support/app";

// The floating service button never covers an action or a line of text (docs/service-button.md),
// on every screen a lender and a borrower see, at the top, half way and scrolled to the end, at
// both phone sizes.

// Fresh borrowers on every run of the set-up (a failed test restarts the worker, and the set-up
// with it; a borrower who has signed can no longer redo identity verification).
const runSuffix = String(Date.now() % 10_000).padStart(4, "0");
const borrowerPhone = `0104441${runSuffix}`;
const newcomerPhone = `0104442${runSuffix}`;
const serviceButtonName = "고객센터 및 언어 설정";

interface Screen {
  name: string;
  path: string;
}

interface Cast {
  lenderToken: string;
  borrowerToken: string;
  newcomerToken: string;
  lenderScreens: Screen[];
  borrowerScreens: Screen[];
  newcomerScreens: Screen[];
}

let cast: Cast;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const lender = await loggedInSession(specLenderPhones.serviceButton);
  const borrower = await loggedInSession(borrowerPhone);
  const newcomer = await loggedInSession(newcomerPhone);
  await verifyBorrower({ api: borrower.api });
  const draft = {
    name: "정씨 대출",
    borrowerPhone,
    loanAmount: 1_000_000,
    disbursedAmount: 1_000_000,
    loanDate: seoulDateInDays(-45),
    repaymentDate: seoulDateInDays(-14),
    instalment: true,
    instalmentCount: 3,
    instalmentAmount: 340_000,
    interval: "monthly" as const,
    overdueRatePercent: 15,
    lender: "김대여",
    merchantName: "김씨상회",
  };
  const signed = await lender.api.contract.add(draft);
  await borrower.api.contract.open({ code: signed.code });
  await borrower.api.contract.sign({
    id: signed.id,
    signature: signaturePng(),
    acknowledgeOverdue: true,
  });
  const pending = await lender.api.contract.add({
    ...draft,
    name: "박씨 대출",
    loanDate: seoulDateInDays(0),
    repaymentDate: seoulDateInDays(30),
  });
  // Enough contracts for the list to scroll at both sizes.
  for (const name of ["이씨 대출", "최씨 대출", "한씨 대출"]) {
    await lender.api.contract.add({
      ...draft,
      name,
      loanDate: seoulDateInDays(0),
      repaymentDate: seoulDateInDays(30),
    });
  }
  cast = {
    lenderToken: lender.token,
    borrowerToken: borrower.token,
    newcomerToken: newcomer.token,
    lenderScreens: [
      { name: "order list", path: "/pages/order/index" },
      { name: "create contract", path: "/pages/order/addContract" },
      { name: "contract to sign", path: `/pages/order/common?id=${pending.id}` },
      { name: "signed contract", path: `/pages/order/common?id=${signed.id}` },
      { name: "customer details", path: `/pages/order/customer?id=${signed.id}` },
      { name: "me and dashboard", path: "/pages/me/index" },
      { name: "block list", path: "/pages/me/blockList" },
      { name: "shared debt", path: `/pages/me/sharedDebt?phone=${borrowerPhone}` },
      { name: "templates", path: "/pages/template/list" },
      { name: "new template", path: "/pages/template/add" },
      { name: "unknown address", path: "/pages/nowhere" },
    ],
    borrowerScreens: [
      { name: "borrower's order list", path: "/pages/order/index" },
      { name: "borrower's me", path: "/pages/me/index" },
      { name: "sign", path: `/pages/loans/sign?code=${pending.code}` },
      { name: "signature canvas", path: `/pages/loans/signature?code=${pending.code}` },
      { name: "signed contract details", path: `/pages/loans/signDetail?id=${signed.id}` },
    ],
    newcomerScreens: [
      { name: "face check", path: "/pages/me/face" },
      { name: "ID card", path: "/pages/me/idCard" },
    ],
  };
});

async function logInAs(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!localStorage.getItem("token")) localStorage.setItem("token", JSON.stringify(value));
  }, token);
}

const actionSelector =
  "button, a[href], input:not([type='hidden']), select, textarea, [role='button'], [role='link'], canvas, .cy-status-badge, td:last-child, dd";

/**
 * Waits until the screen has drawn its content: a heading or the canvas, nothing loading, and
 * the number of actions on it no longer changing (the data has arrived).
 */
async function settle(page: Page) {
  await expect(page.locator("h1, canvas").first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [class*="skeleton"]')).toHaveCount(0);
  let last = -1;
  await expect
    .poll(
      async () => {
        const count = await page.locator(actionSelector).count();
        const steady = count === last;
        last = count;
        return steady;
      },
      { intervals: [400] },
    )
    .toBe(true);
}

/**
 * What the service button's visible box overlaps: every visible button, link, form field, badge,
 * canvas, last table cell and definition value (amounts), outside open dialogs. Described for
 * the failure message.
 */
function coveredActions(page: Page, serviceName: string): Promise<string[]> {
  return page.evaluate(
    ([name, selector]) => {
      const service = [...document.querySelectorAll("button")].find(
        (element) => element.getAttribute("aria-label") === name,
      );
      if (!service) return ["no service button"];
      const own = service.getBoundingClientRect();
      const box = {
        left: Math.max(0, own.left),
        top: Math.max(0, own.top),
        right: Math.min(window.innerWidth, own.right),
        bottom: Math.min(window.innerHeight, own.bottom),
      };
      const actions = document.querySelectorAll(selector);
      const covered: string[] = [];
      for (const element of actions) {
        if (element === service || element.closest("dialog[open]")) continue;
        if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        if (
          box.left < rect.right &&
          rect.left < box.right &&
          box.top < rect.bottom &&
          rect.top < box.bottom
        ) {
          const label = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim();
          covered.push(`${element.tagName.toLowerCase()} "${label.slice(0, 40)}"`);
        }
      }
      // Every line of text under it too: a label, a heading, a figure (docs/service-button.md).
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim() || service.contains(parent)) continue;
        if (parent.closest("dialog[open], script, style")) continue;
        if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        range.selectNodeContents(node);
        for (const line of range.getClientRects()) {
          if (line.width === 0 || line.height === 0) continue;
          if (
            box.left < line.right &&
            line.left < box.right &&
            box.top < line.bottom &&
            line.top < box.bottom
          ) {
            covered.push(`text "${node.textContent.trim().slice(0, 40)}"`);
            break;
          }
        }
      }
      return covered;
    },
    [serviceName, actionSelector] as const,
  );
}

async function expectNothingCovered(page: Page, where: string, serviceName = serviceButtonName) {
  await expect
    .poll(() => coveredActions(page, serviceName), {
      message: `the service button on ${where}`,
      timeout: 5_000,
    })
    .toEqual([]);
}

async function checkScreens(page: Page, screens: Screen[], serviceName = serviceButtonName) {
  for (const screen of screens) {
    await page.goto(`${baseUrl()}/#${screen.path}`);
    await settle(page);
    await expect(page.getByRole("button", { name: serviceName })).toBeVisible();
    await expectNothingCovered(page, `${screen.name} (top)`, serviceName);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expectNothingCovered(page, `${screen.name} (half way)`, serviceName);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectNothingCovered(page, `${screen.name} (scrolled to the end)`, serviceName);
  }
}

for (const viewport of [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("the service button covers nothing a lender taps, on any screen", async ({ page }) => {
      test.setTimeout(180_000);
      await logInAs(page, cast.lenderToken);
      await checkScreens(page, cast.lenderScreens);

      // Typing on the create form: it steps aside as a slim tab, still covering nothing.
      await page.goto(`${baseUrl()}/#/pages/order/addContract`);
      await settle(page);
      const service = page.getByRole("button", { name: serviceButtonName });
      await page.getByLabel("대출 금액").focus();
      await expect(service).toHaveAttribute("data-docked", "true");
      await expect.poll(async () => (await service.boundingBox())?.width).toBeLessThan(16);
      await expectNothingCovered(page, "the create form while typing");
      await page.getByLabel("대출 금액").blur();
      await expectNothingCovered(page, "the create form after typing");

      // A tap at the very right end of the last button, where the button rests, is that
      // button's tap: it never opens the service sheet.
      await page.goto(`${baseUrl()}/#${cast.lenderScreens[3]?.path}`);
      await settle(page);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const last = page.getByRole("button", { name: "고객 정보 보기" }).last();
      const box = await last.boundingBox();
      if (!box) throw new Error("no 'customer details' button");
      await page.mouse.click(box.x + box.width - 3, box.y + box.height / 2);
      await expect(page).toHaveURL(/#\/pages\/order\/customer\?id=/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    test("the service button covers nothing a borrower taps, on any screen", async ({ page }) => {
      test.setTimeout(120_000);
      await logInAs(page, cast.borrowerToken);
      await checkScreens(page, cast.borrowerScreens);
    });

    test("docked at the left edge, in Chinese, it covers no label or heading of a contract", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.addInitScript(() => {
        if (localStorage.getItem("serviceX") === null) {
          localStorage.setItem("serviceX", JSON.stringify("left"));
          localStorage.setItem("serviceY", JSON.stringify(0.45));
          localStorage.setItem("languageIndex", "1");
        }
      });
      await logInAs(page, cast.lenderToken);
      await checkScreens(
        page,
        cast.lenderScreens.filter((screen) => /contract|order list/.test(screen.name)),
        "客服與語言設定",
      );
      // It did rest at the left: docked there, or full size where nothing is under it.
      const service = page.getByRole("button", { name: "客服與語言設定" });
      expect((await service.boundingBox())?.x ?? Number.POSITIVE_INFINITY).toBeLessThan(40);
    });

    test("the service button covers nothing on the verification pages", async ({ page }) => {
      await logInAs(page, cast.newcomerToken);
      await checkScreens(page, cast.newcomerScreens);
    });
  });
}

test("the 'copied' toast is the topmost thing on screen while the service panel is open", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await logInAs(page, cast.lenderToken);
  await page.goto(`${baseUrl()}/#/pages/order/index`);
  await settle(page);
  await page.getByRole("button", { name: serviceButtonName }).click();
  const sheet = page.getByRole("dialog", { name: serviceButtonName });
  await sheet.getByRole("button", { name: /복사 LINE 아이디/ }).click();
  const toast = page.locator(".cy-toast", { hasText: "복사되었습니다" });
  await expect(toast).toBeVisible();
  const topmost = await toast.evaluate((element) => {
    // Toasts let taps through (pointer-events: none), which hit testing also skips: make this
    // one hit-testable to ask what is drawn on top at its centre.
    (element as HTMLElement).style.pointerEvents = "auto";
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(topmost).toBe(true);
});
