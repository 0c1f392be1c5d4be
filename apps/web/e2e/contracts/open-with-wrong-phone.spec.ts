import { expect, test } from "@playwright/test";
import { loggedInSession, seoulDateInDays } from "../support/api";
import { baseUrl, logIn, specLenderPhones } from "../support/app";

const sentToPhone = "01044445678";
const otherPhone = "01066667777";

test("a borrower logged in with another phone is told the masked number the contract went to, and switches to it", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { api: lenderApi } = await loggedInSession(specLenderPhones.wrongPhone);
  const contract = await lenderApi.contract.add({
    name: "한씨 대출",
    borrowerPhone: sentToPhone,
    loanAmount: 1_000_000,
    disbursedAmount: 1_000_000,
    loanDate: seoulDateInDays(0),
    repaymentDate: seoulDateInDays(30),
    instalment: false,
    instalmentCount: 1,
    instalmentAmount: 1_010_000,
    interval: "monthly",
    overdueRatePercent: 15,
    lender: "박대여",
    merchantName: "박씨상회",
  });
  const { token } = await loggedInSession(otherPhone);
  await page.addInitScript((value) => {
    // Once: after logging out, the next page load must not bring this session back.
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    localStorage.setItem("token", JSON.stringify(value));
  }, token);

  const signLink = `${baseUrl()}/${contract.link}`;
  await page.goto(signLink);
  await expect(page.getByRole("heading", { name: "다른 번호로 보낸 계약서입니다" })).toBeVisible();
  // Masked: the number is the contract's, never shown in full to another account.
  await expect(page.getByTestId("sent-to-phone")).toHaveText("010-****-5678");
  await expect(page.getByText("010-4444-5678")).toHaveCount(0);
  await expect(page.getByText("지금은 010-6666-7777 번호로 로그인되어 있습니다.")).toBeVisible();
  const switchAccount = page.getByRole("button", {
    name: "로그아웃하고 010-****-5678 번호로 로그인",
  });
  await expect(switchAccount).toBeInViewport();

  // Log out, log in with the contract's phone, and land back on the contract.
  await switchAccount.click();
  await logIn(page, sentToPhone);
  await expect(page).toHaveURL(/#\/pages\/loans\/sign\?code=/);
  await expect(page.getByRole("heading", { name: "한씨 대출" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "다른 번호로 보낸 계약서입니다" })).toHaveCount(0);
});
