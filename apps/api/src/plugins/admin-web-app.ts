import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { IMMUTABLE, REVALIDATE } from './web-app.ts';

export interface AdminWebAppOptions {
  /** The built console (apps/admin/dist). */
  adminDist: string;
}

const NOT_BUILT = 'The back office is not built yet. Run `npm run build -w apps/admin` (or `npm start`, which builds it) and reload.\n';

/**
 * The back office's console under /admin: its index (hash routes, so one page), and its
 * hashed files under /admin/assets/. The page policy applies (scripts only from here); its
 * API is under /admin/api (modules/admin).
 */
export const adminWebAppPlugin: FastifyPluginAsync<AdminWebAppOptions> = async (app, { adminDist }) => {
  const indexFile = path.join(adminDist, 'index.html');
  let cachedIndex: string | null = null;

  async function serveIndex(_req: unknown, reply: FastifyReply) {
    app.usePagePolicy(reply);
    if (cachedIndex === null) {
      try {
        cachedIndex = await readFile(indexFile, 'utf8');
      } catch {
        return reply.code(200).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT);
      }
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(cachedIndex);
  }

  app.get('/admin', async (_req, reply) => reply.redirect('/admin/'));
  app.get('/admin/', serveIndex);
  app.get('/admin/index.html', serveIndex);

  const assets = path.join(adminDist, 'assets');
  if (!existsSync(assets)) return;
  await app.register(fastifyStatic, {
    root: assets,
    prefix: '/admin/assets/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    // A route per built file, not a wildcard that lists the folder on every request (web-app.ts).
    wildcard: false,
    setHeaders(reply) {
      app.usePagePolicy(reply);
      reply.header('cache-control', IMMUTABLE);
    },
  });
};
