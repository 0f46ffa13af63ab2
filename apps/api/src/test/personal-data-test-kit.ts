import type { Db } from '../db/client.ts';
import { selectPersonalDetails, upsertPersonalDetails, type PersonalDetailsValues } from '../modules/onboarding/onboarding-repository.ts';

/**
 * Changes a borrower's saved step 1 behind the use case's checks (a birth date that makes
 * them a minor today, an ID number whose checksum fails), sealed as the repository stores
 * every row: a test cannot write the columns in clear.
 */
export async function changePersonalDetails(
  db: Db,
  userId: number,
  changes: Partial<Omit<PersonalDetailsValues, 'userId'>>,
): Promise<void> {
  const saved = await selectPersonalDetails(db, userId);
  if (!saved) throw new Error('no personal details to change');
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...values } = saved;
  if (!(await upsertPersonalDetails(db, { ...values, ...changes, userId }))) throw new Error('personal details not saved');
}
