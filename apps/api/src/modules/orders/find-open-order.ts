import type { TOrderState } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { selectCoolDown, selectOpenOrder } from './orders-repository.ts';

/** The user's open order (at most one), or null. */
export function findOpenOrder(options: { db: Db; userId: number }): Promise<{ id: number; state: TOrderState } | null> {
  return selectOpenOrder(options.db, options.userId);
}

/** The end of a refusal's cool-down still running on `today` (a Taipei date), or null. */
export function findCoolDown(options: { db: Db; userId: number; today: CalendarDate }): Promise<CalendarDate | null> {
  return selectCoolDown(options.db, options.userId, options.today);
}
