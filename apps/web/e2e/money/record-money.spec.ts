import { verifyBorrower } from "@chayong/server/testing";
import { expect, type Page, test } from "@playwright/test";
import { apiOf, seoulDateInDays, signedContract } from "../support/api";
import { baseUrl, logIn, secondLenderPhone } from "../support/app";

const borrowerPhone = "01023456789";

/** Opens a contract's details from the order list, as the lender does. */
async function openFromList(page: Page, name: string) {
  await page.goto(`${baseUrl()}/#/pages/order/index`);
  await page.getByRole("button", { name }).first().click();
  await expect(page).toHaveURL(/#\/pages\/order\/common\?id=/);
}

test("a lender records a repayment, a waiver that closes a contract, a renewal and a reversal; the borrower sees the balances", async ({
  browser,
}) => {
  // Four operations through the screens, and each signature now sealed (a PDF rendered and
  // signed): past the default minute on a loaded CI machine.
  test.setTimeout(150_000);
  const lenderContext = await browser.newContext();
  const lender = await lenderContext.newPage();
  await lender.goto(`${baseUrl()}/`);
  await logIn(lender, secondLenderPhone);
  const borrowerContext = await browser.newContext();
  const borrower = await borrowerContext.newPage();
  await borrower.goto(`${baseUrl()}/`);
  await logIn(borrower, borrowerPhone);

  const lenderApi = await apiOf(lender);
  const borrowerApi = await apiOf(borrower);
  // Signing needs a verified borrower (identity/verify-before-signing.spec.ts shows the flow).
  await verifyBorrower({ api: borrowerApi });
  // Three monthly instalments of 340,000; the first fell due 14 days ago.
  const overdue = await signedContract(lenderApi, borrowerApi, borrowerPhone, {
    name: "정씨 분할 대출",
  });
  // One payment of 1,010,000 in a month.
  const single = await signedContract(lenderApi, borrowerApi, borrowerPhone, {
    name: "정씨 일시 대출",
    loanDate: seoulDateInDays(0),
    repaymentDate: seoulDateInDays(30),
    instalment: false,
    instalmentCount: 1,
    instalmentAmount: 1_010_000,
  });

  // The overdue filter finds it (in SQL, no batch job).
  await lender.getByLabel("상태").selectOption("type4");
  await expect(lender.getByRole("button", { name: "정씨 분할 대출" })).toBeVisible();
  await expect(lender.getByRole("button", { name: "정씨 일시 대출" })).toHaveCount(0);

  // A partial repayment on the overdue first instalment.
  await openFromList(lender, "정씨 분할 대출");
  const head = lender.locator(".contract-detail__head");
  await expect(head.getByText("연체")).toBeVisible();
  const first = lender.locator(".cy-instalments__item").first();
  await expect(first.getByText("14일 연체")).toBeVisible();
  await expect(first.getByText("연체 이자", { exact: true })).toBeVisible();
  await lender.getByRole("button", { name: "상환 등록" }).click();
  const repayment = lender.getByRole("dialog", { name: "상환 등록" });
  await expect(repayment.getByLabel("회차")).toHaveValue("1");
  await expect(repayment.getByLabel("실제 상환일")).toHaveValue(seoulDateInDays(0));
  // More than the instalment owes: refused before sending, naming what it owes.
  await repayment.getByLabel("이번 상환 금액").fill("999999");
  await repayment.getByRole("button", { name: "상환 등록" }).click();
  await expect(repayment.getByText(/이 회차의 미상환 금액 ₩[\d,]+보다 큽니다/)).toBeVisible();
  await repayment.getByLabel("이번 상환 금액").fill("200000");
  await repayment.getByLabel("메모 (선택)").fill("계좌 이체");
  await repayment.getByRole("button", { name: "상환 등록" }).click();
  await expect(lender.getByText("상환이 등록되었습니다", { exact: true })).toBeVisible();
  await expect(repayment).toHaveCount(0);
  await expect(first.getByText("₩200,000")).toBeVisible();
  const timeline = lender.locator(".cy-ledger");
  await expect(timeline.getByText("사유: 계좌 이체")).toBeVisible();
  // The ledger writes dates as Korean does: 2026-11-24 -> 2026. 11. 24.
  const receivedOn = `${seoulDateInDays(0).replaceAll("-", ". ")}.`;
  await expect(timeline.getByText(`실제 상환일 ${receivedOn}`)).toBeVisible();

  // A renewal of that instalment takes the contract out of overdue.
  await lender.getByRole("button", { name: "기한 연장" }).click();
  const renewal = lender.getByRole("dialog", { name: "기한 연장" });
  await renewal.getByLabel("연장 후 상환일").fill(seoulDateInDays(-20));
  await renewal.getByRole("button", { name: "기한 연장" }).click();
  // The message names the due date the new one must pass.
  await expect(
    renewal.getByText(`연장 후 상환일은 현재 상환일(${seoulDateInDays(-14)}) 이후여야 합니다`),
  ).toBeVisible();
  await renewal.getByLabel("연장 후 상환일").fill(seoulDateInDays(10));
  await renewal.getByRole("button", { name: "기한 연장" }).click();
  await expect(lender.getByText("기한이 연장되었습니다", { exact: true })).toBeVisible();
  await expect(head.getByText("상환 대기")).toBeVisible();
  await expect(first.getByText(/기한 연장됨 · 원래 상환일/)).toBeVisible();

  // The repayment was typed wrong: reversed, with a reason, behind a confirmation.
  await timeline
    .locator(".cy-ledger__entry--repayment")
    .getByRole("button", { name: "이 기록 취소" })
    .click();
  const reversal = lender.getByRole("dialog", { name: "이 기록 취소" });
  await expect(reversal.getByText(/없었던 것으로 계산됩니다/)).toBeVisible();
  await reversal.getByRole("button", { name: "이 기록 취소" }).click();
  await expect(reversal.getByText("입력해 주세요")).toBeVisible();
  await reversal.getByLabel("취소 사유").fill("금액을 잘못 입력함");
  await reversal.getByRole("button", { name: "이 기록 취소" }).click();
  await expect(lender.getByText("기록이 취소되었습니다", { exact: true })).toBeVisible();
  await expect(timeline.getByText("취소됨")).toBeVisible();
  await expect(timeline.getByText("취소한 기록: 상환 ₩200,000")).toBeVisible();
  await expect(first.getByText("₩200,000")).toHaveCount(0);

  // The list card names the date the renewal moved the instalment to: the next one owed.
  await lender.goto(`${baseUrl()}/#/pages/order/index`);
  const card = lender
    .locator(".cy-contract-card")
    .filter({ has: lender.getByRole("button", { name: "정씨 분할 대출" }) });
  const [year, month, day] = seoulDateInDays(10).split("-");
  await expect(card.locator(".cy-contract-card__fact").nth(2)).toHaveText(
    `다음 상환일${year}. ${month}. ${day}.`,
  );

  // The single payment: most of it repaid, the rest waived: completed (closed with relief).
  await openFromList(lender, "정씨 일시 대출");
  await lender.getByRole("button", { name: "상환 등록" }).click();
  const full = lender.getByRole("dialog", { name: "상환 등록" });
  await full.getByLabel("이번 상환 금액").fill("1000000");
  await full.getByRole("button", { name: "상환 등록" }).click();
  await expect(lender.getByText("상환이 등록되었습니다", { exact: true })).toBeVisible();
  await lender.getByRole("button", { name: "감면" }).click();
  const waiver = lender.getByRole("dialog", { name: "감면" });
  await expect(waiver.getByText("이 회차의 미상환 금액: ₩10,000")).toBeVisible();
  await waiver.getByLabel("감면 금액").fill("10000");
  await waiver.getByRole("button", { name: "감면" }).click();
  await expect(lender.getByText("감면이 등록되었습니다", { exact: true })).toBeVisible();
  await expect(head.getByText("감면 후 종결")).toBeVisible();
  await expect(lender.getByRole("button", { name: "상환 등록" })).toHaveCount(0);
  // Its instalment closed with a waiver, not repaid in full: the chip says so.
  const closed = lender.locator(".cy-instalments__item").first();
  await expect(closed.getByText("감면 후 종결")).toBeVisible();
  await expect(closed.getByText("완납")).toHaveCount(0);
  await lender.getByLabel("뒤로").click();
  await lender.getByLabel("상태").selectOption("type3");
  await expect(lender.getByRole("button", { name: "정씨 일시 대출" })).toBeVisible();

  // The borrower reads the same balances and ledger, and cannot change them.
  await borrower.reload();
  await borrower.getByRole("button", { name: "정씨 분할 대출" }).click();
  await expect(borrower).toHaveURL(new RegExp(`signDetail\\?id=${overdue.id}`));
  await expect(borrower.getByRole("heading", { name: "회차별 잔액" })).toBeVisible();
  await expect(borrower.locator(".cy-ledger").getByText("취소됨")).toBeVisible();
  await expect(borrower.getByText(/기한 연장됨 · 원래 상환일/)).toBeVisible();
  await expect(borrower.getByRole("button", { name: "이 기록 취소" })).toHaveCount(0);
  await expect(borrower.getByRole("button", { name: "상환 등록" })).toHaveCount(0);
  expect(single.status).toBe("type6");

  await lenderContext.close();
  await borrowerContext.close();
});
