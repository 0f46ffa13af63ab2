import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from 'fastify';
import { RUNTIME_CONFIG_GLOBAL, type TRuntimeConfig } from '@app/contract/runtime-config.ts';
import type { TLender } from '@app/contract/schemas/config.ts';
import type { TLoanIndexResponse } from '@app/contract/schemas/loan-home.ts';
import { escapeHtml } from './envelope-codec.ts';

export interface WebAppOptions {
  webDist: string;
  runtime: TRuntimeConfig;
  /** The API origins the app may move to (changeDomainName's list): the page's policy lets it connect to them. */
  apiOrigins?: () => Promise<readonly string[]>;
  /**
   * The public data the first views are rendered from (the loans home as a visitor gets it,
   * the lender); without it index.html is served as built.
   */
  firstViewData?: () => Promise<{ home: TLoanIndexResponse; lender: TLender }>;
  /** The web app's server build (`vite build --ssr`); default apps/web/dist-ssr beside webDist. */
  firstViewRenderer?: string;
  /**
   * Tests only: true while a fault is set on the home's endpoint — the page is then served as
   * built, as when its data cannot be read, so the app asks for the home itself and meets the fault.
   */
  firstViewDataFailing?: () => boolean;
}

/** The web app's server build, where the API server finds it by default. */
export function defaultFirstViewRenderer(webDist: string): string {
  return path.join(path.dirname(webDist), 'dist-ssr', 'first-view-server.js');
}

/** What the web app's server build exports (apps/web/src/first-view-server.tsx). */
export interface FirstViewRenderer {
  renderFirstViews(
    runtime: TRuntimeConfig,
    data: { home: TLoanIndexResponse; lender: TLender; readAt: number },
  ): Promise<{ loans: string; login: string }>;
  CHOOSE_VIEW_SCRIPT: string;
  /** Keeps taps and typing in the server's view until it is hydrated (decision 0171); absent in an older build. */
  EARLY_INPUT_SCRIPT?: string;
  PLACE_VIEW_SCRIPT: string;
  /** Starts the app after the first paint (decision 0179), from the template of that id; absent in an older build. */
  START_APP_SCRIPT?: string;
  APP_START_TEMPLATE_ID?: string;
  APP_ENTRY_ATTRIBUTE?: string;
  /** The built page's template of the other first views' scripts; absent in an older build. */
  VIEW_PRELOADS_TEMPLATE_ID?: string;
  FIRST_VIEW_STYLE: string;
  FIRST_VIEW_DATA_ID: string;
  FIRST_VIEW_TEMPLATE_PREFIX: string;
}

/**
 * A rendered index.html is reused this long (decision 0166): operators' edits of products,
 * banners and notices show within it, as the config's own caches (5 s rows + 2 s answers)
 * already allow, and a burst of ad clicks renders once.
 */
export const FIRST_VIEW_CACHE_MS = 5_000;

/** The boot shell in the built index.html: what #root holds until the server puts a view there. */
const BOOT_SHELL = /<div id="root"><!--boot-shell-->([\s\S]*?)<!--\/boot-shell--><\/div>/;

/** A CSP source allowing exactly this inline script. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

function isRenderer(value: unknown): value is FirstViewRenderer {
  if (typeof value !== 'object' || value === null) return false;
  const module = value as Record<string, unknown>;
  return (
    typeof module.renderFirstViews === 'function' &&
    (module.EARLY_INPUT_SCRIPT === undefined || typeof module.EARLY_INPUT_SCRIPT === 'string') &&
    (module.VIEW_PRELOADS_TEMPLATE_ID === undefined || typeof module.VIEW_PRELOADS_TEMPLATE_ID === 'string') &&
    (['START_APP_SCRIPT', 'APP_START_TEMPLATE_ID', 'APP_ENTRY_ATTRIBUTE'].every((name) => module[name] === undefined) ||
      ['START_APP_SCRIPT', 'APP_START_TEMPLATE_ID', 'APP_ENTRY_ATTRIBUTE'].every((name) => typeof module[name] === 'string')) &&
    ['CHOOSE_VIEW_SCRIPT', 'PLACE_VIEW_SCRIPT', 'FIRST_VIEW_STYLE', 'FIRST_VIEW_DATA_ID', 'FIRST_VIEW_TEMPLATE_PREFIX'].every(
      (name) => typeof module[name] === 'string',
    )
  );
}

/** The server build, or null (logged once) when it is missing or not what it should be: the page is served as built. */
export async function loadFirstViewRenderer(file: string, log: FastifyBaseLogger): Promise<FirstViewRenderer | null> {
  if (!existsSync(file)) {
    log.warn({ file }, 'web first views: server build missing (npm run build -w apps/web), index.html is served without them');
    return null;
  }
  try {
    const module: unknown = await import(pathToFileURL(file).href);
    if (isRenderer(module)) return module;
    log.warn({ file }, 'web first views: the server build exports no renderer, index.html is served without them');
  } catch (error) {
    log.warn({ file, reason: error instanceof Error ? error.message : 'unknown' }, 'web first views: server build failed to load');
  }
  return null;
}

