import { testFaces, verifyBorrower } from "@chayong/server/testing";
import { expect, type Page, test } from "@playwright/test";
import { loggedInSession, seoulDateInDays } from "../support/api";
import { baseUrl, specLenderPhones } from "../support/app";

const out = "/tmp/shots";

async function openAs(page: Page, token: string, path: string, language: "0" | "1") {
  await page.goto(`${baseUrl()}/#/pages/login/index`);
  await page.evaluate(
    ([value, index]) => {
      localStorage.setItem("token", JSON.stringify(value));
      localStorage.setItem("languageIndex", index);
      localStorage.setItem("setLanguageIndex", index);
    },
    [token, language] as const,
  );
  await page.goto("about:blank");
  await page.goto(`${baseUrl()}/#${path}`);
}

for (const [size, language, lenderPhone] of [
  [{ width: 360, height: 640 }, "1", specLenderPhones.faceReview],
  [{ width: 390, height: 844 }, "1", specLenderPhones.font],
  [{ width: 360, height: 640 }, "0", specLenderPhones.home],
] as const) {
  test(`shots ${size.width} ${language}`, async ({ page }) => {
    test.setTimeout(200_000);
    await page.setViewportSize(size);
    const tag = `${language === "1" ? "zh" : "ko"}-${size.width}`;
    const lender = await loggedInSession(lenderPhone);
    const borrowerPhone = `0105555${size.width}${language}`.slice(0, 11);
    const contract = await lender.api.contract.add({
      name: "한씨 대출",
      borrowerPhone,
      loanAmount: 800_000,
      disbursedAmount: 800_000,
      loanDate: seoulDateInDays(0),
      repaymentDate: seoulDateInDays(30),
      instalment: false,
      instalmentCount: 1,
      instalmentAmount: 808_000,
      interval: "monthly",
      overdueRatePercent: 15,
      lender: "한대여",
      merchantName: "한씨상회",
    });
    const borrower = await loggedInSession(borrowerPhone);
    await borrower.api.contract.open({ code: contract.code });
    await verifyBorrower(
      { api: borrower.api },
      { face: testFaces[1], cardFace: testFaces[0], holderFace: testFaces[1], seed: 41 },
    );
    await openAs(page, borrower.token, `/pages/loans/sign?code=${contract.code}`, language);
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `${out}/${tag}-sign-waiting.png`, fullPage: true });
    await openAs(page, borrower.token, "/pages/me/index", language);
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `${out}/${tag}-me-review.png` });
    await openAs(page, lender.token, `/pages/order/common?id=${contract.id}`, language);
    await page.waitForTimeout(2000);
    await page.screenshot({ path: `${out}/${tag}-detail.png`, fullPage: true });
    await openAs(page, lender.token, `/pages/order/customer?id=${contract.id}`, language);
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `${out}/${tag}-customer.png` });
    const panel = page.locator(".face-review");
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${out}/${tag}-panel.png` });
    await expect(panel).toBeVisible();
  });
}
