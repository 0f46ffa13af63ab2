/**
 * Build steps for delivery, run by Vite after it has written the bundle (vite.config.ts):
 *
 * 1. The service worker: public/sw.js (copied to dist/ by Vite) gets the build's version
 *    and the list of files to precache in place of its placeholders.
 * 2. The early start (decision 0194), built before as a file of its own, copied into the assets.
 * 3. Precompression: every text file of 1 KB or more gets a .br (brotli, quality 11)
 *    and a .gz (gzip, level 9) beside it, which the server sends by Accept-Encoding
 *    (@fastify/static preCompressed), so no asset is compressed per request.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { EARLY_START_ATTRIBUTE, VIEW_ATTRIBUTE, VIEW_PRELOADS_TEMPLATE_ID } from '../src/app/first-view.ts';

const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
export const PRECOMPRESS_MIN_BYTES = 1024;
const SERVICE_WORKER = 'sw.js';
/** Vite's folder of hashed files (build.assetsDir): a name there never changes content. */
const ASSETS_DIR = 'assets';
/** Served by the API server, not files of the build: the page and its runtime config. */
const SHELL_URLS = ['/', '/runtime-config.js'];

/** Every file under root, as URL paths ('/assets/x.js'), skipping dot folders (.vite). */
export function listFiles(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(root, full));
    else out.push(`/${path.relative(root, full).split(path.sep).join('/')}`);
  }
  return out.sort();
}

/**
 * What the service worker precaches (decision 0183): the shell, the files index.html names
 * (the start modules, both first views' code and styles), the manifest and the icons. Every
 * other built file is kept when it is first fetched (sw.js) or named by the page that loaded
 * it before a worker controlled it (`CACHE_URLS`), not downloaded ahead on a first visit.
 */
