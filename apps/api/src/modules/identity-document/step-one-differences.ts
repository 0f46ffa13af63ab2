import type { IdCardField } from '@app/contract/schemas/identity-document.ts';
import type { Db } from '../../db/client.ts';
import { isSameIdNumber, queryUserDetail } from '../onboarding/index.ts';

export interface CardValues {
  name: string | null;
  idNumber: string | null;
  birthDate: string | null;
  gender: 'male' | 'female' | null;
  /** A field read but for one detail: the values it may be (it differs only when none is step 1's). */
  nameChoices?: readonly string[] | undefined;
  idNumberChoices?: readonly string[] | undefined;
}

/**
 * The fields where the card's values differ from step 1 (個人明細), for the user to see;
 * step 1 is never changed here. Fields not read, or step 1 not saved, do not count. The
 * ID number is compared whole by onboarding, which keeps it (only a yes or no comes back).
 * A field offered as choices differs when none of them is step 1's.
 */
export async function stepOneDifferences(options: { db: Db; userId: number; card: CardValues }): Promise<IdCardField[]> {
  const { card } = options;
  const personal = (await queryUserDetail({ db: options.db, userId: options.userId })).personal;
  if (!personal) return [];
  const differences: IdCardField[] = [];
  const names = card.name !== null ? [card.name] : (card.nameChoices ?? []);
  if (names.length > 0 && !names.includes(personal.name.trim())) differences.push('name');
  const idNumbers = card.idNumber !== null ? [card.idNumber] : (card.idNumberChoices ?? []);
  const same = await Promise.all(idNumbers.map((idNumber) => isSameIdNumber({ db: options.db, userId: options.userId, idNumber })));
  if (idNumbers.length > 0 && same.every((answer) => answer === false)) differences.push('idNumber');
  if (card.birthDate !== null && card.birthDate !== personal.birthDate) differences.push('birthDate');
  if (card.gender !== null && card.gender !== personal.gender) differences.push('gender');
  return differences;
}
