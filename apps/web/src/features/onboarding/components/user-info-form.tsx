import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import DatePicker from 'antd-mobile/es/components/date-picker';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import type { RefObject } from 'react';
import type { DatePickerRef } from 'antd-mobile/es/components/date-picker';
import {
  EDUCATION_LEVELS,
  GENDERS,
  MARITAL_STATUSES,
  OCCUPATIONS,
  ZIdentityNumberSchema,
  ZSupplementUserInfoRequestSchema,
} from '@app/contract/schemas/onboarding.ts';
import {
  BIRTH_DATE_INVALID,
  COUNTY_INVALID,
  EDUCATION_LABELS,
  GENDER_LABELS,
  ID_NUMBER_REQUIRED,
  MARITAL_STATUS_LABELS,
  OCCUPATION_LABELS,
} from '@app/contract/messages/onboarding.ts';
import * as T from '@app/contract/messages/onboarding-pages.ts';
import { useCommonAddress } from '../../../shared/api/common-address.ts';
import type { UserDetail } from '../../../shared/api/query-user-detail.ts';
import { ROUTES, routeWithQuery } from '../../../shared/config/route-paths.ts';
import { PickerItem, choicesOf, pickedKey } from '../../../shared/forms/picker-item.tsx';
import { requiredRule, zodRule } from '../../../shared/forms/zod-rule.ts';
import { useSupplementUserInfo, type SupplementUserInfoInput } from '../api/supplement-user-info.ts';
import { MIN_BORROWER_AGE } from '@app/contract/validators/borrower-age.ts';
import { CountyDistrictItem } from '../../../shared/forms/county-district-item.tsx';
import { formatDate } from '../../../shared/utils/format.ts';
import { calendarDateToPickerDate, pickerDateToCalendarDate } from '../../../shared/utils/picker-date.ts';
import { useContinueOnboarding } from '../../../shared/hooks/use-continue-onboarding.ts';
import { clearDraft, draftString, draftStrings, readDraft, writeDraft } from '../../../shared/store/form-drafts.ts';
import { IdCardAutofill, type IdCardFields } from './id-card-autofill.tsx';
import './onboarding-forms.css';

const shape = ZSupplementUserInfoRequestSchema.shape;

interface Values {
  name?: string;
  gender?: string[];
  birthDate?: Date;
  idNumber?: string;
  maritalStatus?: string[];
  education?: string[];
  occupation?: string[];
  employer?: string;
  monthlyIncome?: string;
  place?: string[];
  address?: string;
  email?: string;
  lineId?: string;
}

/** The saved answers as the form's values; the ID number stays empty (only its mask is known). */
function initialValues(personal: UserDetail['personal']): Values {
  if (!personal) return {};
  return {
    name: personal.name,
    gender: [personal.gender],
    birthDate: calendarDateToPickerDate(personal.birthDate),
    maritalStatus: [personal.maritalStatus],
    education: [personal.education],
    occupation: [personal.occupation],
    employer: personal.employer,
    monthlyIncome: String(personal.monthlyIncome),
    place: [personal.county, personal.district],
    address: personal.address,
    email: personal.email,
    lineId: personal.lineId,
  };
}

const TEXT_FIELDS = ['name', 'idNumber', 'employer', 'monthlyIncome', 'address', 'email', 'lineId'] as const;
const PICKED_FIELDS = ['gender', 'maritalStatus', 'education', 'occupation', 'place'] as const;

/** The form's values as the draft keeps them: strings, picked keys, the birth date as `YYYY-MM-DD`. */
function toDraft(values: Values): Record<string, unknown> {
  return { ...values, birthDate: values.birthDate ? pickerDateToCalendarDate(values.birthDate) : undefined };
}

/** The draft read back, each field only when it has the right shape. */
function fromDraft(draft: Record<string, unknown> | undefined): Values {
  if (!draft) return {};
  const values: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) values[field] = draftString(draft, field);
  for (const field of PICKED_FIELDS) values[field] = draftStrings(draft, field);
  const birth = draftString(draft, 'birthDate');
  values.birthDate = birth ? calendarDateToPickerDate(birth) : undefined;
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Values;
}

