import type { TRiskEventRequest } from '@app/contract/schemas/tracking.ts';
import type { Db } from '../../db/client.ts';
import { insertRiskEvent, type EventSource } from './tracking-repository.ts';

/** A risk signal the client reports (e.g. repeated failures); details are small and typed. */
export async function recordRiskEvent(options: { db: Db; source: EventSource; event: TRiskEventRequest }): Promise<{ recorded: true }> {
  await insertRiskEvent(options.db, { eventType: options.event.eventType, detail: options.event.detail ?? {}, ...options.source });
  return { recorded: true };
}
