import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { afterPageLoadScripts, measureEntryRouteLoad } from "../../scripts/size";
import { baseUrl, logIn } from "../support/app";

// `pnpm size` holds one figure against the budget: the scripts the entry route loads before
// its first contracts show. This checks, in the browser, that those are exactly the scripts a
// signed-in Korean reader's phone fetches until the list has loaded: none left out of the
// figure, none counted that is not fetched (the other language's catalog among them). The
// exceptions are what the page imports once it has loaded (the service worker's registration,
// the floating service button): they may come before the list does, but never among the
// scripts the first view waits for. Its first calls leave with the page (src/first-read/): the
// API chunk is among what loads after, and no call is made twice.
test("the entry route fetches exactly the scripts `pnpm size` counts", async ({ page }) => {
  await page.goto(`${baseUrl()}/`);
  // A phone no other spec logs in: a second code within a minute would meet the SMS cooldown.
  await logIn(page, "01066668888");

  const dist = join(import.meta.dirname, "..", "..", "dist");
  const counted = measureEntryRouteLoad(dist);
  const afterLoad = afterPageLoadScripts(dist);
  expect(counted.missing).toEqual([]);
  expect(afterLoad.length).toBeGreaterThan(0);

  const fetched = new Set<string>();
  const beforeLoadEvent: string[] = [];
  const apiCalls: string[] = [];
  let loaded = false;
  page.on("load", () => {
    loaded = true;
  });
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/api/")) apiCalls.push(path);
    if (!path.endsWith(".js")) return;
    const file = path.replace(/^\//, "");
    fetched.add(file);
    if (!loaded && afterLoad.includes(file)) beforeLoadEvent.push(file);
  });
  // A new launch (a full page load) of the entry route with the session in storage.
  await page.goto(`${baseUrl()}/?launch=size#/pages/order/index`);
  await expect(page.locator(".contract-list")).toHaveAttribute("aria-busy", "false");
  await expect(page.getByRole("heading", { name: "주문 내역" })).toBeVisible();

  expect(beforeLoadEvent).toEqual([]);
  expect([...fetched].filter((file) => !afterLoad.includes(file)).sort()).toEqual(
    counted.scripts
      .filter((script) => script.part !== "first read")
      .map((script) => script.file)
      .sort(),
  );
  // The inline first read asked for the user and the list; the app used its answers.
  expect(counted.scripts.some((script) => script.part === "first read")).toBe(true);
  expect(apiCalls.sort()).toEqual(["/api/v1/contract/query", "/api/v3/user/queryCashUser"]);
  expect([...fetched].some((file) => /zh-TW/.test(file))).toBe(false);
});
