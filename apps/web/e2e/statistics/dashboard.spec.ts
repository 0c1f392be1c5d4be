import { randomUUID } from "node:crypto";
import { verifyBorrower } from "@chayong/server/testing";
import { expect, type Page, test } from "@playwright/test";
import { loggedInApi, loggedInSession, seoulDateInDays, signedContract } from "../support/api";
import { baseUrl, statisticsLenderPhone } from "../support/app";

const borrowerPhone = "01046460000";

/** A finger pulling the page down from near its top, as on a phone (real touch events). */
async function pullDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const x = 195;
  await cdp.send("Input.dispatchTouchEvent", {
    type: "touchStart",
    touchPoints: [{ x, y: 150 }],
  });
  for (let y = 160; y <= 400; y += 20) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
  }
  await expect(page.getByText("놓으면 새로고침")).toBeVisible();
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

test("a lender reads the dashboard, records a repayment and sees today's figures and windows change on refresh", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { token, api: lender } = await loggedInSession(statisticsLenderPhone);
  const borrower = await loggedInApi(borrowerPhone);
  await verifyBorrower({ api: borrower });
  // Three monthly instalments of 340,000 lent 45 days ago: the first fell due 14 days ago.
  const overdue = await signedContract(lender, borrower, borrowerPhone, {
    name: "통계 분할 대출",
  });
  // One payment of 1,010,000 in a month, lent today.
  await signedContract(lender, borrower, borrowerPhone, {
    name: "통계 일시 대출",
    loanDate: seoulDateInDays(0),
    repaymentDate: seoulDateInDays(30),
    instalment: false,
    instalmentCount: 1,
    instalmentAmount: 1_010_000,
  });
  await page.addInitScript((value) => {
    if (!localStorage.getItem("token")) localStorage.setItem("token", JSON.stringify(value));
  }, token);

  await page.goto(`${baseUrl()}/#/pages/me/index`);
  const dashboard = page.getByRole("region", { name: "통계" });
  const tile = (label: string) =>
    dashboard
      .locator(".cy-stat-card")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator(".cy-stat-card__value");
  await expect(tile("연체 금액")).not.toHaveText("₩0");
  await expect(dashboard.locator(".cy-stat-card").nth(1)).toContainText("1건");
  await expect(tile("오늘 상환된 금액")).toHaveText("₩0");
  // A young book: the net (손익, never 'profit') is negative, in plain ink, with its hint.
  await expect(tile("누적 손익")).toHaveText("-₩2,000,000");
  await expect(tile("누적 손익")).not.toHaveCSS("color", "rgb(179, 38, 30)");
  await expect(dashboard.getByText("빌려준 돈이 상환될수록 플러스로 바뀝니다")).toBeVisible();
  const progress = dashboard.getByRole("table", { name: "진행 중 · 종결 비교" });
  await expect(progress.getByRole("row").nth(1)).toHaveText("계약 건수2건0건");
  await expect(
    dashboard.getByRole("img", {
      name: "실지급 금액(오늘까지) 그래프: 오늘 ₩1,000,000, 최근 3일 ₩1,000,000 및 최근 7일 ₩1,000,000",
    }),
  ).toBeVisible();
  await expect(
    dashboard.getByRole("img", {
      name: "상환된 금액(오늘까지) 그래프: 오늘 ₩0, 최근 3일 ₩0 및 최근 7일 ₩0",
    }),
  ).toBeVisible();
  // The split: the single-payment contract alone.
  await dashboard.getByRole("radio", { name: "일시 상환" }).check();
  await expect(progress.getByRole("row").nth(1)).toHaveText("계약 건수1건0건");
  await expect(tile("연체 금액")).toHaveText("₩0");
  await dashboard.getByRole("radio", { name: "전체" }).check();

  // A repayment recorded meanwhile (at the shop, through another session): 200,000 today.
  await lender.contract.repay({
    id: overdue.id,
    idempotencyKey: randomUUID().replaceAll("-", ""),
    instalmentIndex: 1,
    repaymentAmount: 200_000,
    receivedOn: seoulDateInDays(0),
  });
  await expect(tile("오늘 상환된 금액")).toHaveText("₩0");

  // Pulled down on the phone, the dashboard asks again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await pullDown(page);
  await expect(tile("오늘 상환된 금액")).toHaveText("₩200,000");
  await expect(tile("누적 손익")).toHaveText("-₩1,800,000");
  await expect(
    dashboard.getByRole("img", {
      name: "상환된 금액(오늘까지) 그래프: 오늘 ₩200,000, 최근 3일 ₩200,000 및 최근 7일 ₩200,000",
    }),
  ).toBeVisible();
  // Today's details leave out what the tiles show (each figure once) and add the day's net.
  await dashboard.getByRole("radio", { name: "오늘 통계" }).check();
  const details = dashboard.locator(".stats__figures");
  await expect(details.locator(".stats__figure").filter({ hasText: "상환된 금액" })).toHaveCount(0);
  await expect(details.locator(".stats__figure").filter({ hasText: /^손익/ })).toHaveText(
    "손익-₩800,000",
  );

  // The refresh button does the same (desktop), after a second repayment.
  await lender.contract.repay({
    id: overdue.id,
    idempotencyKey: randomUUID().replaceAll("-", ""),
    instalmentIndex: 1,
    repaymentAmount: 100_000,
    receivedOn: seoulDateInDays(0),
  });
  await dashboard.getByRole("button", { name: "새로고침" }).click();
  await expect(tile("오늘 상환된 금액")).toHaveText("₩300,000");
  await expect(
    dashboard.getByRole("img", {
      name: "상환된 금액(오늘까지) 그래프: 오늘 ₩300,000, 최근 3일 ₩300,000 및 최근 7일 ₩300,000",
    }),
  ).toBeVisible();
  // The me page keeps its profile, language and logout.
  await expect(page.getByRole("heading", { name: "최대여" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "繁體中文" })).toBeVisible();
  await expect(page.getByRole("button", { name: "로그아웃" })).toBeVisible();
});
