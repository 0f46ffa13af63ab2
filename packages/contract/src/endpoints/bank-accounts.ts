import { endpoint } from '../endpoint.ts';
import { PATHS } from '../paths.ts';
import {
  ZBankBranchListRequestSchema,
  ZBankBranchListResponseSchema,
  ZBankCardListResponseSchema,
  ZBankCardResponseSchema,
  ZBankListRequestSchema,
  ZBankListResponseSchema,
  ZBindCardImageRequestSchema,
  ZBindCardRequestSchema,
  ZUpdateBranchBankRequestSchema,
  ZUpdateDefaultBankRequestSchema,
} from '../schemas/bank-accounts.ts';
import { ZEmptyRequestSchema } from '../schemas/common.ts';

export type { Endpoint, RequestOf, ResponseOf } from '../endpoint.ts';

/** Bank accounts (onboarding step 4). Part of ENDPOINTS (endpoints.ts); the web imports this group alone (decision 0159). */
export const BANK_ACCOUNT_ENDPOINTS = {
  bankList: endpoint(PATHS.bankList, ZBankListRequestSchema, ZBankListResponseSchema),
  bankBranchList: endpoint(PATHS.bankBranchList, ZBankBranchListRequestSchema, ZBankBranchListResponseSchema),
  bindCardBind: endpoint(PATHS.bindCardBind, ZBindCardRequestSchema, ZBankCardResponseSchema),
  bindCardList: endpoint(PATHS.bindCardList, ZEmptyRequestSchema, ZBankCardListResponseSchema),
  bindCardImg: endpoint(PATHS.bindCardImg, ZBindCardImageRequestSchema, ZBankCardResponseSchema),
  updateBank: endpoint(PATHS.updateBank, ZUpdateDefaultBankRequestSchema, ZBankCardListResponseSchema),
  updateBranchBank: endpoint(PATHS.updateBranchBank, ZUpdateBranchBankRequestSchema, ZBankCardResponseSchema),
} as const;