/**
 * The last element of the first views' body: the head's `<link rel="expect" blocking="render">`
 * holds the first paint until the parser has reached it. Without it a slow phone paints the
 * half-parsed page — a tab bar of two items, then three, then four, each moving the others
 * (CLS 0.001-0.012 at 4-12x CPU slowdown, 2026-11-28) — where the finished view would not
 * shift at all. Browsers without the attribute paint as before.
 */
export const FIRST_VIEW_END_ID = 'first-view-end';

/** The built page's entry, as Vite writes it. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** The entry's static imports Vite names for preloading (and the delivery build's start chunks). */
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="[^"]+">/g;

/**
 * The page's code, fetched and run after the first paint (decision 0179): the module preloads
 * and the entry (as a preload with the entry attribute) go into an inert template, in the
 * entry's place, for the start script to put in the document once the view is painted.
 * Unchanged when the page has no entry as Vite writes it.
 */
export function startAppAfterFirstPaint(
  page: string,
  ids: { templateId: string; entryAttribute: string; viewPreloadsTemplateId?: string },
): string {
  const entry = ENTRY_SCRIPT.exec(page);
  if (!entry) return page;
  const preloads = page.match(MODULE_PRELOAD) ?? [];
  // The other first views' scripts, each link naming its view (the delivery build's template).
  const viewTemplate = ids.viewPreloadsTemplateId
    ? new RegExp(`<template id="${ids.viewPreloadsTemplateId}">([\\s\\S]*?)</template>`)
    : null;
  const viewPreloads = (viewTemplate?.exec(page)?.[1] ?? '').trim().replace(/>\s+</g, '><');
  const template =
    `<template id="${ids.templateId}">${preloads.join('')}${viewPreloads}` +
    `<link rel="modulepreload" crossorigin href="${entry[1]}" ${ids.entryAttribute}></template>`;
  const moved = viewTemplate ? page.replace(viewTemplate, '') : page;
  return moved.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => template);
}

/**
 * index.html with the first views (decision 0166): the loans home in #root (what shows
 * without JavaScript), the login view and the boot shell in templates, the public data they
 * were rendered from as a JSON block, the two inline scripts that pick the view before
 * the first paint, and the one that starts the app after it (decision 0179). Null when the
 * page has no boot shell to replace.
 */
export function assembleFirstViews(
  page: string,
  renderer: FirstViewRenderer,
  views: { loans: string; login: string },
  data: { home: TLoanIndexResponse; lender: TLender; readAt: number },
): string | null {
  const shell = BOOT_SHELL.exec(page);
  if (!shell || !page.includes('<title>')) return null;
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const prefix = renderer.FIRST_VIEW_TEMPLATE_PREFIX;
  // An older server build has no start script: its page starts the app as built.
  const { START_APP_SCRIPT: startScript, APP_START_TEMPLATE_ID: templateId, APP_ENTRY_ATTRIBUTE: entryAttribute } = renderer;
  const startsAfterPaint = startScript && templateId && entryAttribute && ENTRY_SCRIPT.test(page);
  const body =
    `<div id="root">${views.loans}</div>` +
    `<template id="${prefix}login">${views.login}</template>` +
    `<template id="${prefix}shell">${shell[1]}</template>` +
    `<script type="application/json" id="${renderer.FIRST_VIEW_DATA_ID}">${json}</script>` +
    `<script id="${FIRST_VIEW_END_ID}">${renderer.PLACE_VIEW_SCRIPT}</script>` +
    (startsAfterPaint ? `<script>${startScript}</script>` : '');
  // Before the stylesheets: an inline script after them would wait for them to load.
  const head =
    `<link rel="expect" href="#${FIRST_VIEW_END_ID}" blocking="render">` +
    `<style>${renderer.FIRST_VIEW_STYLE}</style><script>${renderer.CHOOSE_VIEW_SCRIPT}</script>` +
    (renderer.EARLY_INPUT_SCRIPT ? `<script>${renderer.EARLY_INPUT_SCRIPT}</script>` : '');
  const withViews = page.replace(BOOT_SHELL, () => body).replace('<title>', () => `${head}<title>`);
  return startsAfterPaint
    ? startAppAfterFirstPaint(withViews, { templateId, entryAttribute, viewPreloadsTemplateId: renderer.VIEW_PRELOADS_TEMPLATE_ID })
    : withViews;
}

