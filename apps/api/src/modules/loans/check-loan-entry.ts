import type { TLoanCheckResponse } from '@app/contract/schemas/loan-home.ts';
import type { Db } from '../../db/client.ts';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { findLoanPosition } from './find-loan-position.ts';

/**
 * Where 立即申請 goes: log in first; then the open order (待簽約 resumes signing, any
 * other state is followed on the order); then a refusal's cool-down; then the next
 * onboarding step; then the application.
 */
export async function checkLoanEntry(options: { db: Db; userId: number | null; now: Date }): Promise<TLoanCheckResponse> {
  const { db, userId, now } = options;
  if (userId === null) return { next: 'login' };
  const position = await findLoanPosition({ db, userId, today: taipeiCalendarDate(now) });
  if (position.openOrder) return { next: 'order', orderId: String(position.openOrder.id), orderState: position.openOrder.state };
  if (position.coolDownUntil) return { next: 'coolDown', coolDownUntil: position.coolDownUntil };
  return { next: position.nextStep ?? 'apply' };
}
