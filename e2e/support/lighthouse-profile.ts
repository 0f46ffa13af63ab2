/**
 * A Chromium profile holding a logged-in, fully onboarded borrower's session (localStorage
 * only: no HTTP cache, no service worker, no Cache Storage), for the Lighthouse runs of
 * the pages a visitor cannot open (applyFor, order). Made through the real paths, as the
 * browser tests make their borrowers: login with a texted code (the outbox of TEST_HOOKS),
 * steps 1-4 through the protocol, the selfie judged by the real models.
 */
import { chromium } from 'playwright-core';
import { CODE_PLACEHOLDER, GET_CODE, LOGIN_SUBMIT, MOBILE_PLACEHOLDER } from '@app/contract/messages/accounts.ts';
import { HOME_POPUP_CLOSE } from '@app/contract/messages/loan-home.ts';
import { VERIFY_CODE_PATTERN } from '@app/contract/validators/verify-code.ts';
import { onboardBorrower, randomMobile } from '../tests/borrower-helpers.ts';
import { waitForHydration } from './app.ts';

const CODE_IN_TEXT = /\d{6}/;

async function textedCode(baseUrl: string, mobile: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const list = (await (await fetch(`${baseUrl}/__test__/sms-outbox?mobile=${mobile}`)).json()) as Array<{ to: string; text: string }>;
    const code = CODE_IN_TEXT.exec(list.find((message) => message.to === mobile)?.text ?? '')?.[0] ?? '';
    if (VERIFY_CODE_PATTERN.test(code)) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no code was texted');
}

export async function prepareBorrowerProfile(baseUrl: string, profileDir: string, chromiumPath: string, flags: string[]): Promise<void> {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    args: flags.filter((flag) => !flag.startsWith('--headless')).concat('--headless'),
    viewport: { width: 390, height: 844 },
    locale: 'zh-TW',
    baseURL: baseUrl,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const mobile = randomMobile();
    await page.goto('/#/pages/login/index');
    // Typed once React owns the form: the script then never depends on the early-input replay
    // (one run found no code texted, 2026-11-29; not reproduced in 14 tries).
    await waitForHydration(page, `input[placeholder="${MOBILE_PLACEHOLDER}"]`);
    await page.getByPlaceholder(MOBILE_PLACEHOLDER).fill(mobile);
    await page.getByRole('button', { name: GET_CODE }).click();
    await page.getByPlaceholder(CODE_PLACEHOLDER).fill(await textedCode(baseUrl, mobile));
    await page.locator('.login-consent .adm-checkbox').click();
    await page.getByRole('button', { name: LOGIN_SUBMIT, exact: true }).click();
    // The day's popup, closed as a person would: Lighthouse then measures the page, not it.
    await page.getByRole('button', { name: HOME_POPUP_CLOSE }).click({ timeout: 30_000 });
    await onboardBorrower(page, baseUrl);
    // Only the session stays: a new user's cold start otherwise.
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
      for (const key of await caches.keys()) await caches.delete(key);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
  } finally {
    await context.close();
  }
}
