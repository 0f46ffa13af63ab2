import { isValidTaiwanIdentityNumber, maskIdentityNumber } from '@app/contract/validators/national-id.ts';
import type { Db } from '../../db/client.ts';
import { selectPersonalDetails } from './onboarding-repository.ts';

/**
 * What other modules may know of the borrower's identity from step 1, without the full ID
 * number leaving this module: the decision checks the age and the checksum, the contract
 * names the borrower with the masked number. Null before step 1.
 */
export async function getBorrowerIdentity(options: { db: Db; userId: number }): Promise<{
  name: string;
  gender: string;
  /** 'YYYY-MM-DD'. */
  birthDate: string;
  maskedIdNumber: string;
  idNumberChecksumValid: boolean;
} | null> {
  const row = await selectPersonalDetails(options.db, options.userId);
  if (!row) return null;
  return {
    name: row.name,
    gender: row.gender,
    birthDate: row.birthDate,
    maskedIdNumber: maskIdentityNumber(row.idNumber),
    idNumberChecksumValid: isValidTaiwanIdentityNumber(row.idNumber),
  };
}

/** Whether `idNumber` (read from a card) is the one of step 1; null before step 1. */
export async function isSameIdNumber(options: { db: Db; userId: number; idNumber: string }): Promise<boolean | null> {
  const row = await selectPersonalDetails(options.db, options.userId);
  return row ? row.idNumber === options.idNumber.trim().toUpperCase() : null;
}
