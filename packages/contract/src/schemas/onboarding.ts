import { z } from 'zod';
import {
  ADDRESS_REQUIRED,
  BIRTH_DATE_INVALID,
  CONTACT_CONSENT_REQUIRED,
  CONTACT_MOBILE_INVALID,
  CONTACT_NAME_REQUIRED,
  CONTACTS_DUPLICATE,
  CONTACTS_TOO_FEW,
  CONTACTS_TOO_MANY,
  COUNTY_INVALID,
  DISTRICT_INVALID,
  EMAIL_INVALID,
  EMPLOYER_INVALID,
  ID_NUMBER_INVALID,
  LINE_ID_INVALID,
  MONTHLY_INCOME_INVALID,
  NAME_REQUIRED,
  PHOTO_NOT_FOUND,
} from '../messages/onboarding.ts';
import { normalizeTaiwanMobile } from '../validators/mobile.ts';
import { isValidTaiwanIdentityNumber, normalizeIdentityNumber } from '../validators/national-id.ts';

/** Choices are keys; their Traditional Chinese labels are in messages/onboarding.ts. */
export const GENDERS = ['male', 'female'] as const;
export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed'] as const;
export const EDUCATION_LEVELS = ['junior_high_or_below', 'senior_high', 'associate', 'bachelor', 'master_or_above'] as const;
export const OCCUPATIONS = [
  'employee',
  'civil_servant',
  'self_employed',
  'freelancer',
  'student',
  'homemaker',
  'retired',
  'unemployed',
  'other',
] as const;
export const CONTACT_RELATIONSHIPS = ['parent', 'spouse', 'child', 'sibling', 'relative', 'friend', 'colleague'] as const;
/** The optional second document of the ID-card step. */
export const SECOND_DOCUMENT_KINDS = ['health_insurance', 'driver_license'] as const;

export const MIN_EMERGENCY_CONTACTS = 2;
export const MAX_EMERGENCY_CONTACTS = 5;
export const MAX_MONTHLY_INCOME = 10_000_000;

/**
 * County and city names are stored with 臺 (the Ministry of the Interior's form); users
 * type 台 as often, so both are accepted and the schema hands on the canonical one.
 */
export function canonicalCountyName(input: string): string {
  return input.trim().replaceAll('台', '臺');
}

/** A national ID or resident certificate, checksum-checked, trimmed and upper-cased. */
export const ZIdentityNumberSchema = z
  .string()
  .max(20, ID_NUMBER_INVALID)
  .transform(normalizeIdentityNumber)
  .refine(isValidTaiwanIdentityNumber, ID_NUMBER_INVALID);

/** A calendar date `YYYY-MM-DD` that exists (no 02-30). */
export const ZCalendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, BIRTH_DATE_INVALID)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, BIRTH_DATE_INVALID);

/**
 * POST /api/v3/userAuth/supplementUserInfo — step 1 (個人明細), saved again to correct it.
 * `idNumber` may be left out once saved (screens show it masked): the saved one stays.
 * The server also checks what needs the database or the clock: the number's gender digit
 * against `gender`, age 20 or over (Taipei date), the district within the county, and
 * one number per account.
 */
export const ZSupplementUserInfoRequestSchema = z.object({
  name: z.string().trim().min(1, NAME_REQUIRED).max(32, NAME_REQUIRED),
  gender: z.enum(GENDERS),
  birthDate: ZCalendarDateSchema,
  idNumber: ZIdentityNumberSchema.optional(),
  maritalStatus: z.enum(MARITAL_STATUSES),
  education: z.enum(EDUCATION_LEVELS),
  occupation: z.enum(OCCUPATIONS),
  employer: z.string().trim().max(64, EMPLOYER_INVALID).default(''),
  /** NT$ a month, whole dollars. */
  monthlyIncome: z
    .number(MONTHLY_INCOME_INVALID)
    .int(MONTHLY_INCOME_INVALID)
    .min(0, MONTHLY_INCOME_INVALID)
    .max(MAX_MONTHLY_INCOME, MONTHLY_INCOME_INVALID),
  /** One of the 22 counties and cities of loan/common/address; 台 or 臺. */
  county: z.string().max(8, COUNTY_INVALID).transform(canonicalCountyName).pipe(z.string().min(1, COUNTY_INVALID)),
  district: z.string().trim().min(1, DISTRICT_INVALID).max(16, DISTRICT_INVALID),
  address: z.string().trim().min(1, ADDRESS_REQUIRED).max(128, ADDRESS_REQUIRED),
  email: z.string().trim().max(254, EMAIL_INVALID).pipe(z.email(EMAIL_INVALID)),
  lineId: z.string().trim().max(32, LINE_ID_INVALID).default(''),
});
export type TSupplementUserInfoRequest = z.input<typeof ZSupplementUserInfoRequestSchema>;