const NOT_BUILT = 'The web app is not built yet. Run `npm run build -w apps/web` (or `npm start`, which builds it) and reload.\n';

/** Where the runtime config is served: a file of its own, so the page runs no inline script. */
export const RUNTIME_CONFIG_PATH = '/runtime-config.js';
const RUNTIME_CONFIG_TAG = `<script defer src="${RUNTIME_CONFIG_PATH}"></script>`;

/** Hashed names (Vite's assets/): never change under one name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else the app serves: kept, but revalidated before each use. */
export const REVALIDATE = 'no-cache';

/** The script that sets the runtime values: `<` escaped so no value can end a script element. */
export function runtimeConfigScript(runtime: TRuntimeConfig): string {
  const json = JSON.stringify(runtime).replace(/</g, '\\u003c');
  return `window.${RUNTIME_CONFIG_GLOBAL}=${json};\n`;
}

/**
 * Runtime values go in at serve time, so one build runs with any key, name or API base:
 * the product name into the title (there before any script runs: tab, bookmarks, link
 * previews) and into the boot shell's bar (the first paint shows it), and a deferred script tag for /runtime-config.js before the first script, so
 * it runs before the app's module (deferred classic and module scripts run in order).
 */
export function injectRuntimeConfig(html: string, runtime: TRuntimeConfig): string {
  const name = escapeHtml(runtime.productName);
  // The boot shell's bar (apps/web/index.html) shows the name too, from the first paint.
  const titled = html
    .replace('<title></title>', `<title>${name}</title>`)
    .replace('<div class="boot-shell-bar"></div>', `<div class="boot-shell-bar">${name}</div>`);
  const firstScript = titled.indexOf('<script');
  if (firstScript >= 0) return `${titled.slice(0, firstScript)}${RUNTIME_CONFIG_TAG}${titled.slice(firstScript)}`;
  return titled.includes('</head>') ? titled.replace('</head>', `${RUNTIME_CONFIG_TAG}</head>`) : `${RUNTIME_CONFIG_TAG}${titled}`;
}

