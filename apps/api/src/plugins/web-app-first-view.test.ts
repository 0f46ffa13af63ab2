import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { LOGIN_SUBMIT, LOGIN_TITLE } from '@app/contract/messages/accounts.ts';
import { HOME_PRODUCTS_TITLE } from '@app/contract/messages/loan-home.ts';
import type { TLoanIndexResponse } from '@app/contract/schemas/loans.ts';
import { accountsServerPerFile, bodyOf, loggedInUser } from '../test/accounts-test-kit.ts';
import { securityHeadersPlugin } from './security-headers.ts';
import { FIRST_VIEW_END_ID, scriptHashSource, webAppPlugin, type WebAppOptions } from './web-app.ts';

/**
 * index.html with the public first views rendered by the web app's own components
 * (decision 0166), against the real builds: `npm run build -w apps/web` writes apps/web/dist
 * and the server build apps/web/dist-ssr (npm test builds both before this phase).
 */
const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const SERVER_BUILD = fileURLToPath(new URL('../../../web/dist-ssr/first-view-server.js', import.meta.url));

const logLines: string[] = [];
const { server } = accountsServerPerFile({
  env: { WEB_DIST },
  logStream: { write: (line) => void logLines.push(line) },
});

beforeAll(() => {
  if (!existsSync(path.join(WEB_DIST, 'index.html')) || !existsSync(SERVER_BUILD)) {
    throw new Error('The web app is not built: run `npm run build -w apps/web` (it writes dist and dist-ssr).');
  }
});

