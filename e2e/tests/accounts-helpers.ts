import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { CODE_PLACEHOLDER, GET_CODE, LOGIN_SUBMIT, MOBILE_PLACEHOLDER } from '@app/contract/messages/accounts.ts';
import { VERIFY_CODE_LENGTH, VERIFY_CODE_PATTERN } from '@app/contract/validators/verify-code.ts';
import { SCREENSHOT_DIR } from '../support/browser.ts';

/** The code inside an SMS text. */
const CODE_IN_TEXT = new RegExp(`\\d{${VERIFY_CODE_LENGTH}}`);

/** What the API's test hook keeps of each SMS (outside production only). */
interface OutboxMessage {
  to: string;
  text: string;
  sentAt: string;
}

/** The latest code texted to `mobile`, read from the API's outbox; waits for a new one. */
export async function latestCode(baseUrl: string, mobile: string, notBefore = 0): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await fetch(`${baseUrl}/__test__/sms-outbox?mobile=${mobile}`);
      const list = (await response.json()) as OutboxMessage[];
      const latest = list.find((m) => m.to === mobile && Date.parse(m.sentAt) >= notBefore);
      code = latest ? (CODE_IN_TEXT.exec(latest.text)?.[0] ?? '') : '';
      return code;
    })
    .toMatch(VERIFY_CODE_PATTERN);
  return code;
}

export async function outboxCount(baseUrl: string, mobile: string): Promise<number> {
  const response = await fetch(`${baseUrl}/__test__/sms-outbox?mobile=${mobile}`);
  return ((await response.json()) as OutboxMessage[]).length;
}

/** The consent checkbox of the login form. */
export function consentBox(page: Page) {
  return page.locator('.login-consent .adm-checkbox');
}

export function submitLogin(page: Page) {
  return page.getByRole('button', { name: LOGIN_SUBMIT, exact: true }).click();
}

/** On the login page: number, code from the outbox, consent, 登入 — as a person does it. */
export async function loginWithCode(page: Page, baseUrl: string, mobile: string): Promise<void> {
  await page.getByPlaceholder(MOBILE_PLACEHOLDER).fill(mobile);
  const sentAfter = Date.now() - 1000;
  await page.getByRole('button', { name: GET_CODE }).click();
  const code = await latestCode(baseUrl, mobile, sentAfter);
  await page.getByPlaceholder(CODE_PLACEHOLDER).fill(code);
  await consentBox(page).click();
  await submitLogin(page);
}

export async function waitForRoute(page: Page, route: string): Promise<void> {
  await page.waitForFunction((r) => window.location.hash.split('?')[0] === `#${r}`, route);
}

export async function storedJson(page: Page, key: string): Promise<unknown> {
  const raw = await page.evaluate((k) => window.localStorage.getItem(k), key);
  return raw === null ? null : (JSON.parse(raw) as unknown);
}

/** Saves a screenshot once the toasts and popups have settled. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page
    .locator('.adm-toast-mask')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `accounts-${name}.png`) });
}
