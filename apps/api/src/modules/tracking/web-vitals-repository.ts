import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { TVitalMetric, TVitalSample, TVitalsP75Row } from '@app/contract/schemas/web-vitals.ts';
import type { Db } from '../../db/client.ts';
import { webVitalSamples } from '../../db/schema/tracking.ts';

/** The only code touching `web_vital_samples`. */

export async function insertVitalSamples(db: Db, day: string, page: string, samples: readonly TVitalSample[]): Promise<void> {
  await db
    .insert(webVitalSamples)
    .values(samples.map((sample) => ({ day, page, metric: sample.name, value: sample.value, rating: sample.rating })));
}

/** Drops the samples of days before `firstKeptDay` (YYYY-MM-DD); answers how many went. */
export async function deleteVitalSamplesBefore(db: Db, firstKeptDay: string): Promise<number> {
  const gone = await db.delete(webVitalSamples).where(lt(webVitalSamples.day, firstKeptDay)).returning({ id: webVitalSamples.id });
  return gone.length;
}

/**
 * The 75th percentile per day, page and metric for days in [fromDay, untilDay], by
 * PostgreSQL's percentile_cont (linear interpolation between the two nearest samples,
 * as the Chrome UX Report's p75 is read).
 */
export async function selectVitalsP75(db: Db, fromDay: string, untilDay: string): Promise<TVitalsP75Row[]> {
  const rows = await db
    .select({
      day: webVitalSamples.day,
      page: webVitalSamples.page,
      metric: webVitalSamples.metric,
      p75: sql<number>`percentile_cont(0.75) within group (order by ${webVitalSamples.value})`.mapWith(Number),
      samples: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(webVitalSamples)
    .where(and(gte(webVitalSamples.day, fromDay), sql`${webVitalSamples.day} <= ${untilDay}`))
    .groupBy(webVitalSamples.day, webVitalSamples.page, webVitalSamples.metric)
    .orderBy(asc(webVitalSamples.day), asc(webVitalSamples.page), asc(webVitalSamples.metric));
  return rows.map((row) => ({ ...row, metric: row.metric as TVitalMetric }));
}

/** The latest samples, newest first (browser tests). */
export async function selectLatestVitalSamples(db: Db, limit: number) {
  return db
    .select({
      day: webVitalSamples.day,
      page: webVitalSamples.page,
      metric: webVitalSamples.metric,
      value: webVitalSamples.value,
      rating: webVitalSamples.rating,
    })
    .from(webVitalSamples)
    .orderBy(sql`${webVitalSamples.id} desc`)
    .limit(limit);
}
