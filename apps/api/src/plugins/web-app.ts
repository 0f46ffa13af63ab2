import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { RUNTIME_CONFIG_GLOBAL, type TRuntimeConfig } from '@app/contract/runtime-config.ts';
import { escapeHtml } from './envelope-codec.ts';

export interface WebAppOptions {
  webDist: string;
  runtime: TRuntimeConfig;
}

const NOT_BUILT =
  'The web app is not built yet. Run `npm run build -w apps/web` (or `npm start`, which builds it) and reload.\n';

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

export const webAppPlugin: FastifyPluginAsync<WebAppOptions> = async (app, { webDist, runtime }) => {
  const indexFile = path.join(webDist, 'index.html');
  const configScript = runtimeConfigScript(runtime);
  let cachedIndex: string | null = null;

  async function serveIndex(_req: unknown, reply: FastifyReply) {
    app.usePagePolicy(reply);
    if (cachedIndex === null) {
      try {
        cachedIndex = injectRuntimeConfig(await readFile(indexFile, 'utf8'), runtime);
      } catch {
        // Not cached: the page appears as soon as a build lands, without a restart.
        return reply.code(200).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
      }
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(cachedIndex);
  }

  app.get('/', serveIndex);
  app.get('/index.html', serveIndex);
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
    // The build writes .br and .gz beside each text file (apps/web/scripts/delivery-build.ts);
    // the one the browser accepts is sent, with Content-Encoding and Vary.
    preCompressed: true,
    setHeaders(reply, filePath) {
      app.usePagePolicy(reply);
      reply.header('cache-control', filePath.includes(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
};
