import type { TOrderState } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { canChangeOrderState } from '../../domain/order-states.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { updateOrderState, updateOrderStatesFrom } from './orders-repository.ts';

/**
 * Moves an order along the state machine and records the change with its time and cause.
 * Answers false, changing nothing, when the order is not in one of `from` (another worker
 * or request moved it first): a job that runs twice never acts twice. A transition the
 * machine does not allow is a programming error and throws. Run it inside the caller's
 * transaction with the rest of the change.
 */
export async function changeOrderState(options: {
  db: Db;
  orderId: number;
  from: readonly TOrderState[];
  to: TOrderState;
  cause: string;
  at: Date;
  detail?: Record<string, unknown>;
  refusal?: { codes: string[]; coolDownUntil: CalendarDate };
  /** The payout date, set with 放款中 → 待還款 (the schedule counts from it). */
  disbursedOn?: CalendarDate;
}): Promise<boolean> {
  const { db, orderId, from, to, cause, at, detail = {}, refusal, disbursedOn } = options;
  for (const state of from) {
    if (!canChangeOrderState(state, to)) throw new Error(`order state change ${state} → ${to} is not allowed`);
  }
  if (refusal && to !== '已拒絕') throw new Error('a refusal goes with 已拒絕 only');
  if (disbursedOn && to !== '待還款') throw new Error('a payout date goes with 待還款 only');
  const previous = await updateOrderState(db, {
    orderId,
    from,
    to,
    cause,
    at,
    detail,
    ...(refusal ? { set: { refusalCodes: refusal.codes, coolDownUntil: refusal.coolDownUntil } } : {}),
    ...(disbursedOn ? { set: { disbursedOn } } : {}),
  });
  return previous !== null;
}

/**
 * changeOrderState for many orders at once, each from the one state the caller holds it in
 * (its row locked in the caller's transaction): those still in it move, each change
 * recorded, in one statement. Answers the ids moved.
 */
export async function changeOrderStatesFrom(options: {
  db: Db;
  changes: ReadonlyArray<{ orderId: number; from: TOrderState; to: TOrderState; detail: Record<string, unknown> }>;
  cause: string;
  at: Date;
}): Promise<Set<number>> {
  for (const change of options.changes) {
    if (!canChangeOrderState(change.from, change.to)) throw new Error(`order state change ${change.from} → ${change.to} is not allowed`);
  }
  return new Set(await updateOrderStatesFrom(options.db, options.changes, { cause: options.cause, at: options.at }));
}
