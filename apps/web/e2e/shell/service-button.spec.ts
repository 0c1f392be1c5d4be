import { expect, test } from "@playwright/test";
import { baseUrl } from "../support/app";
import { e2eServiceContact } from "../support/global-setup";

test("the floating service button opens language and customer service, and keeps its place", async ({
  page,
}) => {
  await page.goto(`${baseUrl()}/`);
  const button = page.getByRole("button", { name: "고객센터 및 언어 설정" });
  await expect(button).toBeVisible();

  // Customer service comes from the server (configKey 'line'); copying shows 'copied'.
  await button.click();
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByText(e2eServiceContact.line, { exact: true })).toBeVisible();
  await expect(sheet.getByRole("link", { name: e2eServiceContact.lineUrl })).toBeVisible();
  await sheet.getByRole("button", { name: /복사 LINE 아이디/ }).click();
  await expect(page.getByText("복사되었습니다").first()).toBeVisible();
  await sheet.getByRole("button", { name: "닫기" }).click();

  // Dragged with a finger (pointer events), it stays where it was put, after a reload too.
  const before = await button.boundingBox();
  if (!before) throw new Error("the service button has no box");
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
  await page.mouse.down();
  await page.mouse.move(120, 200, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(() =>
      page.evaluate(() => [localStorage.getItem("serviceX"), localStorage.getItem("serviceY")]),
    )
    .not.toEqual([null, null]);
  const saved = await page.evaluate(() => ({
    x: Number(localStorage.getItem("serviceX")),
    y: Number(localStorage.getItem("serviceY")),
  }));
  // Let go left of the middle, it rests against the left edge (docs/service-button.md).
  expect(saved.x).toBe(8);
  expect(saved.y).toBeLessThan(before.y);

  // Its resting place after a reload (shown full size there, or docked beside what lies under it).
  await page.reload();
  const after = page.getByRole("button", { name: "고객센터 및 언어 설정" });
  await expect(after).toHaveAttribute("data-x", String(saved.x));
  await expect(after).toHaveAttribute("data-y", String(saved.y));
});
