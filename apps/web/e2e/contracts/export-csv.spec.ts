import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { loggedInSession, seoulDateInDays } from "../support/api";
import { baseUrl, specLenderPhones } from "../support/app";

test("a lender downloads the contracts of the list's filter as a CSV file a spreadsheet reads as UTF-8", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const { token, api } = await loggedInSession(specLenderPhones.exportCsv);
  const contract = await api.contract.add({
    name: "=SUM(1,2) 내보내기",
    borrowerPhone: "01055554321",
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

  await page.goto(`${baseUrl()}/#/pages/order/index?status=type1&type=single`);
  await expect(page.getByRole("button", { name: /=SUM\(1,2\) 내보내기/ })).toBeVisible();
  await page.getByRole("button", { name: "CSV 내보내기" }).click();
  const sheet = page.getByRole("dialog", { name: "CSV 파일로 내보내기" });
  await expect(sheet.getByText("상태: 서명 대기")).toBeVisible();
  await expect(sheet.getByText("계약 유형: 일시 상환")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await sheet.getByRole("button", { name: "계약 목록 내려받기" }).click();
  const download = await downloading;
  const fileName = `chayong-contracts-${seoulDateInDays(0)}.csv`;
  expect(download.suggestedFilename()).toBe(fileName);
  await expect(sheet.getByText(`${fileName} 파일을 내려받았습니다`)).toBeVisible();

  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString("utf8");
  expect(text.startsWith("계약 ID,계약명,상태,상환 방식,차용인 휴대폰 번호,통화,")).toBe(true);
  // The formula is kept as text, its comma quoted; the status is the label the list shows.
  expect(text).toContain(`\r\n${contract.id},"'=SUM(1,2) 내보내기",서명 대기,일시 상환,`);
});
