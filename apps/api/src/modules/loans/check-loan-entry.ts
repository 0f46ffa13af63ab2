import type { TLoanCheckResponse } from '@app/contract/schemas/onboarding.ts';
import type { Db } from '../../db/client.ts';
import { findNextStep } from './find-next-step.ts';

/** Where 立即申請 goes: log in first, then the next onboarding step, then the application. */
export async function checkLoanEntry(options: { db: Db; userId: number | null }): Promise<TLoanCheckResponse> {
  const { db, userId } = options;
  if (userId === null) return { next: 'login' };
  const { next } = await findNextStep({ db, userId });
  return { next: next ?? 'apply' };
}
