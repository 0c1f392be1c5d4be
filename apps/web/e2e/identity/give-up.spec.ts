import { TransportError } from "@chayong/transport";
import { expect, test } from "@playwright/test";
import { apiOf } from "../support/api";
import { baseUrl, logIn, storageKeys } from "../support/app";

// 'Give up and log out' in the verification flow (docs/screens.md#verification-flow) ends the
// session on the server, not only on the phone: the token the page held is refused afterwards.

const borrowerPhone = "01034560077";

test("giving up the verification logs the borrower out on the server", async ({ page }) => {
  await page.goto(`${baseUrl()}/#/pages/me/index`);
  await logIn(page, borrowerPhone);
  await page.goto(`${baseUrl()}/#/pages/me/face`);
  await expect(page.getByRole("button", { name: "인증 시작" })).toBeVisible();
  const heldToken = await apiOf(page);
  await heldToken.user.current();

  // Back asks first; 'give up and log out' does it.
  await page.getByRole("button", { name: "뒤로" }).click();
  const leave = page.getByRole("alertdialog");
  await expect(leave).toContainText("인증이 거의 완료되었습니다. 로그아웃하시겠습니까?");
  await leave.getByRole("button", { name: "포기하고 로그아웃" }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  expect(await storageKeys(page)).not.toContain("token");

  // The server forgot the session: the token is refused as an ended session (envelope 301).
  const refused = await heldToken.user.current().then(
    () => null,
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(TransportError);
  expect((refused as TransportError).status).toBe(301);
});
