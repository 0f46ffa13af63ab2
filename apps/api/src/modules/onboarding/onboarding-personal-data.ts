import {
  EDUCATION_LABELS,
  GENDER_LABELS,
  MARITAL_STATUS_LABELS,
  OCCUPATION_LABELS,
  ONBOARDING_DATA_LIST,
  RELATIONSHIP_LABELS,
  SECOND_DOCUMENT_LABELS,
} from '@app/contract/messages/onboarding.ts';
import { ntd } from '@app/contract/money-format.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { maskIdentityNumber } from '@app/contract/validators/national-id.ts';
import { emergencyContacts, idCardPhotos, personalDetails, secondDocuments } from '../../db/schema/onboarding.ts';
import { formatTaipeiDateTime } from '../../domain/taipei-time.ts';
import type { DataItem, PersonalDataEntry } from '../../plugins/personal-data.ts';
import {
  eraseOnboardingRows,
  selectContacts,
  selectIdCardPhotos,
  selectPersonalDetails,
  selectSecondDocument,
} from './onboarding-repository.ts';

const labelOf = (labels: Readonly<Record<string, string>>, key: string): string => labels[key] ?? key;

/**
 * Steps 1-3. Listed under 帳號 (the person) and 您分享的資料 (the contacts) until the data
 * list has an onboarding category; the ID number and mobiles masked as on screens.
 */
export const onboardingPersonalData: PersonalDataEntry = {
  owner: 'onboarding',
  tables: [personalDetails, emergencyContacts, idCardPhotos, secondDocuments],
  async list({ db, subject }) {
    const [personal, contacts, photos, second] = await Promise.all([
      selectPersonalDetails(db, subject.id),
      selectContacts(db, subject.id),
      selectIdCardPhotos(db, subject.id),
      selectSecondDocument(db, subject.id),
    ]);
    const L = ONBOARDING_DATA_LIST;
    const items: DataItem[] = [];
    if (personal) {
      items.push(
        { category: 'identity', label: L.name, value: `${personal.name}（${labelOf(GENDER_LABELS, personal.gender)}）` },
        { category: 'identity', label: L.idNumber, value: maskIdentityNumber(personal.idNumber) },
        { category: 'identity', label: L.birthDate, value: personal.birthDate },
        {
          category: 'identity',
          label: L.work,
          value: [
            labelOf(MARITAL_STATUS_LABELS, personal.maritalStatus),
            labelOf(EDUCATION_LABELS, personal.education),
            labelOf(OCCUPATION_LABELS, personal.occupation),
            personal.employer,
            ntd(personal.monthlyIncome),
          ]
            .filter((part) => part !== '')
            .join('；'),
        },
        { category: 'identity', label: L.residence, value: `${personal.county}${personal.district}${personal.address}` },
        { category: 'identity', label: L.email, value: personal.email },
        { category: 'identity', label: L.lineId, value: personal.lineId || L.none },
      );
    } else {
      items.push({ category: 'identity', label: L.personal, value: L.none });
    }
    items.push(
      { category: 'identity', label: L.idCardFront, value: photos ? L.saved : L.none },
      { category: 'identity', label: L.idCardBack, value: photos ? L.saved : L.none },
      {
        category: 'identity',
        label: L.secondDocument,
        value: second ? `${labelOf(SECOND_DOCUMENT_LABELS, second.kind)}（${L.saved}）` : L.none,
      },
    );
    for (const contact of contacts) {
      items.push({
        category: 'contacts',
        label: L.contact,
        value: `${contact.name}（${labelOf(RELATIONSHIP_LABELS, contact.relationship)}）${maskTaiwanMobile(contact.mobile)}`,
      });
    }
    if (contacts.length === 0) items.push({ category: 'contacts', label: L.contact, value: L.none });
    const consentAt = contacts[0]?.consentAcceptedAt;
    if (consentAt) items.push({ category: 'contacts', label: L.contactConsentAt, value: formatTaipeiDateTime(consentAt) });
    return items;
  },
  erase: ({ db, subject }) => eraseOnboardingRows(db, subject.id),
};
