import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from '@app/contract/admin/admin-routes.ts';
import { ADMIN_FORBIDDEN } from '@app/contract/admin/admin-messages.ts';
import type { TVitalsP75Response } from '@app/contract/schemas/web-vitals.ts';
import { accountsServerPerFile, ManualClock } from '../../test/accounts-test-kit.ts';
import { enrolledOperator, signedInClient } from '../../test/admin-test-kit.ts';
import { recordWebVitals } from '../tracking/record-web-vitals.ts';

/** The dashboard's card of real users' vitals (decision 0158): finance and administrators only. */
const { server, database } = accountsServerPerFile({ clock: new ManualClock(Date.parse('2031-03-15T03:00:00Z')) });

describe("the dashboard's real users' vitals", () => {
  it('answers the p75 per Taipei day, page and metric of the last 7 days to finance and administrators, and refuses the other roles', async () => {
    const db = database.handle.db;
    const pruned = { day: null as string | null };
    const report = (page: string, name: string, values: number[]) =>
      JSON.stringify({ page, samples: values.map((value) => ({ name, value, rating: 'good' })) });
    // Eight days ago: outside the window.
    await recordWebVitals({ db, body: report('loans', 'LCP', [9000]), now: new Date('2031-03-07T03:00:00Z'), keepDays: 35, pruned });
    await recordWebVitals({
      db,
      body: report('loans', 'LCP', [1000, 2000, 3000, 4000]),
      now: new Date('2031-03-14T03:00:00Z'),
      keepDays: 35,
      pruned,
    });
    await recordWebVitals({ db, body: report('login', 'TTFB', [300]), now: new Date('2031-03-15T01:00:00Z'), keepDays: 35, pruned });

    for (const role of ['finance', 'administrator'] as const) {
      const client = await signedInClient(server, await enrolledOperator(server, `vitals-${role}`, role));
      const result = await client.call(ADMIN_ROUTES.webVitals);
      expect(result.status).toBe(200);
      expect(result.json as TVitalsP75Response).toEqual({
        fromDay: '2031-03-09',
        untilDay: '2031-03-15',
        rows: [
          { day: '2031-03-14', page: 'loans', metric: 'LCP', p75: 3250, samples: 4 },
          { day: '2031-03-15', page: 'login', metric: 'TTFB', p75: 300, samples: 1 },
        ],
      });
    }
    for (const role of ['reviewer', 'support'] as const) {
      const client = await signedInClient(server, await enrolledOperator(server, `vitals-${role}`, role));
      expect(await client.call(ADMIN_ROUTES.webVitals)).toMatchObject({ status: 403, json: { message: ADMIN_FORBIDDEN } });
    }
  });
});
