import type { z } from 'zod';
import {
  COUNTY_INVALID,
  DISTRICT_INVALID,
  ID_NUMBER_GENDER_MISMATCH,
  ID_NUMBER_REQUIRED,
  ID_NUMBER_TAKEN,
  UNDER_AGE,
} from '@app/contract/messages/onboarding.ts';
import type { ZSupplementUserInfoRequestSchema } from '@app/contract/schemas/onboarding.ts';
import { genderOfIdentityNumber } from '@app/contract/validators/national-id.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { isAdultOn } from './adult-age.ts';
import { countIdentityProbe, type IdentityProbeLimit } from './identity-probe-limit.ts';
import { isIdNumberHeldByOther, selectPersonalDetails, upsertPersonalDetails } from './onboarding-repository.ts';
import { isDistrictOf, isKnownCounty } from './taiwan-addresses.ts';

/** A refusal whose log line names the rule only, never the value. */
const refuse = (userMessage: string, rule: string) =>
  new AppError('BUSINESS_RULE', { userMessage, message: `personal details refused: ${rule}` });

/**
 * Step 1: saves the user's personal details, or updates them when corrected. Without
 * `idNumber` the saved one is kept. Every refusal changes nothing.
 */
export async function savePersonalDetails(
  options: IdentityProbeLimit & {
    db: Db;
    userId: number;
    now: Date;
    details: z.output<typeof ZSupplementUserInfoRequestSchema>;
  },
): Promise<void> {
  const { db, userId, now, details } = options;
  const existing = await selectPersonalDetails(db, userId);
  const idNumber = details.idNumber ?? existing?.idNumber;
  if (!idNumber) throw refuse(ID_NUMBER_REQUIRED, 'no id number');
  if (genderOfIdentityNumber(idNumber) !== details.gender) throw refuse(ID_NUMBER_GENDER_MISMATCH, 'gender digit');
  if (!isAdultOn(details.birthDate, now)) throw refuse(UNDER_AGE, 'under age');
  if (!isKnownCounty(details.county)) throw refuse(COUNTY_INVALID, 'county');
  if (!isDistrictOf(details.county, details.district)) throw refuse(DISTRICT_INVALID, 'district');
  // The same answer whoever holds it; the unique index settles a race between two accounts.
  if (idNumber !== existing?.idNumber) {
    await countIdentityProbe(options);
    if (await isIdNumberHeldByOther(db, idNumber, userId)) throw refuse(ID_NUMBER_TAKEN, 'id number taken');
  }
  const saved = await upsertPersonalDetails(db, { ...details, idNumber, userId });
  if (!saved) throw refuse(ID_NUMBER_TAKEN, 'id number taken');
}
