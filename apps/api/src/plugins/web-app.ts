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

/** Runtime values go in at serve time, so one build runs with any key, name or API base. */
export function injectRuntimeConfig(html: string, runtime: TRuntimeConfig): string {
  // `<` escaped so no value can close the script element.
  const json = JSON.stringify(runtime).replace(/</g, '\\u003c');
  const script = `<script>window.${RUNTIME_CONFIG_GLOBAL}=${json}</script>`;
  // The title is there before any script runs (tab, bookmarks, link previews).
  const titled = html.replace('<title></title>', `<title>${escapeHtml(runtime.productName)}</title>`);
  return titled.includes('</head>') ? titled.replace('</head>', `${script}</head>`) : `${script}${titled}`;
}

export const webAppPlugin: FastifyPluginAsync<WebAppOptions> = async (app, { webDist, runtime }) => {
  const indexFile = path.join(webDist, 'index.html');
  let cachedIndex: string | null = null;

  async function serveIndex(_req: unknown, reply: FastifyReply) {
    if (cachedIndex === null) {
      try {
        cachedIndex = injectRuntimeConfig(await readFile(indexFile, 'utf8'), runtime);
      } catch {
        // Not cached: the page appears as soon as a build lands, without a restart.
        return reply.code(200).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
      }
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(cachedIndex);
  }

  app.get('/', serveIndex);
  app.get('/index.html', serveIndex);

  if (!existsSync(webDist)) return;
  const assetsDir = `${path.sep}assets${path.sep}`;
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Vite puts content-hashed files under assets/: they never change under one name.
      reply.header('cache-control', filePath.includes(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
};