const income = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN);
const MIN_BIRTH = new Date(1900, 0, 1);
/** The date picker ends, and opens, on the latest birth date that can pass the age rule. */
function latestAdultBirthDate(): Date {
  const today = new Date();
  return new Date(today.getFullYear() - MIN_BORROWER_AGE, today.getMonth(), today.getDate());
}

/** Step 1 (個人明細): antd-mobile Form, each field checked by the contract's own schema. */
export function UserInfoForm({ detail }: { detail: UserDetail }) {
  const navigate = useNavigate();
  const save = useSupplementUserInfo();
  const address = useCommonAddress();
  const continueOnboarding = useContinueOnboarding('personal');
  const [form] = Form.useForm<Values>();

  /** The card's values into the form (and the draft), for the borrower to check. */
  function fillFromCard(fields: IdCardFields) {
    form.setFieldsValue({
      ...(fields.name ? { name: fields.name } : {}),
      ...(fields.idNumber ? { idNumber: fields.idNumber } : {}),
      ...(fields.birthDate ? { birthDate: calendarDateToPickerDate(fields.birthDate) } : {}),
      ...(fields.gender ? { gender: [fields.gender] } : {}),
    });
    writeDraft('userInfo', toDraft(form.getFieldsValue(true) as Values));
  }
  const savedIdNumber = detail.personal?.maskedIdNumber;
  // What was typed and not saved (a reload, a back, a relogin) over the saved answers.
  const [initial] = useState(() => ({ ...initialValues(detail.personal), ...fromDraft(readDraft('userInfo')) }));

  async function onFinish(values: Values) {
    const idNumber = values.idNumber?.trim() ?? '';
    const input: SupplementUserInfoInput = {
      name: values.name ?? '',
      gender: pickedKey(values.gender) as SupplementUserInfoInput['gender'],
      birthDate: values.birthDate ? pickerDateToCalendarDate(values.birthDate) : '',
      ...(idNumber ? { idNumber } : {}),
      maritalStatus: pickedKey(values.maritalStatus) as SupplementUserInfoInput['maritalStatus'],
      education: pickedKey(values.education) as SupplementUserInfoInput['education'],
      occupation: pickedKey(values.occupation) as SupplementUserInfoInput['occupation'],
      employer: values.employer ?? '',
      monthlyIncome: income(values.monthlyIncome),
      county: values.place?.[0] ?? '',
      district: values.place?.[1] ?? '',
      address: values.address ?? '',
      email: values.email ?? '',
      lineId: values.lineId ?? '',
    };
    try {
      await save.mutateAsync(input);
    } catch {
      return; // the query client showed the server's refusal
    }
    clearDraft('userInfo');
    await continueOnboarding();
  }

  const personal = detail.personal;
  return (
    <>
      {personal ? null : <IdCardAutofill onRead={fillFromCard} />}
      <Form
        form={form}
        layout="horizontal"
        mode="card"
        initialValues={initial}
        onValuesChange={(_changed, all: Values) => writeDraft('userInfo', toDraft(all))}
        onFinish={(values: Values) => void onFinish(values)}
        footer={
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={save.isPending}>
            {T.PAGE_STEP_SAVE_NEXT}
          </Button>
        }
      >
        <Form.Header>{T.USER_INFO_SECTION_BASIC}</Form.Header>
        <Form.Item name="name" label={T.USER_INFO_NAME} required rules={[zodRule(shape.name)]}>
          <Input placeholder={T.USER_INFO_NAME_PLACEHOLDER} autoComplete="name" maxLength={32} />
        </Form.Item>
        <PickerItem
          name="gender"
          label={T.USER_INFO_GENDER}
          choices={choicesOf(GENDERS, GENDER_LABELS)}
          rules={[requiredRule(T.PAGE_FIELD_REQUIRED)]}
        />
        <Form.Item
          name="birthDate"
          label={T.USER_INFO_BIRTH_DATE}
          trigger="onConfirm"
          arrow
          rules={[requiredRule(BIRTH_DATE_INVALID)]}
          onClick={(_e, ref: RefObject<DatePickerRef | null>) => ref.current?.open()}
        >
          <DatePicker min={MIN_BIRTH} max={latestAdultBirthDate()} title={T.USER_INFO_BIRTH_DATE}>
            {(value) =>
              value ? (
                <span className="picker-value">{formatDate(pickerDateToCalendarDate(value))}</span>
              ) : (
                <span className="picker-placeholder">{T.PAGE_PICK_PLACEHOLDER}</span>
              )
            }
          </DatePicker>
        </Form.Item>
        <Form.Item
          name="idNumber"
          label={T.USER_INFO_ID_NUMBER}
          required={!savedIdNumber}
          description={savedIdNumber ? T.USER_INFO_ID_NUMBER_SAVED_HINT : undefined}
          rules={[
            savedIdNumber
              ? zodRule(ZIdentityNumberSchema.optional(), (v) => (typeof v === 'string' && v.trim() !== '' ? v : undefined))
              : zodRule(ZIdentityNumberSchema, (v) => {
                  if (typeof v !== 'string' || v.trim() === '') throw new Error(ID_NUMBER_REQUIRED);
                  return v;
                }),
          ]}
        >
          <Input placeholder={savedIdNumber ?? T.USER_INFO_ID_NUMBER_PLACEHOLDER} maxLength={10} autoComplete="off" />
        </Form.Item>
        <PickerItem
          name="maritalStatus"
          label={T.USER_INFO_MARITAL_STATUS}
          choices={choicesOf(MARITAL_STATUSES, MARITAL_STATUS_LABELS)}
          rules={[requiredRule(T.PAGE_FIELD_REQUIRED)]}
        />
        <PickerItem
          name="education"
          label={T.USER_INFO_EDUCATION}
          choices={choicesOf(EDUCATION_LEVELS, EDUCATION_LABELS)}
          rules={[requiredRule(T.PAGE_FIELD_REQUIRED)]}
        />

        <Form.Header>{T.USER_INFO_SECTION_WORK}</Form.Header>
        <PickerItem
          name="occupation"
          label={T.USER_INFO_OCCUPATION}
          choices={choicesOf(OCCUPATIONS, OCCUPATION_LABELS)}
          rules={[requiredRule(T.PAGE_FIELD_REQUIRED)]}
        />
        <Form.Item name="employer" label={T.USER_INFO_EMPLOYER} rules={[zodRule(shape.employer)]}>
          <Input placeholder={T.USER_INFO_EMPLOYER_PLACEHOLDER} maxLength={64} />
        </Form.Item>
        <Form.Item name="monthlyIncome" label={T.USER_INFO_MONTHLY_INCOME} required rules={[zodRule(shape.monthlyIncome, income)]}>
          <Input placeholder={T.USER_INFO_MONTHLY_INCOME_PLACEHOLDER} inputMode="numeric" maxLength={8} />
        </Form.Item>

        <Form.Header>{T.USER_INFO_SECTION_HOME}</Form.Header>
        <CountyDistrictItem
          name="place"
          label={T.USER_INFO_COUNTY_DISTRICT}
          rules={[requiredRule(COUNTY_INVALID)]}
          list={address.data}
          loading={address.isPending}
        />
        <Form.Item name="address" label={T.USER_INFO_ADDRESS} required rules={[zodRule(shape.address)]}>
          <Input placeholder={T.USER_INFO_ADDRESS_PLACEHOLDER} autoComplete="street-address" maxLength={128} />
        </Form.Item>
        {personal ? (
          <Form.Item>
            <button
              type="button"
              className="step-page-link"
              onClick={() =>
                void navigate(
                  routeWithQuery(ROUTES.openLocation, {
                    name: `${personal.county}${personal.district}`,
                    address: `${personal.county}${personal.district}${personal.address}`,
                  }),
                )
              }
            >
              {T.USER_INFO_VIEW_ON_MAP}
            </button>
          </Form.Item>
        ) : null}

        <Form.Header>{T.USER_INFO_SECTION_CONTACT}</Form.Header>
        <Form.Item name="email" label={T.USER_INFO_EMAIL} required rules={[zodRule(shape.email)]}>
          <Input placeholder={T.USER_INFO_EMAIL_PLACEHOLDER} inputMode="email" autoComplete="email" maxLength={254} />
        </Form.Item>
        <Form.Item name="lineId" label={T.USER_INFO_LINE_ID} rules={[zodRule(shape.lineId)]}>
          <Input placeholder={T.USER_INFO_LINE_ID_PLACEHOLDER} maxLength={32} />
        </Form.Item>
      </Form>
    </>
  );
}
