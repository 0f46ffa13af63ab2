import { endpoint } from '../endpoint.ts';
import { PATHS } from '../paths.ts';
import { ZEmptyRequestSchema, ZOkResponseSchema } from '../schemas/common.ts';
import {
  ZCheckTipsResponseSchema,
  ZContractAddRequestSchema,
  ZContractAddResponseSchema,
  ZLoanApplyRequestSchema,
  ZLoanApplyResponseSchema,
  ZLoanCancelRequestSchema,
  ZLoanConfirmRequestSchema,
  ZLoanInitResponseSchema,
  ZLoanInitSingleRequestSchema,
  ZLoanInitSingleResponseSchema,
  ZOrderStateResponseSchema,
  ZQuoteRequestSchema,
  ZQuoteResponseSchema,
  ZViewContractRequestSchema,
} from '../schemas/loans.ts';

export type { Endpoint, RequestOf, ResponseOf } from '../endpoint.ts';

/** Loans: quotes, the application, the contract. Part of ENDPOINTS (endpoints.ts); the web imports this group alone (decision 0159). */
export const LOAN_ENDPOINTS = {
  loanCommonAdjust: endpoint(PATHS.loanCommonAdjust, ZQuoteRequestSchema, ZQuoteResponseSchema),
  loanInitV31: endpoint(PATHS.loanInitV31, ZEmptyRequestSchema, ZLoanInitResponseSchema),
  loanInit: endpoint(PATHS.loanInit, ZLoanInitSingleRequestSchema, ZLoanInitSingleResponseSchema),
  loanCheckTips: endpoint(PATHS.loanCheckTips, ZQuoteRequestSchema, ZCheckTipsResponseSchema),
  loanApply: endpoint(PATHS.loanApply, ZLoanApplyRequestSchema, ZLoanApplyResponseSchema),
  loanConfirm: endpoint(PATHS.loanConfirm, ZLoanConfirmRequestSchema, ZOrderStateResponseSchema),
  loanCancel: endpoint(PATHS.loanCancel, ZLoanCancelRequestSchema, ZOrderStateResponseSchema),
  contractAdd: endpoint(PATHS.contractAdd, ZContractAddRequestSchema, ZContractAddResponseSchema),
  /** Answers raw HTML (or a PDF with format 'pdf'); `response` is unused. */
  viewContract: endpoint(PATHS.viewContract, ZViewContractRequestSchema, ZOkResponseSchema),
} as const;
