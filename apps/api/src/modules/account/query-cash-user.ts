import { ONBOARDING_STEP_KEYS, type TQueryCashUserResponse } from '@app/contract/schemas/user.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import type { Db } from '../../db/client.ts';
import type { AccountCaller } from '../../plugins/envelope.ts';
import { passwordSetFlag } from '../auth/password-set-flag.ts';
import { openOrderFlag } from '../orders/open-order-flag.ts';
import { userFlagsQuery } from './account-repository.ts';

const selectFlags = userFlagsQuery('account_who_am_i_flags', {
  hasPassword: passwordSetFlag(),
  hasOpenOrder: openOrderFlag(),
});

/**
 * Who am I: the caller (already loaded with the session), password and order state. The
 * onboarding steps have no tables yet: until the onboarding module derives `done` from
 * its rows, no step is done and the credit limit is 0.
 */
export async function queryCashUser(options: { db: Db; caller: AccountCaller }): Promise<TQueryCashUserResponse> {
  const { db, caller } = options;
  // Two owners' flags, one round trip.
  const flags = await selectFlags(db, caller.id);
  const steps = ONBOARDING_STEP_KEYS.map((key) => ({ key, done: false }));
  return {
    userId: String(caller.id),
    uuId: caller.uuid,
    maskedMobile: maskTaiwanMobile(caller.phone),
    hasPassword: flags.hasPassword,
    steps,
    completedSteps: steps.filter((step) => step.done).length,
    creditLimit: 0,
    hasOpenOrder: flags.hasOpenOrder,
  };
}
