import { verifyBorrower } from "@chayong/server/testing";
import { expect, type Page, test } from "@playwright/test";
import { loggedInSession, seoulDateInDays, workerSession } from "../support/api";
import { baseUrl, specLenderPhones } from "../support/app";

// A lender may record an old loan whose repayment date has passed; the borrower signs it only
// after a warning that names what he owes at once, and a tick that he understood
// (docs/contracts.md, "Signing into an overdue debt"). On the smallest phone, in both languages.
test.use({ viewport: { width: 360, height: 640 } });

const languages = [
  {
    index: "0",
    borrowerPhone: "01055550061",
    warning: "이미 연체된 계약입니다",
    owed: "오늘 서명하면 즉시 갚아야 할 금액",
    acknowledge: /서명 즉시 .* 갚아야 한다는 것을 확인했습니다/,
    needTick: "연체 상태를 확인했다는 항목에 체크해 주세요",
    readConfirm: /읽고 확인했습니다/,
    tapToSign: "눌러서 서명하기",
    save: "저장",
    confirm: "서명 완료",
    question: "이 계약서에 서명할까요?",
    sign: "서명하기",
  },
  {
    index: "1",
    borrowerPhone: "01055550062",
    warning: "此合約已經逾期",
    owed: "今天簽署後立即應還",
    acknowledge: /我了解此合約已經逾期/,
    needTick: "請勾選確認您已了解合約已逾期",
    readConfirm: /我已閱讀本合約/,
    tapToSign: "點此簽名",
    save: "儲存",
    confirm: "確認簽署",
    question: "確定簽署此合約？",
    sign: "確認簽署",
  },
] as const;

async function drawSignature(page: Page) {
  const pad = page.locator("canvas").first();
  const box = await pad.boundingBox();
  if (!box) throw new Error("the signature canvas has no box");
  await page.mouse.move(box.x + 40, box.y + 60);
  await page.mouse.down();
  for (let step = 1; step <= 20; step += 1) {
    await page.mouse.move(box.x + 40 + step * 10, box.y + 60 + Math.sin(step / 2) * 30);
  }
  await page.mouse.up();
}

for (const language of languages) {
  test(`a borrower signs a contract already overdue only after the warning and its tick (${language.index === "0" ? "ko-KR" : "zh-TW"})`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const { api: lender } = await workerSession(specLenderPhones.overdueSigning);
    const borrower = await loggedInSession(language.borrowerPhone);
    await verifyBorrower({ api: borrower.api });
    // Lent 40 days ago, due 10 days ago: 10 days of late interest at 15 % on 1,010,000.
    const contract = await lender.contract.add({
      name: "연체 대출",
      borrowerPhone: language.borrowerPhone,
      loanAmount: 1_000_000,
      disbursedAmount: 1_000_000,
      loanDate: seoulDateInDays(-40),
      repaymentDate: seoulDateInDays(-10),
      instalment: false,
      instalmentCount: 1,
      instalmentAmount: 1_010_000,
      interval: "monthly",
      overdueRatePercent: 15,
      lender: "박대여",
      merchantName: "박씨상회",
    });
    await page.addInitScript(
      ([token, index]) => {
        if (!localStorage.getItem("token")) localStorage.setItem("token", JSON.stringify(token));
        if (localStorage.getItem("languageIndex") === null) {
          localStorage.setItem("languageIndex", index as string);
        }
      },
      [borrower.token, language.index],
    );
    await page.goto(`${baseUrl()}/${contract.link}`);

    // The warning comes first, in view without scrolling, with what he owes at once.
    const warning = page.getByRole("alert", { name: language.warning });
    await expect(warning).toBeInViewport();
    await expect(warning.getByText(language.owed)).toBeVisible();
    await expect(warning.getByText(/1,014,150/)).toBeVisible();
    await page.screenshot({
      path: `test-results/sign-overdue-${language.index}-warning.png`,
      fullPage: false,
    });

    // Draw, come back; the read tick alone leaves 'confirm' shut until the overdue tick.
    await page.getByRole("button", { name: language.tapToSign }).click();
    await drawSignature(page);
    await page.getByRole("button", { name: language.save }).click();
    const confirm = page.getByTestId("sign-bar").getByRole("button", { name: language.confirm });
    await page.getByRole("checkbox", { name: language.readConfirm }).check();
    await expect(page.getByText(language.needTick)).toBeVisible();
    await expect(confirm).toBeDisabled();
    const acknowledge = page.getByRole("checkbox", { name: language.acknowledge });
    await acknowledge.scrollIntoViewIfNeeded();
    await acknowledge.check();
    await expect(confirm).toBeEnabled();
    await page.screenshot({ path: `test-results/sign-overdue-${language.index}-ticked.png` });
    await confirm.click();
    const question = page.getByRole("alertdialog", { name: language.question });
    await expect(question.getByText(language.owed)).toBeVisible();
    await question.getByRole("button", { name: language.sign }).click();
    // Signed, the contract is overdue at once, as he was told.
    await expect
      .poll(async () => (await lender.contract.detail({ id: contract.id })).status)
      .toBe("type4");
  });
}
