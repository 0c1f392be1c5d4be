import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { verifyBorrower } from "@chayong/server/testing";
import { expect, type Page, test } from "@playwright/test";
import { loggedInSession, signedContract, workerSession } from "../support/api";
import { specLenderPhones } from "../support/app";
import { specBorrowers } from "../support/people";

// After signing, the ID card page is read-only (docs/identity.md, docs/screens.md#verification-flow):
// the details the contract was verified with, the photos, and why they cannot change.

/** Screenshots for people to look at, when asked for (CHAYONG_SHOTS_DIR=/tmp/small-flow-shots). */
const shotsDir = process.env.CHAYONG_SHOTS_DIR;
const phones = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
] as const;
const languages = [
  // A Korean borrower in Korean, a Taiwanese one in Chinese: each reads his own card.
  { locale: "ko-KR", index: 0, country: "KR", ...specBorrowers.idCardAfterSigningKorean },
  {
    locale: "zh-TW",
    index: 1,
    country: "TW",
    ...specBorrowers.idCardAfterSigningTaiwanese,
  },
] as const;
const expected = {
  "ko-KR": {
    note: "서명한 계약의 본인 확인에 사용된 정보이므로 변경할 수 없습니다.",
    edit: "수정",
    confirm: "확인",
  },
  "zh-TW": {
    note: "這些資料已用於您所簽署合約的身分驗證，無法變更。",
    edit: "編輯",
    confirm: "確認",
  },
} as const;

test.describe.configure({ timeout: 180_000 });

async function shoot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

for (const language of languages) {
  test(`a borrower who has signed sees his ID card read-only (${language.locale})`, async ({
    browser,
  }) => {
    const { api: lender } = await workerSession(specLenderPhones.lockedIdCard);
    const { token, api: borrower } = await loggedInSession(language.phone);
    const verified = await verifyBorrower(
      { api: borrower },
      { country: language.country, seed: language.seed, face: language.face },
    );
    await signedContract(lender, borrower, language.phone);

    for (const viewport of phones) {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: language.locale,
      });
      await context.addInitScript(
        ({ value, index }) => {
          if (!localStorage.getItem("token")) localStorage.setItem("token", JSON.stringify(value));
          localStorage.setItem("languageIndex", String(index));
          localStorage.setItem("setLanguageIndex", String(index));
        },
        { value: token, index: language.index },
      );
      const page = await context.newPage();
      await page.goto("/#/pages/me/idCard");
      const texts = expected[language.locale];
      await expect(page.getByText(texts.note)).toBeVisible();
      await expect(page.getByText(verified.person.address)).toBeVisible();
      await expect(page.getByText(verified.person.name, { exact: true })).toBeVisible();
      // The photos are shown (loaded), and nothing offers a change.
      const images = page.locator(".id-card__figure-image");
      await expect(images).toHaveCount(3);
      for (const image of await images.all()) {
        await expect
          .poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
      }
      await expect(page.getByRole("button", { name: texts.edit })).toHaveCount(0);
      await expect(page.getByRole("button", { name: texts.confirm, exact: true })).toHaveCount(0);
      await expect(page.locator("input, select, textarea")).toHaveCount(0);
      await shoot(page, `id-card-locked-${language.locale}-${viewport.width}x${viewport.height}`);
      await context.close();
    }
  });
}
