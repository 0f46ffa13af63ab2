/**
 * Debian's Chromium, never a downloaded one, and the switches every launch of it here uses:
 * the browser tests (browser.ts), Lighthouse (scripts/lighthouse.mjs) and the page-cost
 * bench (scripts/bench-browser-page-cost.mjs). No imports: the scripts load it under tsx
 * without the test harness.
 */
export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
