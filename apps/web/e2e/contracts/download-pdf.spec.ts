import { readFile } from "node:fs/promises";
import { verifyBorrower } from "@chayong/server/testing";
import { expect, type Page, test } from "@playwright/test";
import { loggedInSession, signedContract } from "../support/api";
import { baseUrl, specLenderPhones } from "../support/app";

const borrowerPhone = "01023450987";

async function withToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!localStorage.getItem("token")) localStorage.setItem("token", JSON.stringify(value));
  }, token);
}

/** Clicks the PDF download and answers the file's name and its first bytes. */
async function downloadPdf(page: Page) {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "서명된 계약서(PDF) 내려받기" }).click();
  const download = await downloading;
  const bytes = await readFile(await download.path());
  return { fileName: download.suggestedFilename(), bytes };
}

test("the lender and the borrower download the sealed contract, and anyone can check it", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const lender = await loggedInSession(specLenderPhones.pdf);
  const borrower = await loggedInSession(borrowerPhone);
  await verifyBorrower({ api: borrower.api });
  const signed = await signedContract(lender.api, borrower.api, borrowerPhone, {
    name: "PDF 받을 대출",
  });
  const contract = await lender.api.contract.detail({ id: signed.id });
  const fileName = `chayong-contract-${contract.number}.pdf`;

  const lenderPage = await (await browser.newContext()).newPage();
  await withToken(lenderPage, lender.token);
  await lenderPage.goto(`${baseUrl()}/#/pages/order/common?id=${contract.id}`);
  const fromLender = await downloadPdf(lenderPage);
  expect(fromLender.fileName).toBe(fileName);
  expect(fromLender.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await expect(lenderPage.getByText(`${fileName} 파일을 내려받았습니다`)).toBeVisible();

  const borrowerPage = await (await browser.newContext()).newPage();
  await withToken(borrowerPage, borrower.token);
  await borrowerPage.goto(`${baseUrl()}/#/pages/loans/signDetail?id=${contract.id}`);
  // Sealed once: the borrower sees its hash, and both get the same bytes.
  await expect(
    borrowerPage.getByText(`서명 때 봉인됨: SHA-256 ${contract.seal?.pdfSha256}`),
  ).toBeVisible();
  const fromBorrower = await downloadPdf(borrowerPage);
  expect(fromBorrower.fileName).toBe(fileName);
  expect(fromBorrower.bytes.equals(fromLender.bytes)).toBe(true);

  // Someone without an account, handed the file, checks it: the original, then an edited copy.
  const clerk = await (await browser.newContext()).newPage();
  await clerk.goto(`${baseUrl()}/#/pages/verify`);
  const input = clerk.getByLabel("PDF 선택");
  await input.setInputFiles({
    name: fileName,
    mimeType: "application/pdf",
    buffer: fromBorrower.bytes,
  });
  await expect(clerk.getByRole("heading", { name: "봉인된 원본 그대로입니다" })).toBeVisible();
  await expect(clerk.getByText(contract.number, { exact: true })).toBeVisible();
  const edited = Buffer.from(fromBorrower.bytes);
  edited[300] = (edited[300] ?? 0) ^ 1;
  await input.setInputFiles({ name: "edited.pdf", mimeType: "application/pdf", buffer: edited });
  await expect(clerk.getByRole("heading", { name: "봉인된 원본이 아닙니다" })).toBeVisible();
});
