import { normalizeIdentityNumber } from '@app/contract/validators/national-id.ts';
import type { Db } from '../../db/client.ts';
import { selectUserIdByIdNumber } from './onboarding-repository.ts';

/**
 * Who holds an ID number (exact match, as typed: spaces and case ignored), for staff
 * search; null when nobody does. The one place a lookup by ID number happens, so storing
 * the number differently (encrypted, found through a blind index) changes only this.
 */
export async function findUserIdByIdNumber(options: { db: Db; idNumber: string }): Promise<number | null> {
  return selectUserIdByIdNumber(options.db, normalizeIdentityNumber(options.idNumber));
}
