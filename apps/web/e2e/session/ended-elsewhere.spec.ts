import { expect, test } from "@playwright/test";
import { loggedInSession } from "../support/api";
import { baseUrl, specLenderPhones } from "../support/app";

test("a session ended on another device sends 'me' to login with 'session expired' when the app comes back to the front", async ({
  page,
}) => {
  // Logged in on this phone and, say, on a laptop: the same session, its own token.
  const { token, api } = await loggedInSession(specLenderPhones.sessionRecheck);
  await page.addInitScript((value) => {
    if (!localStorage.getItem("token")) localStorage.setItem("token", JSON.stringify(value));
  }, token);
  await page.goto(`${baseUrl()}/#/pages/me/index`);
  await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
  await expect(page.getByRole("region", { name: "통계" })).toBeVisible();
  // Every section of 'me' has had its answer: on a loaded machine one still loading when the
  // session ended elsewhere met the refusal and went to login before the test's own check.
  await page.waitForLoadState("networkidle");

  // Logged out elsewhere: the server forgets the session; this page has not asked anything since.
  await api.auth.logout();
  // More than the re-check's 5 s since the page loaded (two checks closer than that are one).
  await page.waitForTimeout(5_500);
  await expect(page).toHaveURL(/#\/pages\/me\/index/);

  // The phone's browser is shown again (the tab comes back to the front).
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
    Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  await expect(page.getByText("로그인이 만료되었습니다. 다시 로그인해 주세요.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
});
