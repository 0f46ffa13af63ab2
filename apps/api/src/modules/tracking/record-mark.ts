import type { TOtherMarkRequest } from '@app/contract/schemas/tracking.ts';
import type { Db } from '../../db/client.ts';
import { insertTrackingEvent, type EventSource } from './tracking-repository.ts';

/** A usage event (SPEC.md's "other mark": the back action records the page it left). */
export async function recordMark(options: { db: Db; source: EventSource; mark: TOtherMarkRequest }): Promise<{ recorded: true }> {
  await insertTrackingEvent(options.db, { ...options.mark, ...options.source });
  return { recorded: true };
}
