import { z } from 'zod';
import { ISSUE_DATE_INVALID } from '../messages/identity-document.ts';
import { NAME_REQUIRED, PHOTO_NOT_FOUND } from '../messages/onboarding.ts';
import { GENDERS, ZCalendarDateSchema, ZIdentityNumberSchema } from './onboarding.ts';

/** The fields read from the ID card's front, in the order the page shows them. */
export const ID_CARD_FIELDS = ['name', 'idNumber', 'birthDate', 'gender', 'issueDate'] as const;
export type IdCardField = (typeof ID_CARD_FIELDS)[number];

/** Below this confidence (0-1) the page asks the user to look twice. */
export const LOW_CONFIDENCE = 0.75;

/** A calendar date `YYYY-MM-DD` that exists, refused with the issue-date text. */
const ZIssueDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ISSUE_DATE_INVALID)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, ISSUE_DATE_INVALID);

/**
 * One proposed field: null when it could not be read; confidence 0-1. `choices` (optional,
 * added later: older clients ignore it): a field read but for one detail the reader cannot
 * settle, `value` null and these the whole values it may be, for a one-tap choice (the ID
 * number's first letter O, D or Q, which the checksum cannot tell apart; a name with one
 * character between two look-alikes).
 */
const proposed = <T extends z.ZodType>(value: T) =>
  z.object({ value: value.nullable(), confidence: z.number().min(0).max(1), choices: z.array(value).optional() });

/** POST /api/v3/userAuth/ocrCheck — read the front photo (an own upload). */
export const ZOcrCheckRequestSchema = z.object({ frontKey: z.string().min(1, PHOTO_NOT_FOUND).max(128, PHOTO_NOT_FOUND) });

/**
 * The proposal. Dates are AD `YYYY-MM-DD` (the card's ROC dates converted). An ID number
 * that fails the checksum is never proposed: `idNumber.value` is null and
 * `idNumberRejected` true. `stepOneDifferences` lists the fields that differ from step 1
 * (個人明細); nothing is overwritten.
 */
export const ZOcrCheckResponseSchema = z.object({
  readingId: z.number().int(),
  fields: z.object({
    name: proposed(z.string()),
    idNumber: proposed(z.string()),
    birthDate: proposed(z.string()),
    gender: proposed(z.enum(GENDERS)),
    issueDate: proposed(z.string()),
  }),
  idNumberRejected: z.boolean(),
  /** The card's gender and its ID number's gender digit disagree. */
  genderConflict: z.boolean(),
  /** 性別 was not read on the card: the gender is the ID number's second digit's (optional, added later). */
  genderFromIdNumber: z.boolean().optional(),
  stepOneDifferences: z.array(z.enum(ID_CARD_FIELDS)),
});
export type TOcrCheckResponse = z.infer<typeof ZOcrCheckResponseSchema>;

/** POST /api/v3/userAuth/ocrConfirm — the values as the user confirmed or corrected them. */
export const ZOcrConfirmRequestSchema = z.object({
  readingId: z.number().int().positive(),
  name: z.string().trim().min(1, NAME_REQUIRED).max(32, NAME_REQUIRED),
  idNumber: ZIdentityNumberSchema,
  birthDate: ZCalendarDateSchema,
  gender: z.enum(GENDERS),
  issueDate: ZIssueDateSchema,
  /**
   * The borrower keeps the card's values where they differ from step 1: the confirmation
   * is stored and the application goes to staff review. Without it, differences refuse.
   */
  acceptDifferences: z.boolean().optional(),
});
export type TOcrConfirmRequest = z.input<typeof ZOcrConfirmRequestSchema>;

/** What was corrected (differs from the proposal) and what still differs from step 1. */
export const ZOcrConfirmResponseSchema = z.object({
  correctedFields: z.array(z.enum(ID_CARD_FIELDS)),
  stepOneDifferences: z.array(z.enum(ID_CARD_FIELDS)),
  /** The differences the borrower accepted (empty when the card agrees with step 1). */
  acceptedDifferences: z.array(z.enum(ID_CARD_FIELDS)),
});
export type TOcrConfirmResponse = z.infer<typeof ZOcrConfirmResponseSchema>;
