import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { HEALTH_PATH } from '@app/contract/paths.ts';
import { safeError } from '../../plugins/safe-error.ts';

/** Plain JSON, outside the envelope: load balancers and operators read it. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(HEALTH_PATH, async (req, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return reply.header('cache-control', 'no-store').send({ ok: true });
    } catch (error) {
      req.log.error({ error: safeError(error) }, 'health check failed');
      return reply.code(503).header('cache-control', 'no-store').send({ ok: false });
    }
  });
};
