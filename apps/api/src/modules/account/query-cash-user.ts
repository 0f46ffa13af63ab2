import { ONBOARDING_STEP_KEYS, type TQueryCashUserResponse } from '@app/contract/schemas/user.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import type { Db } from '../../db/client.ts';
import type { AccountCaller } from '../../plugins/envelope.ts';
import { hasPassword } from '../auth/has-password.ts';
import { hasOpenOrder } from '../orders/has-open-order.ts';

/**
 * Who am I: the caller (already loaded with the session), password and order state. The
 * onboarding steps have no tables yet: until the onboarding module derives `done` from
 * its rows, no step is done and the credit limit is 0.
 */
export async function queryCashUser(options: { db: Db; caller: AccountCaller }): Promise<TQueryCashUserResponse> {
  const { db, caller } = options;
  // Two owners, two independent reads: side by side, not one after the other.
  const [password, openOrder] = await Promise.all([
    hasPassword({ db, userId: caller.id }),
    hasOpenOrder({ db, userId: caller.id }),
  ]);
  const steps = ONBOARDING_STEP_KEYS.map((key) => ({ key, done: false }));
  return {
    userId: String(caller.id),
    uuId: caller.uuid,
    maskedMobile: maskTaiwanMobile(caller.phone),
    hasPassword: password,
    steps,
    completedSteps: steps.filter((step) => step.done).length,
    creditLimit: 0,
    hasOpenOrder: openOrder,
  };
}
