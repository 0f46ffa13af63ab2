import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../plugins/jobs.ts';

/** The decision job's queue: one waiting decision per order. */
export const DECIDE_ORDER_QUEUE = 'decisions.decide-order';

export interface DecideOrderJob {
  orderId: number;
}

/**
 * Asks for the automatic decision of an order the borrower just submitted (審核中). The
 * decision runs as a job after `delayMs` (DECISION_DELAY_MS: 審核中 stays visible a
 * moment) and survives a restart. Call it in the transaction that moved the order to
 * 審核中: the job exists only if that commits. A second submission while one waits is
 * dropped; one that runs twice decides once (the order's state guards it).
 */
export async function submitForDecision(options: { db: Db; jobs: JobQueue; orderId: number; delayMs: number }): Promise<void> {
  const { db, jobs, orderId, delayMs } = options;
  await jobs.send<DecideOrderJob>({
    name: DECIDE_ORDER_QUEUE,
    data: { orderId },
    startAfter: new Date(Date.now() + delayMs),
    singletonKey: `order:${orderId}`,
    db,
  });
}
