import { verifyBorrower } from "@chayong/server/testing";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { loggedInApi, loggedInSession, seoulDateInDays } from "../support/api";
import { baseUrl, specLenderPhones } from "../support/app";
import { specBorrowers } from "../support/people";

// A borrower who verified with the shared-debt consent ticked, set up through the real SDK and
// the real identity engines (the identity kit's photos, as the server's own tests do).
const { phone: borrowerPhone, face, seed } = specBorrowers.sharedDebt;

/** The figure a card shows under `label` (e.g. the offline card's '계약 건수'). */
function figure(card: Locator, label: string): Locator {
  return card.locator(".cy-stat-card", { has: card.page().getByText(label, { exact: true }) });
}

async function lookUp(page: Page, phone: string, idNumber: string) {
  await page.getByLabel("휴대폰 번호").fill(phone);
  await page.getByLabel("주민등록번호").fill(idNumber);
  await page.getByRole("button", { name: "조회", exact: true }).click();
}

/** Looks the borrower up again and answers the offline card, figures loaded. */
async function offlineCardAfterLookUp(page: Page, idNumber: string): Promise<Locator> {
  await page.goto(`${baseUrl()}/#/pages/me/sharedDebt`);
  await lookUp(page, "010-6767-0001", idNumber);
  const card = page.getByRole("region", { name: "외부 대출" });
  await expect(card).not.toHaveAttribute("aria-busy", "true");
  return card;
}

test("a lender looks up shared debt, reports an offline loan, corrects and withdraws it, and the figures follow", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const borrower = await loggedInApi(borrowerPhone);
  const { person } = await verifyBorrower({ api: borrower }, { face, seed });
  const { token } = await loggedInSession(specLenderPhones.sharedDebt);
  await page.addInitScript((value) => {
    if (!localStorage.getItem("token")) localStorage.setItem("token", JSON.stringify(value));
  }, token);

  // From 'me' to the lookup: found, with nothing reported outside the app yet.
  await page.goto(`${baseUrl()}/#/pages/me/index`);
  await page.getByRole("button", { name: "다중 채무 조회" }).click();
  await expect(page).toHaveURL(/#\/pages\/me\/sharedDebt/);
  await lookUp(page, borrowerPhone, person.idNumber);
  const online = page.getByRole("region", { name: "앱 내 계약" });
  await expect(online).not.toHaveAttribute("aria-busy", "true");
  await expect(figure(online, "계약 건수")).toContainText("0건");
  const offline = page.getByRole("region", { name: "외부 대출" });
  await expect(figure(offline, "계약 건수")).toContainText("0건");
  await expect(page.getByText(/010-6767-0001 · .* 기준/)).toBeVisible();

  // Someone else: 'not found', said kindly.
  await page.getByLabel("주민등록번호").fill("800101-1234567");
  await page.getByRole("button", { name: "조회", exact: true }).click();
  await expect(page.getByText("다중 채무 정보가 없습니다")).toBeVisible();
  await expect(page.getByText(/채무가 없다는 뜻은 아닙니다/)).toBeVisible();
  await expect(page.getByRole("region", { name: "앱 내 계약" })).toHaveCount(0);

  // Reporting a loan made outside the app.
  await page.getByRole("button", { name: "내가 등록한 외부 대출" }).click();
  await expect(page).toHaveURL(/#\/pages\/me\/offlineLoans/);
  await expect(page.getByText("등록한 외부 대출이 없습니다")).toBeVisible();
  await page.getByRole("button", { name: "외부 대출 등록" }).click();
  const sheet = page.getByRole("dialog", { name: "외부 대출 등록" });
  await sheet.getByLabel("휴대폰 번호").fill(borrowerPhone);
  await sheet.getByLabel("주민등록번호").fill(person.idNumber);
  await sheet.getByLabel("대출 금액").fill("500000");
  await sheet.getByLabel("대출일").fill(seoulDateInDays(-40));
  await sheet.getByRole("radio", { name: "연체" }).check();
  await sheet.getByLabel("미상환 금액").fill("600000");
  await sheet.getByRole("button", { name: "등록" }).click();
  await expect(sheet.getByText("미상환 금액은 대출 금액보다 클 수 없습니다")).toBeVisible();
  await sheet.getByLabel("미상환 금액").fill("300000");
  await sheet.getByRole("button", { name: "등록" }).click();
  await expect(page.getByText("외부 대출이 등록되었습니다")).toBeVisible();
  const row = page.locator(".offline-loan", { hasText: "010-6767-0001" });
  await expect(row).toContainText("연체");
  await expect(row).toContainText("₩300,000");

  // The lookup counts it.
  let card = await offlineCardAfterLookUp(page, person.idNumber);
  await expect(figure(card, "계약 건수")).toContainText("1건");
  await expect(figure(card, "연체 건수")).toContainText("1건");
  await expect(figure(card, "미상환 금액")).toContainText("₩300,000");

  // Correcting it: repaid in part, back on track.
  await page.getByRole("button", { name: "내가 등록한 외부 대출" }).click();
  await row.getByRole("button", { name: "정정" }).click();
  const correction = page.getByRole("dialog", { name: "기록 정정" });
  await correction.getByRole("radio", { name: "상환 중" }).check();
  await correction.getByLabel("미상환 금액").fill("200000");
  await correction.getByRole("button", { name: "정정 저장" }).click();
  await expect(page.getByText("기록이 정정되었습니다")).toBeVisible();
  await expect(row).toContainText("상환 중");
  await expect(row).toContainText("₩200,000");

  card = await offlineCardAfterLookUp(page, person.idNumber);
  await expect(figure(card, "계약 건수")).toContainText("1건");
  await expect(figure(card, "연체 건수")).toContainText("0건");
  await expect(figure(card, "미상환 금액")).toContainText("₩200,000");

  // Withdrawing it: it stops counting.
  await page.getByRole("button", { name: "내가 등록한 외부 대출" }).click();
  await row.getByRole("button", { name: "철회" }).click();
  await page
    .getByRole("alertdialog", { name: "이 기록을 철회하시겠습니까?" })
    .getByRole("button", { name: "철회" })
    .click();
  await expect(page.getByText("기록이 철회되었습니다")).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("등록한 외부 대출이 없습니다")).toBeVisible();

  card = await offlineCardAfterLookUp(page, person.idNumber);
  await expect(figure(card, "계약 건수")).toContainText("0건");
  await expect(figure(card, "미상환 금액")).toContainText("₩0");
});
