import { expect, test } from "@playwright/test";
import { baseUrl, logIn } from "../support/app";

test("switching to zh-TW sets both tab labels and the page title again", async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await logIn(page, "01022223333");
  const tabs = page.getByRole("navigation");
  await expect(tabs.getByRole("button")).toHaveText(["주문 내역", "내 정보"]);
  await expect(page).toHaveTitle("주문 내역");

  await tabs.getByRole("button", { name: "내 정보" }).click();
  await expect(page).toHaveTitle("내 정보");
  await page.getByRole("radio", { name: "繁體中文" }).check();

  await expect(tabs.getByRole("button")).toHaveText(["訂單列表", "我的"]);
  await expect(page).toHaveTitle("我的");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-TW");
  expect(await page.evaluate(() => localStorage.getItem("languageIndex"))).toBe("1");
  expect(await page.evaluate(() => localStorage.getItem("setLanguageIndex"))).toBe("1");

  // Kept across a reload, and the other tab is titled in the same language.
  await page.reload();
  await tabs.getByRole("button", { name: "訂單列表" }).click();
  await expect(page).toHaveTitle("訂單列表");
});