export function precacheList(root: string): string[] {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const named = new Set([...html.matchAll(/(?:href|src)="(\/[^"?#]+)"/g)].map((match) => match[1]));
  const files = listFiles(root).filter(
    (url) =>
      url !== `/${SERVICE_WORKER}` &&
      url !== '/index.html' &&
      !/\.(br|gz|map)$/.test(url) &&
      (!url.startsWith(`/${ASSETS_DIR}/`) || named.has(url)),
  );
  return [...SHELL_URLS, ...files];
}

/** The version: a hash of every built file's content (not only the precached ones), so any change installs a new worker. */
export function buildVersion(root: string): string {
  const hash = createHash('sha256');
  for (const url of listFiles(root)) {
    if (url === `/${SERVICE_WORKER}` || /\.(br|gz)$/.test(url)) continue;
    hash.update(url);
    hash.update(readFileSync(path.join(root, url)));
  }
  return hash.digest('hex').slice(0, 16);
}

export function writeServiceWorker(root: string): { version: string; count: number; files: string[] } {
  const file = path.join(root, SERVICE_WORKER);
  const list = precacheList(root);
  const version = buildVersion(root);
  const source = readFileSync(file, 'utf8');
  if (!source.includes('__SW_PRECACHE__')) throw new Error(`${file}: no __SW_PRECACHE__ placeholder`);
  // The list goes inside a single-quoted JSON.parse string: URLs hold no quote or backslash.
  if (list.some((url) => /['\\]/.test(url))) throw new Error('a built file name holds a quote or backslash');
  writeFileSync(file, source.replace('__SW_VERSION__', version).replace('__SW_PRECACHE__', JSON.stringify(list)));
  return { version, count: list.length, files: list.filter((url) => !SHELL_URLS.includes(url)) };
}

export function precompress(root: string): number {
  let files = 0;
  for (const url of listFiles(root)) {
    if (!TEXT_FILE.test(url)) continue;
    const full = path.join(root, url);
    if (statSync(full).size < PRECOMPRESS_MIN_BYTES) continue;
    const raw = readFileSync(full);
    writeFileSync(
      `${full}.br`,
      brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    );
    writeFileSync(`${full}.gz`, gzipSync(raw, { level: 9 }));
    files += 1;
  }
  return files;
}

/**
 * Modules every page needs right after the entry has run: the request layer and the loans
 * home's group of the endpoint table (the home's first request, and loan/check, which
 * applyFor asks too; the whole table is for the pages that need it, decision 0159).
 * Preloaded from index.html, they arrive beside the entry instead of two or three round
 * trips after it.
 */
export const START_MODULES = ['src/shared/api/request-core.ts', '../../packages/contract/src/endpoints/loan-home.ts'];

/**
 * The pages the server renders into index.html (decision 0166), by first view
 * (app/first-view.ts): their styles are linked, so the server's markup is drawn as the app
 * draws it; their code is named in an inert template (decision 0179), preloaded only where
 * that view is on screen — a session's page (the boot shell) does not fetch the landing's.
 */
export const FIRST_VIEW_MODULES: Record<string, string> = {
  loans: 'src/features/loans/pages/loans-page.tsx',
  login: 'src/features/auth/pages/login-page.tsx',
};

/** The files of the start modules' chunks and of everything they import statically, scripts and styles. */
export function startChunkFiles(
  context: IndexHtmlTransformContext,
  root: string,
): { scripts: string[]; styles: string[]; viewScripts: Record<string, string[]> } {
  const chunks = Object.values(context.bundle ?? {}).filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // The entry and its static imports: Vite links those itself.
  const preloadedByEntry = new Set<string>();
  const entryStack = context.chunk ? [context.chunk.fileName] : [];
  while (entryStack.length > 0) {
    const file = entryStack.pop()!;
    if (preloadedByEntry.has(file)) continue;
    preloadedByEntry.add(file);
    entryStack.push(...(byFile.get(file)?.imports ?? []));
  }
  const relative = (id: string) => path.relative(root, id).split(path.sep).join('/');
  const styles = new Set<string>();
  /** The chunks holding a module `picked` chooses and all they import statically, but the entry's; their styles into `styles`. */
  const closure = (picked: (module: string) => boolean): Set<string> => {
    const files = new Set<string>();
    // A module may be a chunk's facade, or sit in a shared chunk of its own (the endpoint table).
    const stack = chunks.filter((chunk) => chunk.moduleIds.some((id) => picked(relative(id)))).map((chunk) => chunk.fileName);
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (files.has(file) || preloadedByEntry.has(file)) continue;
      files.add(file);
      const chunk = byFile.get(file);
      for (const css of chunk?.viteMetadata?.importedCss ?? []) styles.add(css);
      stack.push(...(chunk?.imports ?? []));
    }
    return files;
  };
  const wanted = closure((module) => START_MODULES.includes(module));
  // The first views' styles (and their static imports'), linked; their scripts, named per
  // view in an inert template (decision 0179) for the start script.
  const viewScripts: Record<string, string[]> = {};
  for (const [view, viewModule] of Object.entries(FIRST_VIEW_MODULES)) {
    viewScripts[view] = [...closure((module) => module === viewModule)].filter((file) => !wanted.has(file)).sort();
  }
  return { scripts: [...wanted].sort(), styles: [...styles].sort(), viewScripts };
}

/**
 * The early start (src/early-start.ts, decision 0194): built before the app as one file of its
 * own (vite.early-start.config.ts) into this folder; the app's build names it in index.html and
 * copies it into its assets.
 */
export const EARLY_START_DIST = 'dist-early';
const EARLY_START_SOURCE = 'src/early-start.ts';

/** The early start's built file ('assets/early-start-….js'), from its build's manifest. */
export function earlyStartFile(root: string): string {
  const manifest = path.join(root, EARLY_START_DIST, '.vite', 'manifest.json');
  if (!existsSync(manifest)) {
    throw new Error(`${manifest} is missing: build the web app with \`npm run build -w apps/web\` (it builds the early start first)`);
  }
  const file = (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { file?: string }>)[EARLY_START_SOURCE]?.file;
  if (typeof file !== 'string' || !file.startsWith(`${ASSETS_DIR}/`)) throw new Error(`${manifest}: no ${EARLY_START_SOURCE}`);
  return file;
}

/** Copies the early start's built files into the app's assets (their names are hashed: nothing is overwritten). */
export function copyEarlyStart(root: string, outDir: string): void {
  const from = path.join(root, EARLY_START_DIST, ASSETS_DIR);
  for (const name of readdirSync(from)) copyFileSync(path.join(from, name), path.join(outDir, ASSETS_DIR, name));
}

/** The stylesheets Vite links for the entry itself in index.html, in their order. */
const ENTRY_STYLESHEET = /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>\n?/g;

/**
 * The first views' styles as one inline `<style>` (decision 0171): the entry's stylesheets
 * and the loans and login pages' (startChunkFiles), in the order they were linked, so the
 * server's markup paints with the HTML and no stylesheet blocks it. Each file is also named
 * by a `<link rel="stylesheet" disabled>`, which the browser does not fetch but Vite's
 * loader counts as present: a page chunk that imports one of them (the login page, the
 * lender footer) does not fetch it again, and the cascade keeps the order of today's links.
 */
export function inlineFirstViewStyles(
  html: string,
  styles: readonly string[],
  cssOf: (file: string) => string,
): { html: string; css: string; files: string[] } {
  const entry = [...html.matchAll(ENTRY_STYLESHEET)].map((match) => match[1]!);
  const files = [...entry, ...styles.filter((file) => !entry.includes(file))];
  const css = files.map((file) => cssOf(file).trim()).join('\n');
  // Nothing in a stylesheet may end the style element early.
  if (/<\/style/i.test(css)) throw new Error('a first-view stylesheet holds "</style": it cannot be inlined');
  return { html: html.replace(ENTRY_STYLESHEET, ''), css, files };
}

/** An emitted CSS asset's text. */
function cssSource(context: IndexHtmlTransformContext, file: string): string {
  const asset = context.bundle?.[file];
  if (!asset || asset.type !== 'asset') throw new Error(`${file}: not a CSS asset of the bundle`);
  return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
}

/** The Vite plugin: the first views' styles inline and start-page preloads in index.html; after the bundle is written, the service worker, then precompression. */
export function deliveryBuild(): Plugin {
  let outDir = 'dist';
  let root = '.';
  return {
    name: 'delivery-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const { scripts, styles, viewScripts } = startChunkFiles(context, root);
        const earlyStart = earlyStartFile(root);
        const inlined = inlineFirstViewStyles(html, styles, (file) => cssSource(context, file));
        return {
          html: inlined.html,
          tags: [
            { tag: 'style', attrs: { 'data-first-view-styles': true }, children: inlined.css, injectTo: 'head' as const },
            // Named, not fetched: Vite's loader finds them in place when a chunk imports them.
            ...inlined.files.map((file) => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', href: `/${file}`, disabled: true },
              injectTo: 'head' as const,
            })),
            ...scripts.map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
            {
              tag: 'template',
              attrs: { id: VIEW_PRELOADS_TEMPLATE_ID },
              children: [
                ...Object.entries(viewScripts).flatMap(([view, files]) =>
                  files.map((file) => ({
                    tag: 'link',
                    attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, [VIEW_ATTRIBUTE]: view },
                  })),
                ),
                { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${earlyStart}`, [EARLY_START_ATTRIBUTE]: true } },
              ],
              injectTo: 'head' as const,
            },
          ],
        };
      },
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        // Called after a failed build too: its error is the one to see.
        if (!existsSync(path.join(outDir, 'index.html'))) return;
        copyEarlyStart(root, outDir);
        const sw = writeServiceWorker(outDir);
        const compressed = precompress(outDir);
        // What a first visit downloads ahead (decision 0183): each file as it is sent, brotli where it has one.
        const bytes = sw.files.reduce((sum, url) => {
          const file = path.join(outDir, url);
          return sum + statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
        }, 0);
        console.log(
          `service worker ${sw.version}: ${sw.count} URLs precached (${(bytes / 1024).toFixed(1)} KB as sent); ${compressed} files precompressed (br, gz)`,
        );
      },
    },
  };
}
