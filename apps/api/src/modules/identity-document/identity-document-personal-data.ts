import { GENDER_LABELS } from '@app/contract/messages/onboarding.ts';
import { OCR_DATA_LIST, OCR_FIELD_LABELS } from '@app/contract/messages/identity-document.ts';
import type { IdCardField } from '@app/contract/schemas/identity-document.ts';
import { maskIdentityNumber } from '@app/contract/validators/national-id.ts';
import { idCardReadings } from '../../db/schema/identity-document.ts';
import type { PersonalDataEntry } from '../../plugins/personal-data.ts';
import { eraseReadings, selectLatestConfirmed } from './identity-document-repository.ts';

/** The confirmed ID-card reading, listed under 身分 with the number masked; erased with the account. */
export const identityDocumentPersonalData: PersonalDataEntry = {
  owner: 'identity-document',
  tables: [idCardReadings],
  async list({ db, subject }) {
    const reading = await selectLatestConfirmed(db, subject.id);
    const confirmed = reading?.confirmed;
    if (!reading || !confirmed) return [{ category: 'identity', label: OCR_DATA_LIST.reading, value: OCR_DATA_LIST.none }];
    const corrected = (reading.correctedFields ?? []).map((field) => OCR_FIELD_LABELS[field as IdCardField] ?? field);
    return [
      {
        category: 'identity',
        label: OCR_DATA_LIST.reading,
        value: [
          confirmed.name,
          maskIdentityNumber(confirmed.idNumber),
          confirmed.birthDate,
          GENDER_LABELS[confirmed.gender],
          `${OCR_FIELD_LABELS.issueDate} ${confirmed.issueDate}`,
        ].join('；'),
      },
      { category: 'identity', label: OCR_DATA_LIST.corrected, value: corrected.length > 0 ? corrected.join('、') : OCR_DATA_LIST.none },
    ];
  },
  erase: ({ db, subject }) => eraseReadings(db, subject.id),
};
