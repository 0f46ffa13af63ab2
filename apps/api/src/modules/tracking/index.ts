/**
 * What other modules may use of `tracking` (modules/README.md): they import this file,
 * never the module's other files. Small reads live here; the rest is re-exported.
 */
import type { Db } from '../../db/client.ts';
import { selectVisitorsByChannel } from './tracking-figures-repository.ts';
import type { TVitalsP75Response } from '@app/contract/schemas/web-vitals.ts';
import { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
import { taipeiDayBefore } from './record-web-vitals.ts';
import { selectVitalsP75 } from './web-vitals-repository.ts';

/**
 * Visitors the usage events saw in [from, until), per source channel: the funnel's first
 * step. The app marks every start (LAUNCH_EVENT) besides SPEC.md's back action, so this
 * counts the devices that launched it (a logged-in caller by user), each once.
 */
export async function countVisitorsByChannel(options: { db: Db; from: Date; until: Date }): Promise<Map<string, number>> {
  const rows = await selectVisitorsByChannel(options.db, options.from, options.until);
  return new Map(rows.map((row) => [row.channel, row.visitors]));
}

/** The p75 per Taipei day, page and metric over the last `days` days, today included. */
export async function webVitalsP75(options: { db: Db; now: Date; days: number }): Promise<TVitalsP75Response> {
  const untilDay = taipeiCalendarDate(options.now);
  const fromDay = taipeiDayBefore(untilDay, options.days - 1);
  return { fromDay, untilDay, rows: await selectVitalsP75(options.db, fromDay, untilDay) };
}
