import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { measureEntryRouteLoad } from "../../scripts/size";
import { baseUrl, logIn } from "../support/app";

// `pnpm size` holds one figure against the budget: the scripts the entry route loads before
// its first contracts show. This checks, in the browser, that those are exactly the scripts a
// signed-in Korean reader's phone fetches until the list has loaded: none left out of the
// figure, none counted that is not fetched (the other language's catalog among them).
test("the entry route fetches exactly the scripts `pnpm size` counts", async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  await logIn(page, "01066667777");

  const fetched = new Set<string>();
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith(".js")) fetched.add(path.replace(/^\//, ""));
  });
  // A new launch (a full page load) of the entry route with the session in storage.
  await page.goto(`${baseUrl()}/?launch=size#/pages/order/index`);
  await expect(page.locator(".contract-list")).toHaveAttribute("aria-busy", "false");
  await expect(page.getByRole("heading", { name: "주문 내역" })).toBeVisible();

  const counted = measureEntryRouteLoad(join(import.meta.dirname, "..", "..", "dist"));
  expect(counted.missing).toEqual([]);
  expect([...fetched].sort()).toEqual(counted.scripts.map((script) => script.file).sort());
  expect([...fetched].some((file) => /zh-TW/.test(file))).toBe(false);
});
