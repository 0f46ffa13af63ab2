import { ONBOARDING_STEP_KEYS } from '@app/contract/schemas/user.ts';
import type { TQueryCashUserResponse } from '@app/contract/schemas/user.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import type { Db } from '../../db/client.ts';
import { findPasswordHash, hasOpenOrder, type AccountUser } from './users-repository.ts';

/**
 * queryCashUser. The onboarding steps have no tables yet (later issues add them, and
 * derive `done` from their rows here); until then no step is done and the limit is 0.
 */
export async function queryCashUser(db: Db, user: AccountUser): Promise<TQueryCashUserResponse> {
  const steps = ONBOARDING_STEP_KEYS.map((key) => ({ key, done: false }));
  return {
    userId: String(user.id),
    uuId: user.uuid,
    maskedMobile: maskTaiwanMobile(user.phone ?? ''),
    hasPassword: (await findPasswordHash(db, user.id)) !== null,
    steps,
    completedSteps: steps.filter((step) => step.done).length,
    creditLimit: 0,
    hasOpenOrder: await hasOpenOrder(db, user.id),
  };
}
