import { expect, type Page, test } from "@playwright/test";
import { baseUrl } from "../support/app";

const sendCodePath = "/auth/v3.1/user/sendVerifiyCode";

/**
 * Holds this page's send-code requests for `ms` before they go out: a slow network for this page
 * only (the server's POST /__test/delay would slow every spec running beside this one).
 */
async function slowNetwork(page: Page, ms: number) {
  await page.route(`**${sendCodePath}`, async (route) => {
    await new Promise((done) => setTimeout(done, ms));
    // By then the app has given up on the request and the route may be gone with it.
    await route.continue().catch(() => undefined);
  });
}

// The page address shortens the waits (spec: notice after 5 s, time-out after 15 s).
const shortWaits = "?timeoutMs=4000&slowNetworkMs=800";

for (const language of [
  {
    index: "0",
    phone: "01033334444",
    send: "인증번호 받기",
    notice: "네트워크 상태가 좋지 않습니다. 잠시만 기다려 주세요.",
    title: "네트워크 요청 시간 초과",
    text: "네트워크 환경을 확인한 후 다시 시도하세요.",
    ok: "확인",
  },
  {
    index: "1",
    phone: "01044445555",
    send: "發送驗證碼",
    notice: "網路狀況不佳，請稍候",
    title: "網絡請求超時",
    text: "請檢查網絡環境後重試",
    ok: "確認",
  },
]) {
  test(`a slow endpoint shows the notice, then the time-out modal (language ${language.index})`, async ({
    page,
  }) => {
    await page.addInitScript((index) => {
      if (localStorage.getItem("languageIndex") === null) {
        localStorage.setItem("languageIndex", index);
      }
    }, language.index);
    await slowNetwork(page, 8000);
    await page.goto(`${baseUrl()}/${shortWaits}#/pages/login/index`);

    await page.getByRole("textbox").first().fill(language.phone);
    await page.getByRole("button", { name: language.send }).click();

    await expect(page.getByText(language.notice)).toBeVisible();
    // Below the page's title, never over it: both measured at once, while the notice shows (on
    // a busy machine two separate reads straddled the time-out, which takes the notice away).
    const overlap = await page.evaluate((text) => {
      const title = document.querySelector("h1")?.getBoundingClientRect();
      const notice = [...document.querySelectorAll("body *")]
        .find((element) => element.childElementCount === 0 && element.textContent === text)
        ?.getBoundingClientRect();
      return title && notice ? title.bottom - notice.top : null;
    }, language.notice);
    expect(overlap).not.toBeNull();
    expect(overlap ?? 1).toBeLessThanOrEqual(0);
    const modal = page.getByRole("alertdialog");
    await expect(modal.getByRole("heading", { name: language.title })).toBeVisible();
    await expect(modal.getByText(language.text)).toBeVisible();
    // One button, no cancel.
    await expect(modal.getByRole("button")).toHaveText([language.ok]);
    await modal.getByRole("button", { name: language.ok }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText(language.notice)).toBeHidden();
  });
}
