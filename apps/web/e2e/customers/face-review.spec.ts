import { verifyBorrower } from "@chayong/server/testing";
import { expect, type Page, test } from "@playwright/test";
import { loggedInSession, seoulDateInDays } from "../support/api";
import { baseUrl, specLenderPhones } from "../support/app";
import { specBorrowers } from "../support/people";

// docs/identity.md, "Three outcomes": a borrower whose card shows an older photo of him comes out
// 'review'; his lender looks at the photos in the app and approves; then he signs.

const { phone: borrowerPhone, face, cardFace, seed } = specBorrowers.faceReview;
const shots = process.env.CHAYONG_E2E_SHOTS;

/** Makes `token` the page's session and opens `path` (one page, two people in turn). */
async function openAs(page: Page, token: string, path: string) {
  await page.goto(`${baseUrl()}/#/pages/login/index`);
  await page.evaluate((value) => localStorage.setItem("token", JSON.stringify(value)), token);
  // Through a blank page: a new hash alone would keep the app (and the person) that was running.
  await page.goto("about:blank");
  await page.goto(`${baseUrl()}/#${path}`);
}

test("a borrower sent to review is approved by his lender in the app, then signs", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const lender = await loggedInSession(specLenderPhones.faceReview);
  const contract = await lender.api.contract.add({
    name: "한씨 대출",
    borrowerPhone,
    loanAmount: 800_000,
    disbursedAmount: 800_000,
    loanDate: seoulDateInDays(0),
    repaymentDate: seoulDateInDays(30),
    instalment: false,
    instalmentCount: 1,
    instalmentAmount: 808_000,
    interval: "monthly",
    overdueRatePercent: 15,
    lender: "한대여",
    merchantName: "한씨상회",
  });
  // The borrower opens the link and verifies (the camera flow has its own spec): his card's
  // portrait is a photo of him from other years, which the engine can neither match nor refuse.
  const borrower = await loggedInSession(borrowerPhone);
  await borrower.api.contract.open({ code: contract.code });
  await verifyBorrower(
    { api: borrower.api },
    // The newer photo live and in his hand, the older on the card.
    { face, cardFace, holderFace: face, seed },
  );

  // He is told to wait; there is nothing to sign yet.
  await openAs(page, borrower.token, `/pages/loans/sign?code=${contract.code}`);
  await expect(page.getByText(/대여인이 검토하고 있습니다/)).toBeVisible();
  await expect(page.getByRole("button", { name: "눌러서 서명하기" })).toHaveCount(0);
  await expect(page.getByTestId("sign-bar")).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/review-borrower-waits.png`, fullPage: true });

  // The lender: the contract says a look is needed, the customer page shows the photos.
  await openAs(page, lender.token, `/pages/order/common?id=${contract.id}`);
  await expect(page.getByText("대여인 검토 중")).toBeVisible();
  await page.getByRole("button", { name: "얼굴 확인 검토하기" }).click();
  await expect(page).toHaveURL(/#\/pages\/order\/customer\?id=/);
  const panel = page.getByRole("region", { name: "얼굴 확인 검토 필요" });
  for (const name of ["얼굴 사진", "신분증 앞면", "신분증을 들고 찍은 사진"]) {
    await expect(panel.getByRole("img", { name })).toBeVisible();
  }
  await expect(
    panel.getByText(/^유사도 \d+% \(자동 일치 75% 이상, 자동 불일치 50% 미만\)$/),
  ).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/review-lender-panel.png`, fullPage: true });
  await panel.getByRole("button", { name: "같은 사람으로 승인" }).click();
  await page
    .getByRole("alertdialog", { name: "같은 사람으로 승인" })
    .getByRole("button", { name: "같은 사람으로 승인" })
    .click();
  await expect(panel.getByRole("status")).toHaveText("같은 사람으로 승인했습니다");
  await expect(panel.getByRole("button", { name: "같은 사람으로 승인" })).toHaveCount(0);

  // The borrower may sign now.
  await openAs(page, borrower.token, `/pages/loans/sign?code=${contract.code}`);
  await expect(page.getByRole("button", { name: "눌러서 서명하기" })).toBeVisible();
  await expect(page.getByText(/대여인이 검토하고 있습니다/)).toHaveCount(0);
  const detail = await borrower.api.contract.detail({ id: contract.id });
  expect(detail.parties.borrower.faceReview).toBe("approved");
});
