import type { FastifyPluginAsync } from 'fastify';
import { HEALTH_PATH } from '@app/contract/paths.ts';
import { safeError } from '../../plugins/safe-error.ts';
import { checkDatabase } from './check-database.ts';

/** Plain JSON, outside the envelope: load balancers and operators read it. */
export const healthModule: FastifyPluginAsync = async (app) => {
  app.get(HEALTH_PATH, async (req, reply) => {
    try {
      await checkDatabase({ db: app.db });
      return reply.header('cache-control', 'no-store').send({ ok: true });
    } catch (error) {
      req.log.error({ error: safeError(error) }, 'health check failed');
      return reply.code(503).header('cache-control', 'no-store').send({ ok: false });
    }
  });
};
