import type { TQueryCashUserResponse } from '@app/contract/schemas/user.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { isOnboardingComplete, onboardingSteps } from '../../domain/onboarding-steps.ts';
import type { AccountCaller } from '../../plugins/envelope.ts';
import { callerRead } from '../../plugins/session-store.ts';
import { passwordSetFlag } from '../auth/index.ts';
import { bankAccountFlag } from '../bank-accounts/index.ts';
import { faceCheckFlag } from '../face-check/index.ts';
import { creditLimitOf, highestProductMaxValue } from '../loans/index.ts';
import { onboardingStepFlags } from '../onboarding/index.ts';
import { openOrderFlag } from '../orders/index.ts';

/**
 * The account module owns no table: who am I reads six owners' flags and the product
 * maximum, each expressed by its owner as SQL on the caller's id, in the session's own
 * query (one round trip for the whole request).
 */
export const whoAmIRead = callerRead('account_who_am_i', (userId) => ({
  hasPassword: passwordSetFlag(userId),
  hasOpenOrder: openOrderFlag(userId),
  ...onboardingStepFlags(userId),
  bankCard: bankAccountFlag(userId),
  face: faceCheckFlag(userId),
  highestProductMax: highestProductMaxValue(),
}));

type WhoAmIFlags = ReturnType<typeof whoAmIRead.valuesOf>;

/**
 * Who am I: the caller with the flags loaded alongside (`whoAmIRead`): password and order
 * state, and the onboarding steps as their owners report them (face: passed, or in manual
 * review); the credit limit as loans grants it: the highest product maximum once the five
 * steps are done, 0 before (modules/loans/credit-limit.ts).
 */
export function queryCashUser(options: { caller: AccountCaller; flags: WhoAmIFlags }): TQueryCashUserResponse {
  const { caller, flags } = options;
  const states = { personal: flags.personal, contacts: flags.contacts, idCard: flags.idCard, bankCard: flags.bankCard, face: flags.face };
  const steps = onboardingSteps(states);
  return {
    userId: String(caller.id),
    uuId: caller.uuid,
    maskedMobile: maskTaiwanMobile(caller.phone),
    hasPassword: flags.hasPassword,
    steps,
    completedSteps: steps.filter((step) => step.done).length,
    creditLimit: creditLimitOf({ onboardingComplete: isOnboardingComplete(states), highestProductMax: Number(flags.highestProductMax) }),
    hasOpenOrder: flags.hasOpenOrder,
  };
}
