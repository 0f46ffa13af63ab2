import type { Db } from '../../db/client.ts';
import { upsertPushSubscription } from './users-repository.ts';

export interface PushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * One row per push endpoint. An endpoint belongs to one browser: if another account
 * logs in on it, the subscription moves to that account (the earlier one no longer
 * gets notifications there).
 */
export function savePushSubscription(options: { db: Db; userId: number; subscription: PushSubscription }): Promise<void> {
  const { subscription } = options;
  return upsertPushSubscription(options.db, {
    userId: options.userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  });
}
