import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { loggedInSession, seoulDateInDays } from "../support/api";
import { baseUrl, specLenderPhones } from "../support/app";

// The home page for a borrower and a lender, and the order list's error state (a request that
// times out is "could not load, retry", never "no contracts"): docs/screens.md.

const borrowerPhone = "01061230001";
const shots = "/tmp/shots/home";
// The page address shortens the waits (time-out after 6 s instead of 15 s). The time-out counts
// from when the page sends its first read, before the app has loaded: long enough to see the
// list's placeholders first on a busy machine.
const shortWaits = "?timeoutMs=6000&slowNetworkMs=800";
/** Longer than the time-out: the list's request is answered only after the app gave up. */
const pastTheTimeOutMs = 8_000;

const phones = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];
const languages = [
  { index: "0", tag: "ko" },
  { index: "1", tag: "zh" },
];

function draft(name: string) {
  return {
    name,
    borrowerPhone,
    loanAmount: 1_000_000,
    disbursedAmount: 1_000_000,
    loanDate: seoulDateInDays(0),
    repaymentDate: seoulDateInDays(30),
    instalment: false,
    instalmentCount: 1,
    instalmentAmount: 1_010_000,
    interval: "monthly" as const,
    overdueRatePercent: 15,
    lender: "김대여",
    merchantName: "김씨상회",
  };
}

async function signIn(page: Page, token: string, languageIndex = "0") {
  await page.addInitScript(
    ([value, index]) => {
      if (!localStorage.getItem("token")) localStorage.setItem("token", JSON.stringify(value));
      if (localStorage.getItem("languageIndex") === null) {
        localStorage.setItem("languageIndex", index as string);
      }
    },
    [token, languageIndex],
  );
}

/** Screenshots of the page as it is now, at both phone sizes. */
async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  for (const size of phones) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${shots}/${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(phones[0] ?? { width: 390, height: 844 });
}

test.describe.configure({ mode: "serial" });

let lenderToken = "";
let borrowerToken = "";
let lenderApi: Awaited<ReturnType<typeof loggedInSession>>["api"] | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const lender = await loggedInSession(specLenderPhones.home);
  lenderToken = lender.token;
  lenderApi = lender.api;
  const borrower = await loggedInSession(borrowerPhone);
  borrowerToken = borrower.token;
  const contract = await lender.api.contract.add(draft("홈 화면 대출"));
  // A borrower's list holds the contracts he opened from their link.
  await borrower.api.contract.open({ code: contract.code });
});

