import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { riskEvents, trackingEvents } from '../../db/schema/tracking.ts';

/** The only code touching `tracking_events` and `risk_events`. */

export interface EventSource {
  userId: number | null;
  deviceId: string | null;
  channel: string;
}

export async function insertTrackingEvent(db: Db, event: { event: string; eventContent: string } & EventSource): Promise<void> {
  await db.insert(trackingEvents).values(event);
}

export async function insertRiskEvent(
  db: Db,
  event: { eventType: string; detail: Record<string, string | number | boolean> } & EventSource,
): Promise<void> {
  await db.insert(riskEvents).values(event);
}

export async function selectLatestTrackingEvents(db: Db, limit: number) {
  return db
    .select({
      event: trackingEvents.event,
      eventContent: trackingEvents.eventContent,
      userId: trackingEvents.userId,
      deviceId: trackingEvents.deviceId,
      channel: trackingEvents.channel,
      createdAt: trackingEvents.createdAt,
    })
    .from(trackingEvents)
    .orderBy(desc(trackingEvents.id))
    .limit(limit);
}

/** Events stay for statistics, no longer linked to the person. */
export async function detachEventsOf(db: Db, userId: number): Promise<void> {
  await db.update(trackingEvents).set({ userId: null }).where(eq(trackingEvents.userId, userId));
  await db.update(riskEvents).set({ userId: null }).where(eq(riskEvents.userId, userId));
}
