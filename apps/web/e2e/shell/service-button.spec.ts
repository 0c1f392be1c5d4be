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
    x: JSON.parse(localStorage.getItem("serviceX") ?? "null") as unknown,
    y: Number(localStorage.getItem("serviceY")),
  }));
  // Let go left of the middle, it rests against the left edge (docs/service-button.md), stored as
  // that edge and its share of the screen's height, not as pixels.
  expect(saved.x).toBe("left");
  expect(saved.y).toBeGreaterThan(0);
  expect(saved.y).toBeLessThan(before.y / 844);
  const restedY = Number(await button.getAttribute("data-y"));
  expect(Math.round(saved.y * 844)).toBe(restedY);

  // Its resting place after a reload (shown full size there, or docked beside what lies under it).
  await page.reload();
  const after = page.getByRole("button", { name: "고객센터 및 언어 설정" });
  await expect(after).toHaveAttribute("data-x", "8");
  await expect(after).toHaveAttribute("data-y", String(restedY));

  // The phone turned: still on the left edge, at the same share of the height, fully on screen.
  await page.setViewportSize({ width: 844, height: 390 });
  await expect(after).toHaveAttribute("data-x", "8");
  await expect(after).toHaveAttribute("data-y", String(Math.round(saved.y * 390)));
  const turned = await after.boundingBox();
  if (!turned) throw new Error("the service button has no box");
  expect(turned.y + turned.height).toBeLessThanOrEqual(390);
  // Back upright: exactly where it was put; turning stored nothing new.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(after).toHaveAttribute("data-y", String(restedY));
  expect(await page.evaluate(() => localStorage.getItem("serviceX"))).toBe('"left"');
});

test("a place stored in pixels by an older version is read on a smaller phone and stored again as an edge", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto(`${baseUrl()}/`);
  // Pixels from a 390 x 844 phone: the right edge, low on its taller screen.
  await page.evaluate(() => {
    localStorage.setItem("serviceX", "326");
    localStorage.setItem("serviceY", "700");
  });
  await page.reload();
  const button = page.getByRole("button", { name: "고객센터 및 언어 설정" });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  if (!box) throw new Error("the service button has no box");
  // On screen, on the right edge, at the bottom.
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(box.x).toBeGreaterThan(360 / 2);
  expect(box.y + box.height).toBeLessThanOrEqual(640);
  await expect
    .poll(() =>
      page.evaluate(() => [localStorage.getItem("serviceX"), localStorage.getItem("serviceY")]),
    )
    .toEqual(['"right"', "1"]);
});