/** The inline scripts of a page (no src, not a data block), as the browser hashes them. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
}

function scriptSources(policy: string): string[] {
  const directive = policy.split(';').find((part) => part.trim().startsWith('script-src'));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

const visitorHome = async () => bodyOf<TLoanIndexResponse>((await server.client.call(ENDPOINTS.loanCommonIndex, {})).envelope);

describe('index.html with the first views', () => {
  it('carries the loans home (APR line, products, lender) in #root and the login view in a template', async () => {
    const home = await visitorHome();
    expect(home.products.length).toBeGreaterThan(0);
    const response = await fetch(`${server.baseUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();

    const root = /<div id="root">([\s\S]*?)<\/div><template id="first-view-login">/.exec(html)?.[1] ?? '';
    expect(root).toContain('data-testid="home-apr-line"');
    expect(root).toContain(home.aprLine);
    expect(root).toContain(HOME_PRODUCTS_TITLE);
    for (const product of home.products) expect(root).toContain(product.name);
    expect(root).toContain('data-testid="lender-footer"');
    expect(root).not.toContain('boot-shell');

    const login = /<template id="first-view-login">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(login).toContain(LOGIN_TITLE);
    expect(login).toContain('class="login-form"');
    expect(login).toContain(LOGIN_SUBMIT);
    // Links as the browser's hash router writes them.
    expect(login).toContain('href="#/pages/agreement?key=user_agreement"');
    expect(html).toMatch(/<template id="first-view-shell">\s*<div class="boot-shell"/);

    // The data the views were rendered from, for the browser's query cache.
    const data = JSON.parse(/<script type="application\/json" id="first-view-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as {
      home: TLoanIndexResponse;
      readAt: number;
    };
    expect(data.home).toEqual(home);
    expect(data.readAt).toBeGreaterThan(0);

    // The first paint waits for the whole view: the head expects the body's last element.
    const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
    expect(head).toContain(`<link rel="expect" href="#${FIRST_VIEW_END_ID}" blocking="render">`);
    const body = /<body[^>]*>([\s\S]*?)<\/body>/.exec(html)?.[1] ?? '';
    const end = body.indexOf(`<script id="${FIRST_VIEW_END_ID}">`);
    expect(end).toBeGreaterThan(body.indexOf('<template id="first-view-shell">'));
  });

  it("carries the first views' styles inline, each file named by a disabled link and none linked to load (decision 0171)", async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const inline = /<style data-first-view-styles>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const links = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0]);
    // The entry's, the loans page's and the login page's stylesheets (about ten files).
    expect(links.length).toBeGreaterThanOrEqual(5);
    for (const link of links) {
      // Not fetched, so nothing blocks the first paint; Vite's loader counts it as there.
      expect(link).toMatch(/ disabled>$/);
      const file = /href="\/([^"]+\.css)"/.exec(link)?.[1] ?? '';
      expect(inline).toContain(readFileSync(path.join(WEB_DIST, file), 'utf8').trim());
    }
    expect(links.some((link) => /\/login-page-[^"]+\.css"/.test(link))).toBe(true);
    expect(links.some((link) => /\/loans-page-[^"]+\.css"/.test(link))).toBe(true);
    expect(inline).toContain('.login-form');
    expect(inline).toContain('.home-card-apr');
  });

  it("allows exactly its inline scripts by hash in the page's policy, never 'unsafe-inline'", async () => {
    const response = await fetch(`${server.baseUrl}/`);
    const html = await response.text();
    const scripts = inlineScripts(html);
    // The view's choice and the early-input keeper in the head, the view's placing and the app's start in the body.
    expect(scripts).toHaveLength(4);
    expect(scripts[1]).toContain('__earlyInput');
    // The head's scripts run before the first stylesheet (an inline script after a linked one waits for it).
    expect(html.indexOf(scripts[1]!)).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    expect(html.indexOf(scripts[1]!)).toBeLessThan(html.indexOf('<style data-first-view-styles>'));
    expect(html.indexOf(scripts[2]!)).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html.indexOf(scripts[3]!)).toBeGreaterThan(html.indexOf(scripts[2]!));
    const sources = scriptSources(response.headers.get('content-security-policy') ?? '');
    expect(sources).toEqual(["'self'", ...scripts.map(scriptHashSource)]);
    expect(sources).not.toContain("'unsafe-inline'");
    // Other answers of the app keep the plain policy.
    const config = await fetch(`${server.baseUrl}/runtime-config.js`);
    expect(scriptSources(config.headers.get('content-security-policy') ?? '')).toEqual(["'self'"]);
  });

  it('fetches and runs none of the app before the first paint: the entry and its preloads wait in a template (decision 0179)', async () => {
    const built = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(built)?.[1];
    const preloads = [...built.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    // Each first view's scripts (the landing's, the login page's): in the built page's inert
    // template, each naming its view, so a page of a session (the boot shell) fetches neither.
    const viewPreloads = (view: string) =>
      [...built.matchAll(new RegExp(`<link rel="modulepreload" crossorigin href="([^"]+)" data-view="${view}">`, 'g'))].map((m) => m[1]);
    const loansPreloads = viewPreloads('loans');
    const loginPreloads = viewPreloads('login');
    const viewTemplate = /<template id="app-view-preloads">([\s\S]*?)<\/template>/.exec(built)?.[1] ?? '';
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(preloads.length).toBeGreaterThan(3);
    expect(preloads.some((file) => /\/request-core-[\w-]+\.js$/.test(file ?? ''))).toBe(true);
    expect(loansPreloads.some((file) => /\/loans-page-[\w-]+\.js$/.test(file ?? ''))).toBe(true);
    expect(loginPreloads.some((file) => /\/login-page-[\w-]+\.js$/.test(file ?? ''))).toBe(true);
    for (const file of [...loansPreloads, ...loginPreloads]) {
      expect(viewTemplate).toContain(`href="${file}"`);
      expect(preloads).not.toContain(file);
    }

    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const template = /<template id="app-start">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
    const outside = html.replace(/<template id="app-start">[\s\S]*?<\/template>/, '');
    // Nothing the browser would fetch or run by itself...
    expect(outside).not.toContain('<script type="module"');
    expect(outside).not.toContain('rel="modulepreload"');
    // ...and every one of them for the start script, the entry marked.
    for (const preload of preloads) expect(template).toContain(`<link rel="modulepreload" crossorigin href="${preload}">`);
    for (const preload of loansPreloads)
      expect(template).toContain(`<link rel="modulepreload" crossorigin href="${preload}" data-view="loans">`);
    for (const preload of loginPreloads)
      expect(template).toContain(`<link rel="modulepreload" crossorigin href="${preload}" data-view="login">`);
    expect(outside).not.toContain('app-view-preloads');
    expect(template).toContain(`<link rel="modulepreload" crossorigin href="${entry}" data-app-entry>`);
    // The runtime config still comes first: a deferred script, run before the parse ends.
    expect(html).toContain('<script defer src="/runtime-config.js"></script>');
    // The start script is the body's last.
    const body = /<body[^>]*>([\s\S]*?)<\/body>/.exec(html)?.[1] ?? '';
    const last = body.slice(body.lastIndexOf('<script>'));
    expect(last).toMatch(/^<script>\(function\(\)\{var d=document,t=d\.getElementById\("app-start"\)[\s\S]*<\/script>\s*$/);
  });

  it('is the same public page for a logged-in user: nothing of theirs in it', async () => {
    const user = await loggedInUser(server);
    const html = await (await fetch(`${server.baseUrl}/`, { headers: { token: user.token, cookie: `token=${user.token}` } })).text();
    expect(html).not.toContain(user.token);
    expect(html).not.toContain(user.uuId);
    expect(html).toContain('"userState":"visitor"');
    expect(html).not.toMatch(/09\d{8}/);
  });

  it('escapes < in the data block, so no value can end its script element', async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const block = /<script type="application\/json" id="first-view-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(block.length).toBeGreaterThan(0);
    expect(block).not.toContain('<');
  });
});

describe('without the server build, or when it fails', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-first-view-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><title></title></head><body><div id="root"><!--boot-shell--><div class="boot-shell"></div><!--/boot-shell--></div><script type="module" src="/assets/i.js"></script></body></html>',
    );
  });

  async function appWith(options: Partial<WebAppOptions>, lines: string[]) {
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } });
    await app.register(securityHeadersPlugin, { apiBase: '' });
    await app.register(webAppPlugin, {
      webDist: dist,
      runtime: { productName: '小安貸', packageName: 'tw.xiaoan.loan', cipherKey: 'k', apiBase: '' },
      firstViewData: async () => ({ home: await visitorHome(), lender: server.app.config.lender }),
      ...options,
    });
    return app;
  }

  it('serves index.html as built and logs the missing build once', async () => {
    const lines: string[] = [];
    const app = await appWith({ firstViewRenderer: path.join(dist, 'missing', 'first-view-server.js') }, lines);
    for (let i = 0; i < 3; i += 1) {
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div class="boot-shell"></div>');
      expect(response.body).not.toMatch(/<script>/);
      expect(scriptSources(response.headers['content-security-policy'] as string)).toEqual(["'self'"]);
    }
    expect(lines.filter((line) => line.includes('server build missing'))).toHaveLength(1);
    await app.close();
  });

  it('serves index.html as built when rendering fails, with no stack in the log', async () => {
    const failing = path.join(dist, 'failing-renderer.mjs');
    writeFileSync(
      failing,
      [
        "export const CHOOSE_VIEW_SCRIPT = 'a()', PLACE_VIEW_SCRIPT = 'b()', FIRST_VIEW_STYLE = '';",
        "export const FIRST_VIEW_DATA_ID = 'first-view-data', FIRST_VIEW_TEMPLATE_PREFIX = 'first-view-';",
        "export async function renderFirstViews() { throw new Error('cannot render'); }",
      ].join('\n'),
    );
    const lines: string[] = [];
    const app = await appWith({ firstViewRenderer: failing }, lines);
    for (let i = 0; i < 3; i += 1) {
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div class="boot-shell"></div>');
      expect(scriptSources(response.headers['content-security-policy'] as string)).toEqual(["'self'"]);
    }
    // Not tried again on every request: one line, not three.
    const logged = lines.filter((line) => line.includes('render failed'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('cannot render');
    expect(logged[0]).not.toMatch(/\bat .*:\d+:\d+/);
    await app.close();
  });
});

describe('the cache of the rendered page', () => {
  it('renders once for requests arriving together (one data block, read once)', async () => {
    const readAt = async () => /"readAt":(\d+)/.exec(await (await fetch(`${server.baseUrl}/`)).text())?.[1];
    const times = await Promise.all([readAt(), readAt(), readAt()]);
    expect(times[0]).toBeDefined();
    expect(new Set(times).size).toBe(1);
  });

  it('logged nothing about the server build for the real one', () => {
    expect(logLines.filter((line) => line.includes('web first views'))).toEqual([]);
  });
});
