import type { TQueryCashUserResponse } from '@app/contract/schemas/user.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import type { Db } from '../../db/client.ts';
import { onboardingSteps } from '../../domain/onboarding-steps.ts';
import type { AccountCaller } from '../../plugins/envelope.ts';
import { passwordSetFlag } from '../auth/password-set-flag.ts';
import { bankAccountFlag } from '../bank-accounts/bank-account-flag.ts';
import { faceCheckFlag } from '../face-check/face-check-flag.ts';
import { highestProductMaxValue } from '../loans/highest-product-max-value.ts';
import { onboardingStepFlags } from '../onboarding/onboarding-step-flags.ts';
import { openOrderFlag } from '../orders/open-order-flag.ts';
import { userFlagsQuery } from './account-repository.ts';

const onboarding = onboardingStepFlags();
const selectFlags = userFlagsQuery('account_who_am_i_flags', {
  hasPassword: passwordSetFlag(),
  hasOpenOrder: openOrderFlag(),
  personal: onboarding.personal,
  contacts: onboarding.contacts,
  idCard: onboarding.idCard,
  bankCard: bankAccountFlag(),
  face: faceCheckFlag(),
  highestProductMax: highestProductMaxValue(),
});

/**
 * Who am I: the caller (already loaded with the session), password and order state, and
 * the onboarding steps as their owners report them (face: passed, or in manual review);
 * the credit limit as loans grants it: the highest product maximum once the five steps
 * are done, 0 before (modules/loans/credit-limit.ts).
 */
export async function queryCashUser(options: { db: Db; caller: AccountCaller }): Promise<TQueryCashUserResponse> {
  const { db, caller } = options;
  // Six owners' flags and the product maximum, one round trip.
  const flags = await selectFlags(db, caller.id);
  const steps = onboardingSteps({
    personal: flags.personal,
    contacts: flags.contacts,
    idCard: flags.idCard,
    bankCard: flags.bankCard,
    face: flags.face,
  });
  return {
    userId: String(caller.id),
    uuId: caller.uuid,
    maskedMobile: maskTaiwanMobile(caller.phone),
    hasPassword: flags.hasPassword,
    steps,
    completedSteps: steps.filter((step) => step.done).length,
    creditLimit: steps.every((step) => step.done) ? Number(flags.highestProductMax) : 0,
    hasOpenOrder: flags.hasOpenOrder,
  };
}