test("a borrower's home page: the three steps, verification next, the contract to sign", async ({
  page,
}) => {
  await signIn(page, borrowerToken);
  await page.goto(`${baseUrl()}/#/pages/index/index`);
  await expect(page.getByRole("heading", { name: "이용 순서" })).toBeVisible();
  const steps = page.getByRole("region", { name: "이용 순서" }).getByRole("listitem");
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText("로그인");
  await expect(steps.nth(0)).toContainText("완료");
  await expect(steps.nth(1).getByRole("button", { name: "본인 인증 시작" })).toBeVisible();
  await expect(steps.nth(2)).toContainText("계약서 서명");
  const toSign = page.getByRole("region", { name: "서명할 계약" });
  await expect(toSign.getByText("홈 화면 대출")).toBeVisible();
  await shoot(page, "borrower-ko");

  await toSign.getByRole("button", { name: "홈 화면 대출" }).click();
  await expect(page).toHaveURL(/#\/pages\/loans\/sign\?code=/);
});

test("a lender's home page: a short start and the latest contracts", async ({ page }) => {
  await signIn(page, lenderToken);
  await page.goto(`${baseUrl()}/#/pages/index/index`);
  await expect(page.getByRole("heading", { name: "시작하기" })).toBeVisible();
  await expect(page.getByRole("region", { name: "최근 계약" })).toBeVisible();
  await expect(page.getByText("홈 화면 대출").first()).toBeVisible();
  await expect(page.getByText("이용 순서")).toHaveCount(0);
  await shoot(page, "lender-ko");

  await page.getByRole("button", { name: "계약 만들기" }).first().click();
  await expect(page).toHaveURL(/#\/pages\/order\/addContract/);
});

for (const language of languages) {
  for (const who of ["borrower", "lender"] as const) {
    test(`the ${who}'s home page in ${language.tag}`, async ({ page }) => {
      await signIn(page, who === "borrower" ? borrowerToken : lenderToken, language.index);
      await page.goto(`${baseUrl()}/#/pages/index/index`);
      await expect(page.getByText("홈 화면 대출").first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await shoot(page, `${who}-${language.tag}-page`);
    });
  }
}

test("a timed-out order list says it could not load, offers a retry, and loads on retry", async ({
  page,
}) => {
  await signIn(page, lenderToken);
  // The list's request hangs past the time-out; the rest of the app answers normally.
  let slow = true;
  await page.route("**/api/v1/contract/query**", async (route) => {
    if (slow) await new Promise((resolve) => setTimeout(resolve, pastTheTimeOutMs));
    await route.continue().catch(() => {});
  });
  await page.goto(`${baseUrl()}/${shortWaits}#/pages/order/index`);

  // First the skeleton, then the time-out modal, then the list's own error state.
  await expect(page.getByRole("status", { name: "계약 목록을 불러오는 중…" })).toBeVisible();
  const modal = page.getByRole("alertdialog");
  await expect(modal.getByRole("heading", { name: "네트워크 요청 시간 초과" })).toBeVisible();
  await modal.getByRole("button", { name: "확인" }).click();
  const error = page.getByRole("alert").filter({ hasText: "계약 목록을 불러오지 못했습니다" });
  await expect(error).toBeVisible();
  await expect(page.getByText("관련 계약 정보가 없습니다")).toHaveCount(0);
  await shoot(page, "order-list-error-ko");

  slow = false;
  await error.getByRole("button", { name: "다시 시도" }).click();
  await expect(page.getByText("홈 화면 대출").first()).toBeVisible();
  await expect(error).toHaveCount(0);
});

test("the order list in zh-TW: error state, then the skeleton while it loads", async ({ page }) => {
  await signIn(page, lenderToken, "1");
  let hold = true;
  await page.route("**/api/v1/contract/query**", async (route) => {
    if (hold) await new Promise((resolve) => setTimeout(resolve, pastTheTimeOutMs));
    await route.continue().catch(() => {});
  });
  await page.goto(`${baseUrl()}/${shortWaits}#/pages/order/index`);
  await expect(page.locator(".cy-list-skeleton")).toBeVisible();
  await shoot(page, "order-list-skeleton-zh");
  const modal = page.getByRole("alertdialog");
  await modal.getByRole("button").click();
  await expect(page.locator(".cy-error-state")).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await shoot(page, "order-list-error-zh");
  hold = false;
});

test("the contract form refuses the lender's own phone and shows no rate for refused amounts", async ({
  page,
}) => {
  await signIn(page, lenderToken);
  await page.goto(`${baseUrl()}/#/pages/order/addContract`);
  const phone = page.locator('input[name="borrowerPhone"]');
  await phone.fill(specLenderPhones.home);
  await phone.blur();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(
    page.getByText("본인의 휴대폰 번호입니다. 차용인의 휴대폰 번호를 입력해 주세요"),
  ).toBeVisible();

  await page.locator('input[name="loanAmount"]').fill("1000000");
  await page.locator('input[name="disbursedAmount"]').fill("1200000");
  await page.locator('input[name="repaymentDate"]').fill(seoulDateInDays(30));
  await page.locator('input[name="instalmentAmount"]').fill("1010000");
  await expect(page.getByTestId("cost-rate")).toHaveText("—");
  await expect(page.getByText("법정 최고이자율 이내입니다")).toHaveCount(0);
  await page.getByTestId("cost-rate").scrollIntoViewIfNeeded();
  await shoot(page, "create-form-no-rate-ko");
});

test("the contract's share section: share or copy the link, and the QR for signing in person", async ({
  page,
}) => {
  if (!lenderApi) throw new Error("the lender is not logged in");
  const contract = await lenderApi.contract.add(draft("공유할 대출"));
  await signIn(page, lenderToken);
  await page.goto(`${baseUrl()}/#/pages/order/common?id=${contract.id}`);
  const share = page.getByRole("region", { name: "계약 링크" });
  await expect(share.getByRole("button", { name: "링크 복사" })).toBeVisible();
  await share.getByRole("button", { name: "링크 복사" }).click();
  await expect(page.getByText("복사되었습니다")).toBeVisible();
  await share.scrollIntoViewIfNeeded();
  await shoot(page, "contract-share-ko");
});

test("a session that ended brings the user to login with the reason", async ({ page }) => {
  await signIn(page, "a-token-the-server-does-not-know");
  await page.goto(`${baseUrl()}/#/pages/order/index`);
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  await expect(page.getByText("로그인이 만료되었습니다. 다시 로그인해 주세요.")).toBeVisible();
  await shoot(page, "login-session-ended-ko");
});

test("with a share sheet, the contract link goes to it (KakaoTalk, LINE appear there)", async ({
  page,
}) => {
  if (!lenderApi) throw new Error("the lender is not logged in");
  const contract = await lenderApi.contract.add(draft("카톡으로 보낼 대출"));
  // Headless Chromium has no share sheet: a stand-in records what the page hands to it.
  await page.addInitScript(() => {
    Object.assign(navigator, {
      share: async (data: ShareData) => {
        (window as unknown as { shared?: ShareData }).shared = data;
      },
      canShare: () => true,
    });
  });
  await signIn(page, lenderToken);
  await page.goto(`${baseUrl()}/#/pages/order/common?id=${contract.id}`);
  const share = page.getByRole("region", { name: "계약 링크" });
  await share.getByRole("button", { name: "공유하기 (카카오톡, 라인 등)" }).click();
  const shared = await page.waitForFunction(
    () => (window as unknown as { shared?: ShareData }).shared,
  );
  const data = (await shared.jsonValue()) as ShareData;
  expect(data.title).toBe("카톡으로 보낼 대출");
  expect(data.url).toMatch(/#\/pages\/loans\/sign\?code=/);
  expect(data.text).toContain("김대여");
  await share.scrollIntoViewIfNeeded();
  await shoot(page, "contract-share-sheet-ko");
});

test("pulling the order list down from the top loads it again", async ({ page }) => {
  await signIn(page, lenderToken);
  await page.goto(`${baseUrl()}/#/pages/order/index`);
  await expect(page.getByText("홈 화면 대출").first()).toBeVisible();
  let queries = 0;
  page.on("request", (request) => {
    if (request.url().includes("/api/v1/contract/query")) queries++;
  });
  const pullDown = () =>
    page.evaluate(async () => {
      const touch = (y: number) =>
        new Touch({ identifier: 1, target: document.body, clientX: 150, clientY: y });
      const send = (type: string, y: number | null) =>
        window.dispatchEvent(
          new TouchEvent(type, {
            touches: y === null ? [] : [touch(y)],
            changedTouches: [touch(y ?? 400)],
            bubbles: true,
          }),
        );
      send("touchstart", 120);
      for (const y of [160, 220, 300, 400]) {
        send("touchmove", y);
        await new Promise((resolve) => setTimeout(resolve, 16));
      }
      send("touchend", null);
    });
  // The first touch loads the pull's code; a pull after that refreshes.
  await expect
    .poll(
      async () => {
        await pullDown();
        return queries;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  await expect(page.getByText("홈 화면 대출").first()).toBeVisible();
});
