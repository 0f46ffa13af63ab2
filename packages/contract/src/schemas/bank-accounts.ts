import { z } from 'zod';
import {
  BANK_ACCOUNT_RULE,
  BANK_BRANCH_NOT_OF_BANK,
  BANK_CARD_NOT_FOUND,
  BANK_HOLDER_NAME_REQUIRED,
  BANK_PASSBOOK_IMAGE_INVALID,
  BANK_UNKNOWN,
} from '../messages/bank-accounts.ts';
import { BANK_BRANCH_CODE_PATTERN, BANK_CODE_PATTERN, isValidBankAccount, normalizeBankAccount } from '../validators/bank-account.ts';

/** Onboarding step 4 (銀行卡): the bank list, branches and the user's bank accounts. */

export const ZBankCodeSchema = z.string().regex(BANK_CODE_PATTERN, BANK_UNKNOWN);
export const ZBankBranchCodeSchema = z.string().regex(BANK_BRANCH_CODE_PATTERN, BANK_BRANCH_NOT_OF_BANK);

/**
 * The account number as typed: spaces and hyphens dropped, then digits only, 10-16 long.
 * Forms check the same rule with `isValidBankAccount(normalizeBankAccount(text))`.
 */
export const ZBankAccountNumberSchema = z
  .string()
  .max(40, BANK_ACCOUNT_RULE)
  .transform((value, ctx) => {
    const digits = normalizeBankAccount(value);
    if (!isValidBankAccount(digits)) {
      ctx.addIssue({ code: 'custom', message: BANK_ACCOUNT_RULE });
      return z.NEVER;
    }
    return digits;
  });

/** A card id as the list answers it (a positive integer, as a string). */
export const ZBankCardIdSchema = z.string().regex(/^[1-9]\d{0,15}$/, BANK_CARD_NOT_FOUND);

/** An upload key from upload/image (checked to be the caller's own on the server). */
const ZImageKeySchema = z.string().min(1, BANK_PASSBOOK_IMAGE_INVALID).max(200, BANK_PASSBOOK_IMAGE_INVALID);

/** POST /api/v3/bank/list (public) — Taiwan banks, optionally filtered by name or code. */
export const ZBankListRequestSchema = z
  .object({ keyword: z.string().trim().max(20).optional() })
  .optional()
  .transform((value) => value ?? {});
export const ZBankSchema = z.object({
  /** 3 digits, e.g. '004'. */
  code: z.string(),
  /** Traditional Chinese, e.g. '臺灣銀行'. */
  name: z.string(),
  /** false: the bank has no branch list (LINE Bank, Rakuten, 農業金庫, 中華郵政): the branch is optional. */
  hasBranches: z.boolean(),
});
export type TBank = z.infer<typeof ZBankSchema>;
export const ZBankListResponseSchema = z.object({ banks: z.array(ZBankSchema) });
export type TBankListResponse = z.infer<typeof ZBankListResponseSchema>;

/** POST /api/v3/bankBranch/list — the branches of one bank, optionally filtered by name. */
export const ZBankBranchListRequestSchema = z.object({
  bankCode: ZBankCodeSchema,
  keyword: z.string().trim().max(20).optional(),
});
export type TBankBranchListRequest = z.input<typeof ZBankBranchListRequestSchema>;
export const ZBankBranchSchema = z.object({
  /** 7 digits: the bank code and 4 more. */
  code: z.string(),
  name: z.string(),
  address: z.string(),
});
export type TBankBranch = z.infer<typeof ZBankBranchSchema>;
export const ZBankBranchListResponseSchema = z.object({
  bankCode: z.string(),
  /** false: no list for this bank; `branches` is empty and a card needs no branch. */
  hasBranches: z.boolean(),
  branches: z.array(ZBankBranchSchema),
});
export type TBankBranchListResponse = z.infer<typeof ZBankBranchListResponseSchema>;

/** A bound card as every answer shows it: never the full account number. */
export const ZBankCardSchema = z.object({
  id: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  branchCode: z.string().nullable(),
  branchName: z.string().nullable(),
  /** `****1234`: four stars and the last four digits. */
  accountMasked: z.string(),
  holderName: z.string(),
  isDefault: z.boolean(),
  hasPassbookImage: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type TBankCard = z.infer<typeof ZBankCardSchema>;
export const ZBankCardResponseSchema = z.object({ card: ZBankCardSchema });
export type TBankCardResponse = z.infer<typeof ZBankCardResponseSchema>;
export const ZBankCardListResponseSchema = z.object({ cards: z.array(ZBankCardSchema) });
export type TBankCardListResponse = z.infer<typeof ZBankCardListResponseSchema>;

/**
 * POST /api/v3/bindCard/bind — adds a card. The holder name must equal the verified name
 * of step 1; the branch is required when the bank has a branch list. The first card
 * becomes the default. `passbookImageKey`: optional passbook-cover photo (upload/image).
 */
export const ZBindCardRequestSchema = z.object({
  bankCode: ZBankCodeSchema,
  branchCode: ZBankBranchCodeSchema.optional(),
  accountNumber: ZBankAccountNumberSchema,
  holderName: z.string().trim().min(1, BANK_HOLDER_NAME_REQUIRED).max(50, BANK_HOLDER_NAME_REQUIRED),
  passbookImageKey: ZImageKeySchema.optional(),
});
export type TBindCardRequest = z.input<typeof ZBindCardRequestSchema>;

/** POST /api/v3/bindCard/list — the caller's cards, the default first, then oldest first. */
// Request: ZEmptyRequestSchema (common.ts).

/** POST /api/v3/bindCard/img — sets (or replaces) the passbook-cover photo of one own card. */
export const ZBindCardImageRequestSchema = z.object({ cardId: ZBankCardIdSchema, imageKey: ZImageKeySchema });
export type TBindCardImageRequest = z.input<typeof ZBindCardImageRequestSchema>;

/** POST /api/v3/update/bank — makes one own card the default; answers the whole list. */
export const ZUpdateDefaultBankRequestSchema = z.object({ cardId: ZBankCardIdSchema });
export type TUpdateDefaultBankRequest = z.input<typeof ZUpdateDefaultBankRequestSchema>;

/**
 * POST /api/v3/update/branchBank — changes the branch of one own card (same rules as
 * bind: a branch of that card's bank; null only for a bank without a branch list).
 */
export const ZUpdateBranchBankRequestSchema = z.object({
  cardId: ZBankCardIdSchema,
  branchCode: ZBankBranchCodeSchema.nullable(),
});
export type TUpdateBranchBankRequest = z.input<typeof ZUpdateBranchBankRequestSchema>;
