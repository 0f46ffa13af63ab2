import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { riskEvents, trackingEvents } from '../../db/schema/tracking.ts';
import { TEST_PREFIX } from '../../plugins/test-hooks.ts';
import { eventSourceOf } from './event-source.ts';
import { recordMark } from './record-mark.ts';
import { recordRiskEvent } from './record-risk-event.ts';
import { detachEventsOf, selectLatestTrackingEvents } from './tracking-repository.ts';
import { webVitalsRoutes } from './web-vitals-routes.ts';

/** Usage and risk events, from logged-in and anonymous callers alike; real users' vitals. */
export const trackingModule: FastifyPluginAsync = async (app) => {
  app.personalData.register({
    owner: 'tracking',
    tables: [trackingEvents, riskEvents],
    list: async () => [],
    erase: ({ db, subject }) => detachEventsOf(db, subject.id),
  });

  app.endpoint(ENDPOINTS.otherMark, (mark, ctx) => recordMark({ db: ctx.db, source: eventSourceOf(ctx), mark }));
  app.endpoint(ENDPOINTS.riskEvent, (event, ctx) => recordRiskEvent({ db: ctx.db, source: eventSourceOf(ctx), event }));
  // Its own scope: it reads its body as text with a small limit, and answers plain JSON.
  await app.register(webVitalsRoutes);

  // The latest events, for browser tests; only with TEST_HOOKS (refused in production).
  if (app.config.testHooks) {
    app.get(`${TEST_PREFIX}events`, async (req) => {
      const limit = Number((req.query as Record<string, string | undefined>).limit ?? 20);
      const rows = await selectLatestTrackingEvents(app.db, Number.isInteger(limit) && limit > 0 ? Math.min(limit, 500) : 20);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    });
  }
};
