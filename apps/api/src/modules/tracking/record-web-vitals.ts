import { VITALS_BEACON_MAX_BYTES, ZVitalsBeaconSchema } from '@app/contract/schemas/web-vitals.ts';
import { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
import type { Db } from '../../db/client.ts';
import { deleteVitalSamplesBefore, insertVitalSamples } from './web-vitals-repository.ts';

export type VitalsReportOutcome = 'recorded' | 'invalid' | 'too-large';

/** The Taipei day `days` days before `day` (YYYY-MM-DD). */
export function taipeiDayBefore(day: string, days: number): string {
  const noon = new Date(`${day}T12:00:00+08:00`);
  return taipeiCalendarDate(new Date(noon.getTime() - days * 86_400_000));
}

/**
 * A vitals beacon (decision 0158): the raw body as it came, parsed and checked strictly
 * (anything unknown refuses the whole report, nothing stored), then one row per sample
 * under the Taipei day it arrived. Days older than `keepDays` are dropped as a new day's
 * first reports arrive (`prunedDay` remembers the last day pruned, per process).
 */
export async function recordWebVitals(options: {
  db: Db;
  body: string;
  now: Date;
  keepDays: number;
  pruned: { day: string | null };
}): Promise<VitalsReportOutcome> {
  if (Buffer.byteLength(options.body, 'utf8') > VITALS_BEACON_MAX_BYTES) return 'too-large';
  let json: unknown;
  try {
    json = JSON.parse(options.body);
  } catch {
    return 'invalid';
  }
  const parsed = ZVitalsBeaconSchema.safeParse(json);
  if (!parsed.success) return 'invalid';
  const day = taipeiCalendarDate(options.now);
  await insertVitalSamples(options.db, day, parsed.data.page, parsed.data.samples);
  if (options.pruned.day !== day) {
    options.pruned.day = day;
    await deleteVitalSamplesBefore(options.db, taipeiDayBefore(day, options.keepDays - 1));
  }
  return 'recorded';
}
