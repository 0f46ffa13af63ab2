import { and, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { trackingEvents } from '../../db/schema/tracking.ts';

/** The tracking module's reads for the back office's figures. */

/** Distinct visitors per channel in [from, until): an anonymous device by its id, a logged-in caller by user. */
export async function selectVisitorsByChannel(db: Db, from: Date, until: Date): Promise<Array<{ channel: string; visitors: number }>> {
  return db
    .select({
      channel: trackingEvents.channel,
      visitors: sql<number>`count(distinct coalesce(${trackingEvents.deviceId}, 'user:' || ${trackingEvents.userId}::text))::int`,
    })
    .from(trackingEvents)
    .where(and(gte(trackingEvents.createdAt, from), lt(trackingEvents.createdAt, until)))
    .groupBy(trackingEvents.channel);
}