/** POST /api/v3/userAuth/identitycheck — whether the caller may use this number (never who holds it). */
export const ZIdentityCheckRequestSchema = z.object({ idNumber: ZIdentityNumberSchema });
export const ZIdentityCheckResponseSchema = z.object({ available: z.boolean() });
export type TIdentityCheckResponse = z.infer<typeof ZIdentityCheckResponseSchema>;

const ZContactInputSchema = z.object({
  name: z.string().trim().min(1, CONTACT_NAME_REQUIRED).max(32, CONTACT_NAME_REQUIRED),
  relationship: z.enum(CONTACT_RELATIONSHIPS),
  mobile: z
    .string()
    .max(20, CONTACT_MOBILE_INVALID)
    .transform((value, ctx) => {
      const mobile = normalizeTaiwanMobile(value);
      if (!mobile) {
        ctx.addIssue({ code: 'custom', message: CONTACT_MOBILE_INVALID });
        return z.NEVER;
      }
      return mobile;
    }),
});

/**
 * POST /api/v3/emergencyContact/add — step 2 (聯絡人): replaces the caller's contacts
 * with this list. `consent` is the box beside CONTACT_CONSENT_TEXT (PDPA art. 9). The
 * server also refuses the caller's own number.
 */
export const ZEmergencyContactAddRequestSchema = z.object({
  contacts: z
    .array(ZContactInputSchema)
    .min(MIN_EMERGENCY_CONTACTS, CONTACTS_TOO_FEW)
    .max(MAX_EMERGENCY_CONTACTS, CONTACTS_TOO_MANY)
    .refine((contacts) => new Set(contacts.map((c) => c.mobile)).size === contacts.length, CONTACTS_DUPLICATE),
  consent: z.literal(true, CONTACT_CONSENT_REQUIRED),
});
export type TEmergencyContactAddRequest = z.input<typeof ZEmergencyContactAddRequestSchema>;

/** An upload/image key of the caller's own upload. */
const ZImageKeySchema = z.string().min(1, PHOTO_NOT_FOUND).max(128, PHOTO_NOT_FOUND);

/**
 * POST /api/v3/userAuth/idCardPhotos (not in SPEC.md) — step 3 (身分證): the front and
 * back photos, uploaded first with upload/image. Only the caller's own uploads are taken.
 */
export const ZIdCardPhotosRequestSchema = z.object({ frontKey: ZImageKeySchema, backKey: ZImageKeySchema });
export type TIdCardPhotosRequest = z.input<typeof ZIdCardPhotosRequestSchema>;

/** POST /api/v3/userAuth/license — the optional second document (health-insurance card or driver's licence). */
export const ZLicenseRequestSchema = z.object({ kind: z.enum(SECOND_DOCUMENT_KINDS), imageKey: ZImageKeySchema });
export type TLicenseRequest = z.input<typeof ZLicenseRequestSchema>;

/** The onboarding steps this module owns (bank card and face belong to others). */
export const ZOnboardingOwnStepsSchema = z.object({ personal: z.boolean(), contacts: z.boolean(), idCard: z.boolean() });

/** POST /api/v3/userAuth/queryUserDetail — what the caller saved, numbers masked. */
export const ZQueryUserDetailResponseSchema = z.object({
  personal: z
    .object({
      name: z.string(),
      gender: z.enum(GENDERS),
      birthDate: z.string(),
      /** `A12****789`: the whole number never leaves the server. */
      maskedIdNumber: z.string(),
      maritalStatus: z.enum(MARITAL_STATUSES),
      education: z.enum(EDUCATION_LEVELS),
      occupation: z.enum(OCCUPATIONS),
      employer: z.string(),
      monthlyIncome: z.number().int(),
      county: z.string(),
      district: z.string(),
      address: z.string(),
      email: z.string(),
      lineId: z.string(),
    })
    .nullable(),
  contacts: z.array(z.object({ name: z.string(), relationship: z.enum(CONTACT_RELATIONSHIPS), maskedMobile: z.string() })),
  /** ISO time the contact notice was accepted; null before step 2. */
  contactConsentAt: z.string().nullable(),
  /** Upload keys (served to their owner only by upload/file); null until saved. */
  idCard: z.object({ frontKey: z.string().nullable(), backKey: z.string().nullable() }),
  secondDocument: z.object({ kind: z.enum(SECOND_DOCUMENT_KINDS), imageKey: z.string() }).nullable(),
  done: ZOnboardingOwnStepsSchema,
});
export type TQueryUserDetailResponse = z.infer<typeof ZQueryUserDetailResponseSchema>;

/** POST /api/v3/loan/common/address (public) — the 22 counties and cities, their 368 districts. */
export const ZCommonAddressResponseSchema = z.object({
  counties: z.array(
    z.object({
      name: z.string(),
      districts: z.array(z.object({ name: z.string(), zipCode: z.string().regex(/^\d{3}$/) })),
    }),
  ),
});
export type TCommonAddressResponse = z.infer<typeof ZCommonAddressResponseSchema>;
