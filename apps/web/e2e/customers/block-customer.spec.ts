import { expect, test } from "@playwright/test";
import { loggedInSession, seoulDateInDays } from "../support/api";
import { baseUrl, specLenderPhones } from "../support/app";

const borrowerPhone = "01055551234";

test("a lender blocks a contract's borrower with a reason, is refused a new contract for that phone, and unblocks from 'me'", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { token, api: lenderApi } = await loggedInSession(specLenderPhones.customers);
  const contract = await lenderApi.contract.add({
    name: "최씨 대출",
    borrowerPhone,
    loanAmount: 1_000_000,
    disbursedAmount: 1_000_000,
    loanDate: seoulDateInDays(0),
    repaymentDate: seoulDateInDays(30),
    instalment: false,
    instalmentCount: 1,
    instalmentAmount: 1_010_000,
    interval: "monthly",
    overdueRatePercent: 15,
    lender: "김대여",
    merchantName: "김씨상회",
  });
  await page.addInitScript((value) => {
    if (!localStorage.getItem("token")) localStorage.setItem("token", JSON.stringify(value));
  }, token);

  // From the contract's details to its borrower.
  await page.goto(`${baseUrl()}/#/pages/order/common?id=${contract.id}`);
  await page.getByRole("button", { name: "고객 정보 보기" }).click();
  await expect(page).toHaveURL(/#\/pages\/order\/customer\?id=/);
  await expect(page.getByRole("heading", { name: "010-5555-1234" })).toBeVisible();
  await expect(page.getByText("이 고객은 아직 본인 인증을 마치지 않았습니다")).toBeVisible();
  await expect(page.getByRole("button", { name: "최씨 대출" })).toBeVisible();

  // Blocking asks why.
  await page.getByRole("button", { name: "고객 차단" }).click();
  const sheet = page.getByRole("dialog", { name: "고객 차단" });
  await sheet.getByRole("button", { name: "고객 차단" }).click();
  await expect(sheet.getByText("입력해 주세요")).toBeVisible();
  await sheet.getByLabel("차단 사유").fill("연락 두절");
  await sheet.getByRole("button", { name: "고객 차단" }).click();
  await expect(page.getByText("차단되었습니다")).toBeVisible();
  await expect(page.getByRole("button", { name: "차단 해제" })).toBeVisible();

  // A new contract for that phone is refused on the phone field.
  await page.goto(`${baseUrl()}/#/pages/order/addContract`);
  await page.getByLabel("계약명").fill("최씨 두 번째 대출");
  await page.getByLabel("차용인 휴대폰 번호").fill(borrowerPhone);
  await page.getByLabel("대출 금액").fill("1000000");
  await page.getByLabel("실지급 금액").fill("1000000");
  await page.getByLabel("상환일").fill(seoulDateInDays(30));
  await page.getByLabel("총 상환 금액").fill("1010000");
  await page.getByLabel("연체 이율(연 %)").fill("15");
  await page.getByRole("button", { name: "계약 만들기", exact: true }).last().click();
  const phoneField = page.getByLabel("차용인 휴대폰 번호");
  await expect(phoneField).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/차단 목록에 있는 번호입니다/)).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/order\/addContract/);

  // The blocked list on 'me', and unblocking.
  await page.goto(`${baseUrl()}/#/pages/me/index`);
  await page.getByRole("button", { name: "차단 목록" }).click();
  await expect(page).toHaveURL(/#\/pages\/me\/blockList/);
  const row = page.locator(".block-list__item", { hasText: "010-5555-1234" });
  await expect(row.getByText("사유: 연락 두절")).toBeVisible();
  // Escape keeps the number blocked and gives focus back to the button that asked.
  const unblock = row.getByRole("button", { name: "차단 해제" });
  await unblock.click();
  await expect(page.getByRole("alertdialog", { name: "차단 해제" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(unblock).toBeFocused();
  await unblock.click();
  await page
    .getByRole("alertdialog", { name: "차단 해제" })
    .getByRole("button", { name: "차단 해제" })
    .click();
  await expect(page.getByText("차단이 해제되었습니다")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await lenderApi.contract.blockList()).toEqual([]);
});
