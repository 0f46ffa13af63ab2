import { maskIdentityNumber } from '@app/contract/validators/national-id.ts';
import type { Db } from '../../db/client.ts';
import { isSameIdNumber } from '../onboarding/index.ts';
import { selectLatestConfirmed } from './identity-document-repository.ts';

interface CardValues {
  name: string | null;
  /** Masked: the whole number never leaves the owners (onboarding, this module). */
  idNumber: string | null;
  birthDate: string | null;
  gender: string | null;
}

/**
 * For staff review: what OCR read from the borrower's latest confirmed card and what the
 * borrower confirmed, the fields they corrected, the step-1 differences they accepted,
 * and whether the confirmed ID number is step 1's. Null when no card was confirmed.
 */
export async function getIdCardReadingForReview(options: { db: Db; userId: number }): Promise<{
  read: CardValues;
  confirmed: CardValues;
  idNumberMatchesStepOne: boolean | null;
  correctedFields: string[];
  acceptedDifferences: string[];
} | null> {
  const reading = await selectLatestConfirmed(options.db, options.userId);
  if (!reading?.confirmed) return null;
  const { proposal, confirmed } = reading;
  const maskOrNull = (value: string | null | undefined) => (value ? maskIdentityNumber(value) : null);
  return {
    read: {
      name: proposal.name.value,
      idNumber: maskOrNull(proposal.idNumber.value),
      birthDate: proposal.birthDate.value,
      gender: proposal.gender.value,
    },
    confirmed: {
      name: confirmed.name,
      idNumber: maskIdentityNumber(confirmed.idNumber),
      birthDate: confirmed.birthDate,
      gender: confirmed.gender,
    },
    idNumberMatchesStepOne: await isSameIdNumber({ db: options.db, userId: options.userId, idNumber: confirmed.idNumber }),
    correctedFields: reading.correctedFields ?? [],
    acceptedDifferences: confirmed.acceptedDifferences ?? [],
  };
}
