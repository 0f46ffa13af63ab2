// What a browser test's page costs in CPU (decision 0185): the machine's CPU time (/proc/stat)
// over a page's load and 3 s, for a fresh context against a page reset and reused, in
// Debian's Chromium with the browser tests' flags. Linux only; run on a quiet machine.
//
//   START_SKIP_WEB_BUILD=1 PORT=3999 npm start &      (the built app)
//   node --import tsx scripts/bench-browser-page-cost.mjs http://127.0.0.1:3999   (tsx: it shares e2e/support/chromium.ts)
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/chromium.ts';

const base = process.argv[2] ?? 'http://127.0.0.1:3999';
const ROUNDS = 4;
const CONTEXT = { viewport: { width: 390, height: 844 }, locale: 'zh-TW' };

/** CPU seconds the whole machine has used (user, nice, system, irq, softirq). */
function machineCpu() {
  const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq) / 100;
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(label, step) {
  const figures = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await pause(1500);
    const before = machineCpu();
    await step();
    figures.push(machineCpu() - before);
  }
  console.log(`${label}: ${figures.map((cpu) => cpu.toFixed(2)).join(' / ')} s`);
}

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
const loadInFreshContext = (url) => async () => {
  const context = await browser.newContext(CONTEXT);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForTimeout(3000);
  await context.close();
};
await measure('a new context, the login page', loadInFreshContext(`${base}/#/pages/login`));
await measure('a new context, a one-line page', loadInFreshContext('data:text/html,<p>hello</p>'));

const kept = await browser.newContext(CONTEXT);
const page = await kept.newPage();
await page.goto(`${base}/#/pages/login`);
const cdp = await kept.newCDPSession(page);
await measure('the same page reset (storage and cache cleared, about:blank), the login page', async () => {
  await page.goto('about:blank');
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'all' });
  await cdp.send('Network.clearBrowserCache');
  await page.goto(`${base}/#/pages/login`);
  await page.waitForTimeout(3000);
});
await browser.close();

await measure('Chromium launched and closed', async () => {
  const launched = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
  await launched.close();
});
