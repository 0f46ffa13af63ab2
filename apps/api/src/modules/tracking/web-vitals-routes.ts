import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { VITALS_BEACON_MAX_BYTES, VITALS_BEACON_PATH } from '@app/contract/schemas/web-vitals.ts';
import { VITALS_REPORT_INVALID, VITALS_REPORT_TOO_LARGE, VITALS_REPORTS_THROTTLED } from '@app/contract/messages/web-vitals.ts';
import { clientAddressKey } from '../../domain/client-address.ts';
import { TEST_PREFIX } from '../../plugins/test-hooks.ts';
import { recordWebVitals } from './record-web-vitals.ts';
import { selectLatestVitalSamples } from './web-vitals-repository.ts';

const MINUTE_MS = 60_000;

function refuse(reply: FastifyReply, code: number, message: string) {
  return reply.code(code).header('cache-control', 'no-store').send({ message });
}

/**
 * The vitals beacon (decision 0158): plain JSON from `navigator.sendBeacon`, outside the
 * encrypted protocol and the session (no token is read, so no user is known). The body
 * is read as text whatever its type (a beacon sends text/plain to stay a simple request),
 * at most VITALS_BEACON_MAX_BYTES; each address gets `beaconsPerMinute` reports.
 */
export const webVitalsRoutes: FastifyPluginAsync = async (app) => {
  const { keepDays, beaconsPerMinute } = app.config.vitals;
  const pruned = { day: null as string | null };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: VITALS_BEACON_MAX_BYTES }, (_req, body, done) => done(null, body));
  app.setErrorHandler((error, _req, reply) => {
    const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || statusCode === 413) return refuse(reply, 413, VITALS_REPORT_TOO_LARGE);
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return refuse(reply, 400, VITALS_REPORT_INVALID);
    app.log.error({ err: { name: (error as Error).name } }, 'vitals beacon failed');
    return reply.code(500).send({ message: '' });
  });

  app.post(VITALS_BEACON_PATH, async (req, reply) => {
    const now = app.clock.now();
    const address = app.limiterTag(clientAddressKey(req.ip));
    const { allowed } = await app.rateLimiter.hit(`vitals:${address}`, beaconsPerMinute, MINUTE_MS, now.getTime());
    if (!allowed) return refuse(reply, 429, VITALS_REPORTS_THROTTLED);
    const body = typeof req.body === 'string' ? req.body : '';
    const outcome = await recordWebVitals({ db: app.db, body, now, keepDays, pruned });
    if (outcome === 'too-large') return refuse(reply, 413, VITALS_REPORT_TOO_LARGE);
    if (outcome === 'invalid') return refuse(reply, 400, VITALS_REPORT_INVALID);
    return reply.code(204).header('cache-control', 'no-store').send();
  });

  // The latest samples, for browser tests; only with TEST_HOOKS (refused in production).
  if (app.config.testHooks) {
    app.get(`${TEST_PREFIX}web-vitals`, async () => selectLatestVitalSamples(app.db, 100));
  }
};
