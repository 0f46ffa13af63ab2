import type { FastifyPluginAsync } from 'fastify';
import { HEALTH_PATH } from '@app/contract/paths.ts';
import { safeError } from '../../plugins/safe-error.ts';
import { checkDatabase } from './check-database.ts';

/** Ready to serve: the database, the shared limits' store (Redis when configured) and the job queue all answer. */
export const READY_PATH = '/readyz';

/**
 * Plain JSON, outside the envelope: load balancers and operators read it. /healthz says
 * the process is alive (and its database answers); /readyz that everything it needs to
 * serve answers, each part named when one does not.
 */
export const healthModule: FastifyPluginAsync = async (app) => {
  app.get(READY_PATH, async (req, reply) => {
    const parts = {
      database: () => checkDatabase({ db: app.db }),
      limits: () => app.rateLimiter.ping(),
      jobs: () => app.jobs.ping(),
    };
    const results = await Promise.all(
      Object.entries(parts).map(async ([name, check]) => {
        try {
          await check();
          return [name, true] as const;
        } catch (error) {
          req.log.error({ part: name, error: safeError(error) }, 'readiness check failed');
          return [name, false] as const;
        }
      }),
    );
    const ready = results.every(([, ok]) => ok);
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ ok: ready, ...Object.fromEntries(results) });
  });

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
