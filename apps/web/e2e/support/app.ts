import { expect, type Page } from "@playwright/test";

/** The server the suite started (see global-setup.ts). */
export function baseUrl(): string {
  const url = process.env.CHAYONG_E2E_BASE_URL;
  if (!url) throw new Error("CHAYONG_E2E_BASE_URL is not set: run through playwright.config.ts");
  return url;
}

/** The embedded default's demo lender (apps/server config DEFAULT_DEMO_LENDER). */
export const demoLenderPhone = "01000000000";

/** A second lender the operator adds in global setup: specs that must not share the demo
 * lender's SMS cooldown log in with it. */
export const secondLenderPhone = "01077770000";

/** The lender of the identity verification spec (logged in through the SDK, its own cooldown). */
export const identityLenderPhone = "01088880000";

/** The lender of the dashboard spec: a book no other spec writes to, so its figures are known. */
export const statisticsLenderPhone = "01099990000";

/**
 * A lender of its own for each spec that logs one in through the SDK: a phone gets at most 5
 * codes an hour and one a minute (apps/server/src/auth/login.ts), so specs sharing the demo lender would wait on
 * each other's cooldown and then run out of codes.
 */
export const specLenderPhones = {
  customers: "01077771111",
  sharedDebt: "01077772222",
  serviceButton: "01077773333",
  home: "01077774444",
  font: "01077775555",
  exportCsv: "01077776666",
  wrongPhone: "01077778888",
  pdf: "01077779999",
  sessionRecheck: "01077770022",
  faceReview: "01077770044",
  lockedIdCard: "01077770033",
  overdueSigning: "01077770055",
} as const;

/** The last SMS code the test provider "sent" to a phone (server test mode). */
export async function lastSmsCode(phone: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/__test/sms?phone=${encodeURIComponent(phone)}`);
  expect(response.ok, `GET /__test/sms for ${phone}`).toBe(true);
  const { code } = (await response.json()) as { code: string };
  return code;
}

/** Logs in through the login page, as a person would (Korean UI). */
export async function logIn(page: Page, phone: string): Promise<void> {
  await expect(page).toHaveURL(/#\/pages\/login\/index/);
  await page.getByLabel("휴대폰 번호").fill(phone);
  await page.getByRole("button", { name: "인증번호 받기" }).click();
  // 'sent', with the visible countdown to 'resend'.
  await expect(page.getByRole("button", { name: "발송됨" })).toBeDisabled();
  await expect(page.getByText(/\d+초 후 다시 받기/)).toBeVisible();
  await page.getByLabel("인증번호").fill(await lastSmsCode(phone));
  await page.getByRole("button", { name: "로그인", exact: true }).click();
  await expect(page).not.toHaveURL(/#\/pages\/login\/index/);
}

/** Every local storage key of the page, sorted. */
export function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).sort());
}
