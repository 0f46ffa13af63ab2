#!/usr/bin/env node
/**
 * Gzip sizes from the build manifest: the loans page's initial JS and CSS (the entry,
 * the loans page chunk and everything they import statically, i.e. what the browser
 * must fetch before the page can render) and each route chunk with its own imports.
 * `--json` prints the figures as JSON (the size test uses it).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
export const LOANS_PAGE_SRC = 'src/features/loans/pages/loans-page.tsx';
/**
 * The JS budgets, each one number in one place: docs/budgets.md's table. The target (what a
 * mid-range phone on 4G parses before the first paint): `npm run size:web` exits 1 above
 * it. The growth ceiling while over it: the browser tests fail at or above it
 * (e2e/tests/chunks-and-size.test.ts), so the figure cannot grow meanwhile. Read from
 * the rows "Loans page initial JS (entry …" and "Loans page initial JS: growth ceiling …".
 */
export const BUDGETS_DOC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'budgets.md');

export function readJsBudgets(doc = BUDGETS_DOC) {
  const rows = readFileSync(doc, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| Loans page initial JS'));
  const kbIn = (row, pattern) => {
    const match = row === undefined ? null : pattern.exec(row.split('|')[2] ?? '');
    if (!match) throw new Error(`${doc}: no ${pattern} in the JS budget rows`);
    return Math.round(Number(match[1]) * 1024);
  };
  return {
    budget: kbIn(
      rows.find((row) => row.startsWith('| Loans page initial JS (')),
      /\*\*(\d+(?:\.\d+)?) KB\*\*/,
    ),
    ceiling: kbIn(
      rows.find((row) => row.startsWith('| Loans page initial JS: growth ceiling')),
      /\*\*under (\d+(?:\.\d+)?) KB\*\*/,
    ),
  };
}

export function readManifest(root = dist) {
  return JSON.parse(readFileSync(join(root, '.vite', 'manifest.json'), 'utf8'));
}

/** Keys of `start` and every chunk reachable from it through static imports. */
export function staticClosure(manifest, starts) {
  const seen = new Set();
  const stack = [...starts];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) stack.push(next);
  }
  return seen;
}

const gzipCache = new Map();
function gzipSize(root, file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(root, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

export function measure(manifest, keys, root = dist) {
  let js = 0;
  let css = 0;
  const files = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const sheet of chunk.css ?? []) files.add(sheet);
  }
  for (const file of files) {
    if (file.endsWith('.js')) js += gzipSize(root, file);
    else if (file.endsWith('.css')) css += gzipSize(root, file);
  }
  return { js, css, files: [...files].sort() };
}

/**
 * Manifest keys of the scripts index.html preloads (`<link rel="modulepreload">`): what the
 * browser fetches beside the entry for the first view and its first request (the request
 * layer, the loans home's endpoints and zod; apps/web/scripts/delivery-build.ts).
 */
export function preloadedKeys(manifest, root = dist) {
  // Not the other first views' scripts: named in an inert template, preloaded only where that view is shown.
  const html = readFileSync(join(root, 'index.html'), 'utf8').replace(/<template id="app-view-preloads">[\s\S]*?<\/template>/, '');
  const files = new Set([...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]));
  return Object.keys(manifest).filter((key) => files.has(manifest[key].file));
}

export function sizeReport(root = dist) {
  const manifest = readManifest(root);
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('no entry in the manifest');
  if (!manifest[LOANS_PAGE_SRC]) throw new Error(`${LOANS_PAGE_SRC} missing from the manifest`);
  const initialKeys = staticClosure(manifest, [entry, LOANS_PAGE_SRC]);
  const initial = measure(manifest, initialKeys, root);
  // The first view with its data: the initial JS and what index.html preloads for the
  // loans home's first request (not the budget's figure: reported beside it).
  const firstView = measure(manifest, staticClosure(manifest, [...initialKeys, ...preloadedKeys(manifest, root)]), root);
  const routes = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry && key.includes('/pages/'))
    .sort()
    .map((key) => {
      const own = [...staticClosure(manifest, [key])].filter((k) => !initialKeys.has(k));
      return { route: key, ...measure(manifest, own, root) };
    });
  const lazy = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry && !key.includes('/pages/'))
    .sort()
    .map((key) => {
      const own = [...staticClosure(manifest, [key])].filter((k) => !initialKeys.has(k));
      return { chunk: key, ...measure(manifest, own, root) };
    });
  const { budget, ceiling } = readJsBudgets();
  return { initial, firstView, routes, lazy, budget, ceiling };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // --dist=<folder>: another build than apps/web/dist (the browser tests' E2E_WEB_DIST).
  const distArgument = process.argv.find((argument) => argument.startsWith('--dist='));
  const report = sizeReport(distArgument ? distArgument.slice('--dist='.length) : dist);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    console.log('Loans page, initial (gzip):');
    console.log(`  JS  ${kb(report.initial.js)}  (budget ${kb(report.budget)})`);
    console.log(`  CSS ${kb(report.initial.css)}`);
    console.log(`With what index.html preloads for its first request (request layer, loans home endpoints, zod):`);
    console.log(`  JS  ${kb(report.firstView.js)}`);
    console.log('\nRoute chunks, beyond the initial load (gzip JS / CSS):');
    for (const r of report.routes) console.log(`  ${r.route.padEnd(56)} ${kb(r.js).padStart(9)} ${kb(r.css).padStart(9)}`);
    console.log('\nOther lazy chunks (gzip JS / CSS):');
    for (const r of report.lazy) console.log(`  ${r.chunk.padEnd(56)} ${kb(r.js).padStart(9)} ${kb(r.css).padStart(9)}`);
    if (report.initial.js > report.budget) {
      console.error(
        `\nInitial JS ${kb(report.initial.js)} is over the ${kb(report.budget)} budget by ${kb(report.initial.js - report.budget)}.`,
      );
      process.exitCode = 1;
    } else {
      console.log(`\nInitial JS within the ${kb(report.budget)} budget.`);
    }
  }
}
