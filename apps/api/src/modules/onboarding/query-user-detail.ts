import { MIN_EMERGENCY_CONTACTS, type TQueryUserDetailResponse } from '@app/contract/schemas/onboarding.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { maskIdentityNumber } from '@app/contract/validators/national-id.ts';
import type { Db } from '../../db/client.ts';
import { selectContacts, selectIdCardPhotos, selectPersonalDetails, selectSecondDocument } from './onboarding-repository.ts';

type Detail = TQueryUserDetailResponse;

/** What the user saved in steps 1-3, ID number and mobiles masked; also every save's answer. */
export async function queryUserDetail(options: { db: Db; userId: number }): Promise<Detail> {
  const { db, userId } = options;
  const [personal, contacts, photos, second] = await Promise.all([
    selectPersonalDetails(db, userId),
    selectContacts(db, userId),
    selectIdCardPhotos(db, userId),
    selectSecondDocument(db, userId),
  ]);
  return {
    personal: personal && {
      name: personal.name,
      gender: personal.gender as NonNullable<Detail['personal']>['gender'],
      birthDate: personal.birthDate,
      maskedIdNumber: maskIdentityNumber(personal.idNumber),
      maritalStatus: personal.maritalStatus as NonNullable<Detail['personal']>['maritalStatus'],
      education: personal.education as NonNullable<Detail['personal']>['education'],
      occupation: personal.occupation as NonNullable<Detail['personal']>['occupation'],
      employer: personal.employer,
      monthlyIncome: personal.monthlyIncome,
      county: personal.county,
      district: personal.district,
      address: personal.address,
      email: personal.email,
      lineId: personal.lineId,
    },
    contacts: contacts.map((contact) => ({
      name: contact.name,
      relationship: contact.relationship as Detail['contacts'][number]['relationship'],
      maskedMobile: maskTaiwanMobile(contact.mobile),
    })),
    contactConsentAt: contacts[0]?.consentAcceptedAt.toISOString() ?? null,
    idCard: { frontKey: photos?.frontKey ?? null, backKey: photos?.backKey ?? null },
    secondDocument: second && { kind: second.kind as NonNullable<Detail['secondDocument']>['kind'], imageKey: second.imageKey },
    done: { personal: personal !== null, contacts: contacts.length >= MIN_EMERGENCY_CONTACTS, idCard: photos !== null },
  };
}