export const webAppPlugin: FastifyPluginAsync<WebAppOptions> = async (
  app,
  { webDist, runtime, apiOrigins, firstViewData, firstViewDataFailing, firstViewRenderer = defaultFirstViewRenderer(webDist) },
) => {
  const indexFile = path.join(webDist, 'index.html');
  const configScript = runtimeConfigScript(runtime);
  let cachedIndex: string | null = null;

  // Loaded once: beside the start-up when it is built (not awaited: the first page waits for
  // it if it must), else at the first page, which logs that it is missing.
  let renderer: Promise<FirstViewRenderer | null> | null =
    firstViewData && existsSync(firstViewRenderer) ? loadFirstViewRenderer(firstViewRenderer, app.log) : null;
  let rendered: { html: string; scriptHashes: string[]; until: number } | null = null;
  let rendering: Promise<{ html: string; scriptHashes: string[] } | null> | null = null;
  // After a failed render the page is served as built for as long as a render is kept: one log line per 5 s, not per request.
  let failedUntil = 0;

  /**
   * index.html with the first views, rendered at most once per FIRST_VIEW_CACHE_MS; null:
   * serve it as built. Once one is rendered no request waits for the next: the last one is
   * served while it renders (so at most a render's time older than the 5 s).
   */
  async function firstViewPage(page: string): Promise<{ html: string; scriptHashes: string[] } | null> {
    if (!firstViewData || firstViewDataFailing?.()) return null;
    if (rendered && rendered.until > Date.now()) return rendered;
    if (failedUntil > Date.now()) return null;
    const next = (rendering ??= (async () => {
      try {
        renderer ??= loadFirstViewRenderer(firstViewRenderer, app.log);
        const module = await renderer;
        if (!module) return null;
        const data = { ...(await firstViewData()), readAt: Date.now() };
        const html = assembleFirstViews(page, module, await module.renderFirstViews(runtime, data), data);
        if (html === null) return null;
        const scriptHashes = [module.CHOOSE_VIEW_SCRIPT, module.EARLY_INPUT_SCRIPT, module.PLACE_VIEW_SCRIPT, module.START_APP_SCRIPT]
          .filter((script): script is string => typeof script === 'string' && script !== '')
          .map(scriptHashSource);
        rendered = { html, scriptHashes, until: Date.now() + FIRST_VIEW_CACHE_MS };
        return rendered;
      } catch (error) {
        // Never a failed page: the app renders its first view itself, as before.
        failedUntil = Date.now() + FIRST_VIEW_CACHE_MS;
        rendered = null;
        app.log.warn(
          { reason: error instanceof Error ? error.message : 'unknown' },
          'web first views: render failed, index.html served as built',
        );
        return null;
      } finally {
        rendering = null;
      }
    })());
    return rendered ?? next;
  }

  async function readIndex(): Promise<string> {
    cachedIndex ??= injectRuntimeConfig(await readFile(indexFile, 'utf8'), runtime);
    return cachedIndex;
  }

  // The first render (the pages' chunks loaded, about 0.5 s) when the server is ready, not on its first visitor.
  if (renderer) {
    app.addHook('onReady', async () => {
      void readIndex()
        .then((page) => firstViewPage(page))
        .catch(() => undefined);
    });
  }

  async function serveIndex(_req: unknown, reply: FastifyReply) {
    // The page opens even when the list cannot be read (its own origin still works).
    const origins = await apiOrigins?.().catch(() => []);
    let page: string;
    try {
      page = await readIndex();
    } catch {
      // Not cached: the page appears as soon as a build lands, without a restart.
      app.usePagePolicy(reply, origins);
      return reply.code(200).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
    }
    const withViews = await firstViewPage(page);
    // The policy allows the inline scripts by their hashes, and only on a page that has them.
    app.usePagePolicy(reply, origins, withViews?.scriptHashes);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .send(withViews?.html ?? page);
  }

  app.get('/', serveIndex);
  app.get('/index.html', serveIndex);
  // Browsers ask for /favicon.ico by themselves wherever a page names no icon (a file opened
  // directly, the manifest): the app's own icon, not a 404 in the console.
  app.get('/favicon.ico', async (_req, reply) => reply.header('cache-control', REVALIDATE).redirect('/icons/favicon-32.png', 301));
  app.get(RUNTIME_CONFIG_PATH, async (_req, reply) => {
    app.usePagePolicy(reply);
    return reply.type('text/javascript; charset=utf-8').header('cache-control', REVALIDATE).send(configScript);
  });

  if (!existsSync(webDist)) return;
  const assetsDir = `${path.sep}assets${path.sep}`;
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    cacheControl: false,
    // A route per file the build holds at start-up (a deploy restarts the server), instead of
    // one wildcard route that lists the folders on every request to check the name's spelling
    // (@fastify/static): the assets folder holds about 1,400 files, and a request cost 1.3 ms of
    // CPU with the listings, 0.5 ms without (npm run bench:start-costs; docs/benchmarks.md).
    // A name not built is not a route: the app's 404, as before. The page itself is the
    // routes above (the runtime config and first views put in), never the file as built.
    wildcard: false,
    globIgnore: ['index.html', 'index.html.*'],
    // The build writes .br and .gz beside each text file (apps/web/scripts/delivery-build.ts);
    // the one the browser accepts is sent, with Content-Encoding and Vary.
    preCompressed: true,
    setHeaders(reply, filePath) {
      app.usePagePolicy(reply);
      reply.header('cache-control', filePath.includes(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
};
